import { hash, randomBytes } from "node:crypto";

/** Tokens are kept only as SHA-256 hashes, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Random text from an unambiguous alphabet (no 0/O, 1/I): codes people may read aloud. */
export function randomCode(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/** A URL-safe secret with 192 bits of entropy. */
export function randomSecret(): string {
  return randomBytes(24).toString("base64url");
}
