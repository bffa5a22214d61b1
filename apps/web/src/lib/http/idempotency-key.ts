/**
 * A fresh `Idempotency-Key` for one press of a Pay button: the payment calls answer a repeat of
 * the same press (a retried request) with their first answer instead of opening a second checkout.
 * `crypto.randomUUID` exists only on HTTPS and localhost; elsewhere 128 random bits in hex.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}
