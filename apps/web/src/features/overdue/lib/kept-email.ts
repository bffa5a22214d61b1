import { storage } from "../../../lib/storage";

/**
 * The email typed for a drop-off before its last payment attempt, kept for the tab until the fee is
 * paid, so that a failed or cancelled payment comes back to the form with it.
 */
export function keptEmail(orderId: number): string | null {
  const kept = storage.get("overdue_email");
  return kept?.orderId === orderId ? kept.email : null;
}

export function keepEmail(orderId: number, email: string): void {
  storage.set("overdue_email", { orderId, email });
}
