import { useSyncExternalStore } from "react";
import { useT } from "../lib/i18n/i18n";
import { currentToast, subscribeToasts } from "../lib/ui/toast";
import { CheckCircleIcon } from "./icons";
import styles from "./toaster.module.css";

/** Shows the current toast ('Berhasil disalin', 3 s) in a polite live region. */
export function Toaster() {
  const { t } = useT();
  const toast = useSyncExternalStore(subscribeToasts, currentToast, () => null);
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
      {toast ? (
        <div key={toast.id} className={styles.toast} data-testid="toast">
          <CheckCircleIcon size={20} />
          <span>{t(toast.messageKey)}</span>
        </div>
      ) : null}
    </div>
  );
}
