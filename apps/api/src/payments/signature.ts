import { timingSafeEqual } from "node:crypto";

/** Constant-time comparison of two signatures. */
export function sameSignature(expected: string, received: string | undefined): boolean {
  if (!received) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}
