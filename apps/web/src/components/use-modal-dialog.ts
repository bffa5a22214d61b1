import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef } from "react";

const tabbableSelector =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(tabbableSelector)].filter(
    (element) =>
      element.tabIndex >= 0 && !element.matches(":disabled") && element.getClientRects().length > 0,
  );
}

/**
 * A native `<dialog>` as a modal: `showModal()` while `open` (the page behind becomes inert), the
 * focus on its control marked `data-autofocus` (else its first control), Tab
 * and Shift+Tab go round inside it instead of leaving for the browser's own controls, and when it
 * closes the focus goes back to what had it before (the opener), if that is still on the page and
 * can take it, else to `returnFocusTo`'s element.
 * Escape is the dialog's `cancel` event; its handler decides (see `onCancel` of the callers).
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement | null>,
  open: boolean,
  /** Where the focus goes when its opener lost it meanwhile (a button disabled while it worked). */
  returnFocusTo?: () => HTMLElement | null,
) {
  const fallback = useRef(returnFocusTo);
  fallback.current = returnFocusTo;
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The control marked to take the focus first (`data-autofocus`: the safe choice of a
      // destructive question); else the browser's own choice, the first control. React's
      // `autoFocus` cannot do it: it runs as the content mounts, before the dialog is shown.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, ref]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => {
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target?.isConnected && target !== document.body && !target.matches(":disabled")) target.focus();
      else fallback.current?.()?.focus();
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, [ref]);

  /** Keeps Tab inside the dialog: from the last control to the first and back. */
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDialogElement>) => {
      const dialog = ref.current;
      if (event.key !== "Tab" || !dialog) return;
      const items = tabbables(dialog);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      const inside = active instanceof HTMLElement && dialog.contains(active) && active !== dialog;
      if (event.shiftKey && (!inside || active === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    },
    [ref],
  );

  return { onKeyDown };
}
