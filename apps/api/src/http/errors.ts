/** A failure the client caused or may act on; its message reaches the client as `{ code, message }`. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Machine-readable detail for the client, sent as `data` (e.g. `{ reason: "captcha" }`). */
  readonly data: Record<string, unknown> | undefined;
  constructor(statusCode: number, message: string, data?: Record<string, unknown>) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.data = data;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const notImplemented = (message = "not implemented yet") => new HttpError(501, message);
