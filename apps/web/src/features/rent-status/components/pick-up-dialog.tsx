import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { useT } from "../../../lib/i18n/i18n";
import styles from "./rent-status.module.css";

interface PickUpDialogProps {
  open: boolean;
  onClose: () => void;
  onOpenLocker: () => void;
  onStopRent: () => void;
  /** A temporary QR request is in flight: Open Locker does nothing more. */
  opening: boolean;
  /** Why Open Locker did not work, when it did not (`null` otherwise). */
  openFailure: string | null;
}

/** The pick-up modal (spec §4): Open Locker (keep renting) or Stop Rent (take everything, finish). */
export function PickUpDialog({
  open,
  onClose,
  onOpenLocker,
  onStopRent,
  opening,
  openFailure,
}: PickUpDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t("rent.inStore.dialogTitle")}
      testId="pick-up-dialog"
      actions={
        <>
          <Button
            block
            onClick={onOpenLocker}
            aria-disabled={opening || undefined}
            data-testid="open-locker"
            data-busy={opening || undefined}
          >
            {opening ? t("rent.inStore.opening") : t("rent.inStore.openLocker")}
          </Button>
          <Button block variant="secondary" onClick={onStopRent} disabled={opening} data-testid="stop-rent">
            {t("rent.inStore.stopRent")}
          </Button>
          <Button block variant="ghost" onClick={onClose}>
            {t("rent.inStore.notNow")}
          </Button>
        </>
      }
    >
      <p className={styles.dialogText}>{t("rent.inStore.dialogText")}</p>
      {openFailure ? (
        <p className={styles.inlineError} role="alert" data-testid="open-locker-failed">
          {openFailure}
        </p>
      ) : null}
    </Dialog>
  );
}
