import { calls, redactQuery } from "@paxelbox/contract";
import type { FastifyRequest } from "fastify";
import { stdSerializers } from "pino";

/**
 * Query parameters that carry a credential: member and order-link tokens, payment access tokens,
 * and the verify token of the WhatsApp webhook's handshake (WHATSAPP_VERIFY_TOKEN), which Meta sends
 * in the address.
 */
export const secretQueryParameters = ["token", "access_token", "hub.verify_token"] as const;
/**
 * Query parameters that carry something of a person: the locker finder's position (`lat`, `lng`),
 * which the browser or the app measured where the visitor stands. Hidden in logs and traces like a
 * credential, since the line also holds the visitor's address.
 */
export const personalQueryParameters = ["lat", "lng"] as const;
const secretNames = new Set<string>([...secretQueryParameters, ...personalQueryParameters]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A call's path whose segment `name` is a credential, absolute (traces) or not: the rest of the
 * path, its other variables included, stays as written.
 */
function secretSegment(path: string, name: string): RegExp {
  const [before = "", after = ""] = path.split(`{${name}}`);
  const pattern = (text: string) => escapeRegExp(text).replace(/\\\{[^}]+\\\}/g, "[^/?#]+");
  return new RegExp(
    `^((?:[a-z][a-z0-9+.-]*://[^/?#]*)?${pattern(before)})[^/?#]+(${pattern(after)}/?)$`,
    "i",
  );
}

/**
 * A payment's return address (spec §7): its id hands out the order link's token while the payer is
 * coming back, and more people than the payer know it.
 */
const paymentReturnPath = secretSegment(calls.paymentReturn.path, "paymentId");
/** A pick-up QR's picture: its id hands out the code that opens the parcel's door. */
const barcodeImagePath = secretSegment(calls.barcodeImage.path, "barcodeId");

/** Decoded as the server reads it; a broken escape stays as written (a log line never throws). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The path with its credential hidden when it is `secretPath`, read as written or decoded (the
 * router decodes it); null for any other path. Every logged request passes here: decoded only when
 * needed.
 */
function redactedPath(path: string, secretPath: RegExp): string | null {
  const redacted = (candidate: string) =>
    secretPath.test(candidate) ? candidate.replace(secretPath, "$1[redacted]$2") : null;
  return redacted(path) ?? redacted(decoded(path));
}

/**
 * The address with every credential in its query replaced, for logs; a payment's return also hides
 * its id, in its path and in the `order_id` Midtrans appends to it, and a pick-up QR's picture its id.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const fragmentAt = url.indexOf("#", Math.max(queryAt, 0));
  const pathEnd = queryAt >= 0 ? queryAt : fragmentAt >= 0 ? fragmentAt : url.length;
  const rawPath = url.slice(0, pathEnd);
  const returnPath = redactedPath(rawPath, paymentReturnPath);
  const paymentReturn = returnPath !== null;
  const path = returnPath ?? redactedPath(rawPath, barcodeImagePath) ?? rawPath;
  if (queryAt < 0) return path + url.slice(pathEnd);
  const queryEnd = fragmentAt >= 0 ? fragmentAt : url.length;
  const query = redactQuery(
    url.slice(queryAt + 1, queryEnd),
    (name) => secretNames.has(name) || (paymentReturn && name === "order_id"),
  );
  return `${path}?${query}${url.slice(queryEnd)}`;
}

/** Fastify's request log fields, with the address redacted (tokens in queries never reach log stores). */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fields of a database driver's error that carry the values of the statement: PGlite's `params`
 * (every parameter: names, phone numbers, e-mail addresses, token hashes, a package photo's bytes)
 * and `queryOptions`, and PostgreSQL's `detail` ("Key (…)=(…) already exists", "Failing row contains
 * (…)"). The SQL, its error code, constraint, table and column stay: they say what failed.
 */
const valueFields = ["params", "parameters", "queryOptions", "detail"] as const;

type SerializedError = ReturnType<typeof stdSerializers.err> & Record<string, unknown>;

function withoutValues(error: SerializedError): SerializedError {
  for (const field of valueFields) delete error[field];
  for (const [key, value] of Object.entries(error)) {
    // Errors inside it (aggregated ones, or held under a key of their own) are serialized alike.
    if (key === "aggregateErrors" && Array.isArray(value)) {
      error[key] = value.map((item) => (item && typeof item === "object" ? withoutValues(item) : item));
    } else if (value && typeof value === "object" && "type" in value && "stack" in value) {
      error[key] = withoutValues(value as SerializedError);
    }
  }
  return error;
}

/** pino's error fields, without the values a database error carries (log stores never hold them). */
export function errorLogFields(error: Error): SerializedError {
  const serialized = stdSerializers.err(error) as SerializedError;
  return typeof serialized === "object" && serialized !== null ? withoutValues(serialized) : serialized;
}

/** An e-mail address, as a mail server's reply quotes it (`<sari@example.id>`). */
const emailAddress = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+\.[a-z]{2,}/gi;
/** A phone number as providers write it: 9 to 15 digits, `+` or not (never a status code or error number). */
const phoneNumber = /\+?(?<!\d)\d{9,15}(?!\d)/g;

/**
 * A provider's answer with the addresses and phone numbers it quotes replaced, for logs: a mail
 * server refusing a mailbox names it ("550 5.1.1 <…>: Recipient address rejected").
 */
export function withoutContacts(text: string): string {
  return text.replace(emailAddress, "[e-mail]").replace(phoneNumber, "[phone]");
}
