/**
 * The error every failed API call throws (see `api-client.ts`). Kept apart from the client so
 * code that only inspects errors does not pull the contract's schemas into its bundle.
 */

export type ApiErrorKind = "http" | "network" | "timeout" | "invalid-response";

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status (0 when no response arrived). */
  readonly status: number;
  /** `code` of the response body, else the HTTP status (0 without a response). */
  readonly code: number;
  /** The server's own message, when it sent one: show it to people as it is. */
  readonly serverMessage: string | undefined;
  /** `data` of the error body, when the server sent one (e.g. `{ reason: "captcha" }`). */
  readonly data: unknown;
  /** The key of the server's message in its catalogue, when it sent one (`idempotencyKeyRunning`). */
  readonly key: string | undefined;
  readonly kind: ApiErrorKind;
  readonly callId: string;
  /**
   * The server's `Retry-After` as it sent it (seconds or a date), when it gave one (every 429 of the
   * API does); checked where it is passed on (`refuse`).
   */
  readonly retryAfter: string | undefined;

  constructor(init: {
    status: number;
    code: number;
    message: string;
    serverMessage?: string;
    data?: unknown;
    key?: string;
    kind: ApiErrorKind;
    callId: string;
    retryAfter?: string;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.data = init.data;
    this.key = init.key;
    this.kind = init.kind;
    this.callId = init.callId;
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Message to show people for a failed call: the server's own, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * A call unanswered (no signal, the connection dropped, timed out), or answered "not now" by the
 * way to the API or the API itself (502, 503, 504: an instance restarting, the database briefly
 * out): not a refusal of the server, and it may or may not have reached it. Screens keep their
 * last data and ask again, as without signal.
 */
export function isConnectionError(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.kind === "network" || error.kind === "timeout" || (error.status >= 502 && error.status <= 504))
  );
}
