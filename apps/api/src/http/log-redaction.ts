import { calls } from "@paxelbox/contract";
import type { FastifyRequest } from "fastify";

/** Query parameters that carry a credential: member and order-link tokens, payment access tokens. */
export const secretQueryParameters = ["token", "access_token"] as const;
const secretNames = new Set<string>(secretQueryParameters);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const [returnBefore = "", returnAfter = ""] = calls.paymentReturn.path.split("{paymentId}");
/**
 * A payment's return address (spec §7): its id hands out the order link's token while the payer is
 * coming back, and more people than the payer know it. Absolute (traces) or not.
 */
const paymentReturnPath = new RegExp(
  `^((?:[a-z][a-z0-9+.-]*://[^/?#]*)?${escapeRegExp(returnBefore)})[^/?#]+(${escapeRegExp(returnAfter)}/?)$`,
  "i",
);

/** Decoded as the server reads it; a broken escape stays as written (a log line never throws). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A payment return's path with its id hidden, read as written or decoded (the router decodes it);
 * null for any other path. Every logged request passes here: decoded only when needed.
 */
function redactedReturnPath(path: string): string | null {
  const redacted = (candidate: string) =>
    paymentReturnPath.test(candidate) ? candidate.replace(paymentReturnPath, "$1[redacted]$2") : null;
  return redacted(path) ?? redacted(decoded(path));
}

/**
 * The address with every credential in its query replaced, for logs; a payment's return also hides
 * its id, in its path and in the `order_id` Midtrans appends to it.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const fragmentAt = url.indexOf("#", Math.max(queryAt, 0));
  const pathEnd = queryAt >= 0 ? queryAt : fragmentAt >= 0 ? fragmentAt : url.length;
  const rawPath = url.slice(0, pathEnd);
  const returnPath = redactedReturnPath(rawPath);
  const paymentReturn = returnPath !== null;
  const path = returnPath ?? rawPath;
  if (queryAt < 0) return path + url.slice(pathEnd);
  const queryEnd = fragmentAt >= 0 ? fragmentAt : url.length;
  const query = url
    .slice(queryAt + 1, queryEnd)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      // Named as the server reads it: `%74oken` is `token`.
      const plain = decoded(name.replace(/\+/g, " ")).toLowerCase();
      const secret = secretNames.has(plain) || (paymentReturn && plain === "order_id");
      return secret ? `${name}=[redacted]` : pair;
    })
    .join("&");
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
