import { randomBytes } from "node:crypto";

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** `count` characters of `alphabet`, each equally likely. */
function randomChars(count: number, random: (n: number) => Uint8Array): string {
  // 252 is the largest multiple of 36 below 256: rejecting higher bytes keeps every character equally likely.
  let result = "";
  while (result.length < count) {
    for (const byte of random(count * 2)) {
      if (byte >= 252) continue;
      result += alphabet[byte % alphabet.length];
      if (result.length === count) break;
    }
  }
  return result;
}

/** A drop-off overdue fee's invoice number (spec §9): `INV-DOL-XXXXXX-XXXX`. */
export function generateInvoiceNumber(random: (n: number) => Uint8Array = randomBytes): string {
  return `INV-DOL-${randomChars(6, random)}-${randomChars(4, random)}`;
}
