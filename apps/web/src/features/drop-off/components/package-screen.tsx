import { useEffect, useRef } from "react";
import { ErrorDialog } from "../../../components/error-dialog";
import { Spinner } from "../../../components/loaders";
import { PageTitle } from "../../../components/page-title";
import { errorMessage } from "../../../lib/api-error";
import { useT } from "../../../lib/i18n";
import { useBoxLocation } from "../api/box-location";
import { usePackageQr } from "../hooks/use-package-qr";
import { loadPackageFormSchema } from "../lib/package-form";
import { PackageForm } from "./package-form";
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
  const title = t("dropOff.package.title");
  const location = useBoxLocation(boxId, !lockerName);
  const shownName = lockerName ?? location.data?.locker_location ?? "";

  // The form's schema loads right after the page shows (it is not needed to show the form).
  useEffect(() => {
    void loadPackageFormSchema();
  }, []);

  // On phones the QR sits under the form: bring it into view once it appears.
  useEffect(() => {
    if (qr.state.status !== "generated") return;
    const panel = qrRef.current;
    if (!panel) return;
    if (window.matchMedia("(max-width: 899px)").matches) panel.scrollIntoView({ block: "start" });
    panel.focus({ preventScroll: true });
  }, [qr.state.status]);

  return (
    <div className={styles.page} data-testid="package-screen">
      <PageTitle title={title} />
      <header className={styles.header}>
        <h1>{title}</h1>
        <p className={styles.intro}>{t("dropOff.package.intro")}</p>
        {qr.state.status === "generating" ? (
          // On phones the QR sits under the form, out of sight after the submit's scroll to the top.
          <p className={styles.progress} data-testid="package-progress">
            <Spinner size={18} /> {t("dropOff.package.qr.generating")}
          </p>
        ) : null}
      </header>
      <div className={styles.columns}>
        <section className={styles.formCard} aria-label={t("dropOff.package.formHeading")}>
          <PackageForm
            boxId={boxId}
            lockerName={lockerName}
            sending={qr.state.status === "generating"}
            onSend={(body) => void qr.generate(body)}
          />
        </section>
        <PackageQr ref={qrRef} state={qr.state} lockerName={shownName} />
      </div>
      <ErrorDialog
        open={qr.error !== null}
        message={errorMessage(qr.error, t("errors.somethingWrong"))}
        onClose={qr.dismissError}
      />
    </div>
  );
}
