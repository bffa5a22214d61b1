import { type ReactNode, useId, useRef } from "react";
import styles from "./dialog.module.css";
import { useModalDialog } from "./use-modal-dialog";

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Icon above the title. */
  icon?: ReactNode;
  children?: ReactNode;
  /** The action row (one clear action). */
  actions: ReactNode;
  tone?: "default" | "danger";
  testId?: string;
  /** Where the focus goes on closing when the opener lost it meanwhile (`useModalDialog`). */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * Accessible modal on the native `<dialog>` (see `useModalDialog`): the rest of the page is inert,
 * Tab goes round inside, Escape closes, and focus returns to what had it before opening.
 */
export function Dialog({
  open,
  onClose,
  title,
  icon,
  children,
  actions,
  tone = "default",
  testId,
  returnFocusTo,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { onKeyDown } = useModalDialog(ref, open, returnFocusTo);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      data-tone={tone}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className={`stack ${styles.panel}`}>
          {icon ? <div className={`circle ${styles.icon}`}>{icon}</div> : null}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children ? (
            <div id={bodyId} className={styles.body}>
              {children}
            </div>
          ) : null}
          <div className={`stack ${styles.actions}`}>{actions}</div>
        </div>
      ) : null}
    </dialog>
  );
}
