import { type ReactNode, useEffect, useId, useRef } from "react";
import styles from "./dialog.module.css";

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
}

/**
 * Accessible modal on the native `<dialog>`: `showModal()` makes the rest of the page inert
 * (focus stays inside), Escape closes, and focus returns to what had it before opening.
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
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => {
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target?.isConnected) target.focus();
    };
    dialog.addEventListener("close", onNativeClose);
    return () => dialog.removeEventListener("close", onNativeClose);
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      data-tone={tone}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className={styles.panel}>
          {icon ? <div className={styles.icon}>{icon}</div> : null}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children ? (
            <div id={bodyId} className={styles.body}>
              {children}
            </div>
          ) : null}
          <div className={styles.actions}>{actions}</div>
        </div>
      ) : null}
    </dialog>
  );
}
