import { useT } from "../lib/i18n/i18n";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { AlertIcon } from "./icons";

interface ErrorDialogProps {
  open: boolean;
  /** The server's message, as it is; without one the translated 'something wrong' text. */
  message?: string | null;
  onClose: () => void;
  /** Label of the one action (default OK). */
  actionLabel?: string;
  /** Where the focus goes on closing when the opener lost it meanwhile (see `Dialog`). */
  returnFocusTo?: () => HTMLElement | null;
}

/** The spec's 'Oops...' error dialog (spec §8). */
export function ErrorDialog({ open, message, onClose, actionLabel, returnFocusTo }: ErrorDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      tone="danger"
      icon={<AlertIcon size={28} />}
      title={t("errors.oops")}
      testId="error-dialog"
      returnFocusTo={returnFocusTo}
      actions={
        <Button block onClick={onClose} data-autofocus>
          {actionLabel ?? t("errors.ok")}
        </Button>
      }
    >
      <p>{message || t("errors.somethingWrong")}</p>
    </Dialog>
  );
}
