import type { TKey } from "../i18n/i18n";

/**
 * A tiny store of small confirmations ('Berhasil disalin'). Anything may call `showToast`;
 * the `<Toaster>` component renders the current one and removes it after its duration.
 */

export const toastDurationMs = 3000;

export interface Toast {
  id: number;
  /** Translation key of the message. */
  messageKey: TKey;
  durationMs: number;
}

type Listener = () => void;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(messageKey: TKey, durationMs = toastDurationMs): Toast {
  const toast: Toast = { id: nextId++, messageKey, durationMs };
  current = toast;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => dismissToast(toast.id), durationMs);
  emit();
  return toast;
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  if (timer) clearTimeout(timer);
  timer = undefined;
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): Toast | null {
  return current;
}
