import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  hash,
  type KeyObject,
  sign,
  verify,
} from "node:crypto";
import { sameSignature } from "./signature.ts";

/**
 * The signatures of SNAP BI (Bank Indonesia's Standar Nasional Open API Pembayaran):
 * - B2B access token, asymmetric: SHA256withRSA(partner private key, `clientKey|X-TIMESTAMP`);
 * - transaction calls, symmetric: HMAC-SHA512(client secret,
 *   `METHOD:relativePath:accessToken:lowercase(hex(SHA-256(minified body))):X-TIMESTAMP`);
 * - the bank's notifications, asymmetric: SHA256withRSA(bank private key,
 *   `METHOD:relativePath:lowercase(hex(SHA-256(minified body))):X-TIMESTAMP`).
 * All base64. The body is hashed exactly as sent, so a receiver must hash the raw bytes it got.
 */

/** How far X-TIMESTAMP may be from the receiver's clock: a replayed request older than this is refused. */
const snapTimestampWindowMs = 5 * 60_000;

/** X-TIMESTAMP as SNAP writes it: ISO-8601 in Jakarta time, `2024-08-01T07:07:21+07:00`. */
export function snapTimestamp(date: Date = new Date()): string {
  const jakarta = new Date(date.getTime() + 7 * 3_600_000);
  return `${jakarta.toISOString().slice(0, 19)}+07:00`;
}

/** `yyyy-MM-ddTHH:mm:ss[.SSS]TZD` (TZD: `Z` or `±hh:mm`); anything else is not an X-TIMESTAMP. */
const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A SNAP date-time field (`validUpTo`…) as ms since the epoch, or NaN: it must be ISO-8601 with a
 * zone, as X-TIMESTAMP, and name a real time (no 30 February, no 24:00).
 */
export function parseSnapDateTime(text: string): number {
  const match = timestampPattern.exec(text);
  const time = match ? Date.parse(text) : Number.NaN;
  if (!match || Number.isNaN(time)) return Number.NaN;
  const zone = match[2] === "Z" ? "+00:00" : (match[2] ?? "");
  const offsetMs =
    (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4))) * 60_000;
  // Date.parse rolls 30 February over into March: written back in its zone, the time must read the same.
  return new Date(time + offsetMs).toISOString().slice(0, 19) === text.slice(0, 19) ? time : Number.NaN;
}

/**
 * Why an X-TIMESTAMP is refused, or null when it is acceptable: it must be ISO-8601 with a zone and
 * lie within ±5 minutes of `now`.
 */
export function snapTimestampProblem(
  timestamp: string,
  now: number = Date.now(),
): "format" | "window" | null {
  const time = timestampPattern.test(timestamp) ? Date.parse(timestamp) : Number.NaN;
  if (Number.isNaN(time)) return "format";
  return Math.abs(now - time) > snapTimestampWindowMs ? "window" : null;
}

/** Lowercase hex SHA-256 of the body as sent (the adapter and the bank send minified JSON). */
function bodyDigest(body: string): string {
  return hash("sha256", body, "hex");
}

type Key = string | KeyObject;
const privateKey = (key: Key) => (typeof key === "string" ? createPrivateKey(key) : key);
const publicKey = (key: Key) => (typeof key === "string" ? createPublicKey(key) : key);

function rsaSign(key: Key, text: string): string {
  return sign("sha256", Buffer.from(text), privateKey(key)).toString("base64");
}

function rsaVerify(key: Key, text: string, signature: string | undefined): boolean {
  if (!signature) return false;
  try {
    return verify("sha256", Buffer.from(text), publicKey(key), Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

/** X-SIGNATURE of the B2B access-token request. */
export function accessTokenSignature(partnerPrivateKey: Key, clientKey: string, timestamp: string): string {
  return rsaSign(partnerPrivateKey, `${clientKey}|${timestamp}`);
}

export function verifyAccessTokenSignature(
  partnerPublicKey: Key,
  clientKey: string,
  timestamp: string,
  signature: string | undefined,
): boolean {
  return rsaVerify(partnerPublicKey, `${clientKey}|${timestamp}`, signature);
}

export interface SignedCall {
  method: string;
  /** The URL's path as the receiver sees it, with any base path (`/demo/snap/v1.0/debit/status`). */
  path: string;
  body: string;
  timestamp: string;
}

/** X-SIGNATURE of a transaction call (after the access token). */
export function transactionSignature(
  clientSecret: string,
  call: SignedCall & { accessToken: string },
): string {
  return createHmac("sha512", clientSecret)
    .update(
      `${call.method.toUpperCase()}:${call.path}:${call.accessToken}:${bodyDigest(call.body)}:${call.timestamp}`,
    )
    .digest("base64");
}

export function verifyTransactionSignature(
  clientSecret: string,
  call: SignedCall & { accessToken: string },
  signature: string | undefined,
): boolean {
  return sameSignature(transactionSignature(clientSecret, call), signature);
}

const notificationText = (call: SignedCall) =>
  `${call.method.toUpperCase()}:${call.path}:${bodyDigest(call.body)}:${call.timestamp}`;

/** X-SIGNATURE of a notification the bank posts to the merchant. */
export function notificationSignature(gatewayPrivateKey: Key, call: SignedCall): string {
  return rsaSign(gatewayPrivateKey, notificationText(call));
}

export interface SnapNotificationCheck {
  method: string;
  /** The path the notification was posted to, as this server received it. */
  path: string;
  /** The body exactly as received. */
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  publicKeyPem: string;
  now?: number;
}

/**
 * Checks a SNAP notification: the bank's RSA signature over the exact body, and an X-TIMESTAMP
 * within ±5 minutes (a captured notification cannot be replayed later). Answers true, or the reason
 * it is refused.
 */
export function verifySnapNotification(check: SnapNotificationCheck): true | string {
  const { timestamp } = check;
  if (!timestamp) return "X-TIMESTAMP is missing";
  const problem = snapTimestampProblem(timestamp, check.now);
  if (problem === "format") return "X-TIMESTAMP is not an ISO-8601 time with a zone";
  if (problem === "window") return "X-TIMESTAMP is more than 5 minutes from now";
  const signed = rsaVerify(
    check.publicKeyPem,
    notificationText({ method: check.method, path: check.path, body: check.rawBody, timestamp }),
    check.signature,
  );
  return signed || "X-SIGNATURE does not match the notification";
}
