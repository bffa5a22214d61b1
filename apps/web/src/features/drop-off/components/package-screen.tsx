import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ErrorDialog } from "../../../components/error-dialog";
import { PageTitle } from "../../../components/page-title";
import { errorMessage } from "../../../lib/http/api-error";
import { useT } from "../../../lib/i18n/i18n";
import { boxLocationQueryOptions, useBoxLocation } from "../api/box-location";
import { lockerSizesQueryOptions } from "../api/locker-sizes";
import { usePackageQr } from "../hooks/use-package-qr";
import { PackageFormOnUse, packageFormCode } from "./package-form-on-use";
import { PackageQr } from "./package-qr";
import styles from "./package-screen.module.css";

interface PackageScreenProps {
  boxId: number;
  lockerName: string | null;
}

/** Drop-off package form titled Data Package: the form on the left, the QR on the right (spec §2). */
export function PackageScreen({ boxId, lockerName }: PackageScreenProps) {
  const { t } = useT();
  const qr = usePackageQr();
  const qrRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLElement>(null);
  // Each new package gets a fresh form (a new key): empty fields, photo, slider and messages.
  const [packageNumber, setPackageNumber] = useState(0);
  const title = t("dropOff.package.title");
  const location = useBoxLocation(boxId, !lockerName);
  const shownName = lockerName ?? location.data?.locker_location ?? "";

  // The server's copy of the form waits for the courier's first use only when it shows what the
  // form needs: the door sizes and the locker's name. Where the server could not fill them in
  // (the API slow or down), the form's code loads at once to ask for them.
  const queries = useQueryClient();
  const [filledIn] = useState(
    () =>
      queries.getQueryState(lockerSizesQueryOptions(boxId).queryKey)?.status === "success" &&
      (lockerName !== null ||
        queries.getQueryState(boxLocationQueryOptions(boxId).queryKey)?.status === "success"),
  );
  useEffect(() => {
    if (!filledIn) void packageFormCode.load().catch(() => undefined);
  }, [filledIn]);

  // Bring the QR into view once it appears: on phones it sits under the form; on wide screens the
  // page stays where the submit was pressed (lower down on a long form), so the panel is scrolled
  // only as far as needed to show it whole.
  useEffect(() => {
    if (qr.state.status !== "generated") return;
    const panel = qrRef.current;
    if (!panel) return;
    const phone = window.matchMedia("(max-width: 899px)").matches;
    panel.scrollIntoView({ block: phone ? "start" : "nearest" });
    panel.focus({ preventScroll: true });
  }, [qr.state.status]);

  // A new package starts at the top, with the focus in its first field.
  useEffect(() => {
    if (packageNumber === 0) return;
    window.scrollTo({ top: 0, behavior: "auto" });
    formRef.current?.querySelector<HTMLElement>("input:not([type=hidden])")?.focus({ preventScroll: true });
  }, [packageNumber]);

  const startNewPackage = () => {
    qr.reset();
    setPackageNumber((number) => number + 1);
  };

  return (
    <div className={styles.page} data-testid="package-screen">
      <PageTitle title={title} />
      <header className={styles.header}>
        <h1>{title}</h1>
        <p className={styles.intro}>{t("dropOff.package.intro")}</p>
      </header>
      <div className={styles.columns}>
        <section ref={formRef} className={styles.formCard} aria-label={t("dropOff.package.formHeading")}>
          <PackageFormOnUse
            key={packageNumber}
            fallback={null}
            boxId={boxId}
            lockerName={lockerName}
            qrStatus={qr.state.status}
            onSend={(body) => void qr.generate(body)}
          />
        </section>
        <PackageQr ref={qrRef} state={qr.state} lockerName={shownName} onNewPackage={startNewPackage} />
      </div>
      <ErrorDialog
        open={qr.error !== null}
        message={errorMessage(qr.error, t("errors.somethingWrong"))}
        onClose={qr.dismissError}
      />
    </div>
  );
}
