import { useEffect } from "react";
import { AlertIcon, CheckCircleIcon } from "../../../components/icons";
import { PageTitle } from "../../../components/page-title";
import { ResultPanel } from "../../../components/ui/result-panel";
import { useT } from "../../../lib/i18n/i18n";
import { storage } from "../../../lib/offline/storage";
import { HelpLinks } from "./help-links";
import styles from "./overdue-result.module.css";

/** Forgets the overdue flow in progress (spec §2: the result pages clear it on load). */
export function clearStoredOverdue(): void {
  storage.remove("overdue");
  storage.remove("overdue_dropoff_data");
}

/** `/overduepayment/success` (parcel already taken) and `/overduepayment/expire` ('Link Kadaluwarsa'). */
export function OverdueResult({ kind }: { kind: "taken" | "expired" }) {
  const { t } = useT();
  useEffect(() => clearStoredOverdue(), []);
  const title = kind === "taken" ? t("dropOff.results.takenTitle") : t("dropOff.results.expireTitle");
  return (
    <div className={`stack ${styles.screen}`} data-testid={`overdue-result-${kind}`}>
      <PageTitle title={title} />
      {/* Spec §2: these pages are in Indonesian in either language (ADR 013). */}
      <ResultPanel
        lang="id"
        tone={kind === "taken" ? "success" : "danger"}
        icon={kind === "taken" ? <CheckCircleIcon size={36} /> : <AlertIcon size={36} />}
        title={title}
        message={kind === "taken" ? t("dropOff.results.takenLine") : t("dropOff.results.expireLine")}
      />
      <HelpLinks />
    </div>
  );
}
