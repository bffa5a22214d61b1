import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-SHA256 of a notification body, hex: what the sandbox gateway signs its callbacks with. */
export function signBody(secret: string, body: string): string {
  return createHmac("sha256", secret).update(body).digest("hex");
}

/**
 * SNAP-style symmetric signature: HMAC-SHA512 over
 * `METHOD:PATH:lowercase(hex(SHA-256(minified body))):TIMESTAMP`, base64.
 */
export function snapSignature(
  secret: string,
  method: string,
  path: string,
  body: string,
  timestamp: string,
): string {
  const bodyHash = createHash("sha256").update(body).digest("hex").toLowerCase();
  return createHmac("sha512", secret)
    .update(`${method.toUpperCase()}:${path}:${bodyHash}:${timestamp}`)
    .digest("base64");
}

/** Constant-time comparison of two signatures. */
export function sameSignature(expected: string, received: string | undefined): boolean {
  if (!received) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}
