import { ApiError } from "../src/lib/http/api-error";

/** The API refusing a call with `status`, its message (if any) and a `Retry-After`, for unit tests. */
export function testApiRefusal(status: number, serverMessage?: string, retryAfter?: string): ApiError {
  return new ApiError({
    status,
    code: status,
    message: serverMessage ?? `HTTP ${status}`,
    serverMessage,
    kind: "http",
    callId: "x",
    retryAfter,
  });
}
