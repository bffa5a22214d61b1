import type { MessageKey } from "@paxelbox/contract";
import { type AnyParams, type ParamsArg, renderMessage } from "./messages.ts";

/**
 * A failure the client caused or may act on. It names a message of the catalogue (`messages.ts`)
 * and its parameters; the error handler answers `{ code, message, key }` with the text in the
 * caller's language. `message` (for logs) is the English text.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly key: MessageKey;
  readonly params: AnyParams | undefined;
  /** Machine-readable detail for the client, sent as `data` (e.g. `{ reason: "captcha" }`). */
  readonly data: Record<string, unknown> | undefined;
  constructor(statusCode: number, key: MessageKey, params?: AnyParams, data?: Record<string, unknown>) {
    super(renderMessage(key, params, "en"));
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.key = key;
    this.params = params;
    this.data = data;
  }
}

/** An error of this status with a catalogued message; its parameters are checked against the text. */
export function httpError<K extends MessageKey>(
  statusCode: number,
  key: K,
  ...params: ParamsArg<K>
): HttpError {
  return new HttpError(statusCode, key, params[0] as AnyParams | undefined);
}

export const badRequest = <K extends MessageKey>(key: K, ...params: ParamsArg<K>) =>
  httpError(400, key, ...params);
export const unauthorized = <K extends MessageKey>(key: K, ...params: ParamsArg<K>) =>
  httpError(401, key, ...params);
export const notFound = <K extends MessageKey>(key: K, ...params: ParamsArg<K>) =>
  httpError(404, key, ...params);
export const conflict = <K extends MessageKey>(key: K, ...params: ParamsArg<K>) =>
  httpError(409, key, ...params);
export const gone = <K extends MessageKey>(key: K, ...params: ParamsArg<K>) => httpError(410, key, ...params);
export const notImplemented = () => httpError(501, "notImplemented");
