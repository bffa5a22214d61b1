import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { ErrorDialog } from "../../../components/error-dialog";
import { PageTitle } from "../../../components/page-title";
import { useT } from "../../../lib/i18n/i18n";
import { storage } from "../../../lib/offline/storage";
import { useHydrated } from "../../../lib/ssr/use-hydrated";
import { useBoxLocation } from "../api/box-location";
import { useKeptPackage } from "../hooks/use-kept-package";
import { isSent, type PackageAnswer, type PackageQrState, usePackageQr } from "../hooks/use-package-qr";
import { PackageForm } from "./package-form";
import { PackageQr } from "./package-qr";
import styles from "./package-screen.module.css";

interface PackageScreenProps {
  boxId: number;
  lockerName: string | null;
  /** The Idempotency-Key of this page's form (see the route's loader). */
  sendKey: string;
  /** The form's post answered by the route's action, if it was posted. */
  answer: PackageAnswer | undefined;
}

/** Drop-off package form titled Data Package: the form on the left, the QR on the right (spec §2). */
export function PackageScreen({ boxId, lockerName, sendKey, answer: posted }: PackageScreenProps) {
  const { t } = useT();
  const navigation = useNavigation();
  // From the press until its answer (and the page's data after it) is in: the form's own post.
  const sending = navigation.formMethod?.toUpperCase() === "POST";
  const postedQr = usePackageQr(posted, sending);
  // The parcel this page registered before it was reloaded: its QR at once, its form locked.
  const kept = useKeptPackage(boxId, posted);
  const answer = posted ?? kept ?? undefined;
  const qr: PackageQrState =
    kept && !posted && !sending ? { status: "generated", image: kept.qr, size: kept.size } : postedQr;
  const qrRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLElement>(null);
  const live = useHydrated();
  const title = t("dropOff.package.title");
  const location = useBoxLocation(boxId, !lockerName);
  const shownName = lockerName ?? location.data?.locker_location ?? "";
  const refused = isSent(answer) ? undefined : answer;
  // The send failed (the API refused it, or could not be reached): 'Oops...' until dismissed.
  const [dismissed, setDismissed] = useState<PackageAnswer | undefined>(undefined);
  const failed = live && refused?.formError !== undefined && dismissed !== refused;

  // Bring the QR into view once it appears: on phones it sits under the form; on wide screens the
  // page stays where the submit was pressed (lower down on a long form), so the panel is scrolled
  // only as far as needed to show it whole. (A page that arrives with it focuses it: `autoFocus`.)
  useEffect(() => {
    if (qr.status !== "generated" || !live) return;
    const panel = qrRef.current;
    if (!panel || panel.contains(document.activeElement)) return;
    const phone = window.matchMedia("(max-width: 899px)").matches;
    panel.scrollIntoView({ block: phone ? "start" : "nearest" });
    panel.focus({ preventScroll: true });
  }, [qr.status, live]);

  // Spec §3's storage keys: the last QR as a base64 data URL.
  useEffect(() => {
    if (qr.status !== "generated") return;
    storage.set("bloburl", qr.image);
    storage.set("isBase64", true);
  }, [qr]);

  // A new package (the form's fresh key, without an answer) starts at the top, in its first field.
  // The form drawn anew with the answer to its post keeps the press's focus on its button, where
  // the progress shows, until the QR made takes it (the old form's button went with the old form).
  const firstKey = useRef(sendKey);
  useEffect(() => {
    if (sendKey === firstKey.current) return;
    const form = formRef.current;
    if (answer === undefined) {
      window.scrollTo({ top: 0, behavior: "auto" });
      form?.querySelector<HTMLElement>("input:not([type=hidden])")?.focus({ preventScroll: true });
    } else if (document.activeElement === document.body) {
      form?.querySelector<HTMLElement>('button[type="submit"]')?.focus({ preventScroll: true });
    }
  }, [sendKey, answer]);

  return (
    <div className={`page-width ${styles.page}`} data-testid="package-screen">
      <PageTitle title={title} />
      <header className={`stack ${styles.header}`}>
        <h1>{title}</h1>
        <p className={styles.intro}>{t("dropOff.package.intro")}</p>
      </header>
      <div className={`stack ${styles.columns}`}>
        <section ref={formRef} className={`panel ${styles.formCard}`} aria-labelledby="package-form-heading">
          <h2 className="visually-hidden" id="package-form-heading">
            {t("dropOff.package.formHeading")}
          </h2>
          {/* A fresh form (empty fields, photo, slider, messages) for each page of the form: a new
              key comes with a new package, and with a sent one (its values, locked, from the answer),
              and so does a kept one shown again. */}
          <PackageForm
            key={kept && !posted ? `kept-${sendKey}` : sendKey}
            boxId={boxId}
            lockerName={lockerName}
            sendKey={refused?.values.send_key || sendKey}
            answer={answer}
            qrStatus={qr.status}
          />
        </section>
        <PackageQr ref={qrRef} state={qr} lockerName={shownName} focusOnArrival={isSent(answer) && !live} />
      </div>
      <ErrorDialog
        open={failed}
        message={refused?.formError || t("errors.somethingWrong")}
        onClose={() => setDismissed(refused)}
      />
    </div>
  );
}
