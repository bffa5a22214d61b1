import type { ZodMiniType } from "zod/mini";

export type HttpMethod = "GET" | "POST";

/**
 * One API call: where it lives, who may make it, and the shape of what goes in and comes out.
 * `path` uses OpenAPI placeholders (`/orders/{orderid}`); `response` is the `data` of the envelope.
 */
export interface CallDef {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** none: public; bearer: the member (or order-link) token is required; optional: more data with it. */
  auth: "none" | "bearer" | "optional";
  params?: ZodMiniType;
  /**
   * A strict object (`z.strictObject`): a parameter it does not name is refused with 400, and a call
   * without `query` takes none (docs/api.md, "Unknown parameters").
   */
  query?: ZodMiniType;
  body?: ZodMiniType;
  bodyType?: "json" | "multipart";
  /** The `data` of the success envelope. */
  response: ZodMiniType;
  /**
   * json: the `{ code, data }` envelope; image: raw image bytes; redirect: a 302; empty: a 204;
   * events: a Server-Sent Events stream whose events each carry the envelope; text: the response
   * string as `text/plain`, without the envelope (a protocol that expects it, like a webhook handshake).
   */
  responseType?: "json" | "image" | "redirect" | "empty" | "events" | "text";
  /**
   * Honours an `Idempotency-Key` header: the same key and body get the first answer again; the same
   * key with another body is refused with 422.
   */
  idempotent?: boolean;
  /** Only mounted while demo mode is on. */
  demo?: boolean;
  /** The status of a redirect call's answer: 302 unless it says 303 (see other). */
  redirectStatus?: 302 | 303;
  /**
   * What else this call answers, besides its success and the statuses its shape implies
   * (`declaredStatuses`): 404 for a record it looks up, 409 for a state that refuses, 429 for its
   * rate limit, 503 for a service it needs… The OpenAPI document declares exactly these.
   */
  statuses?: readonly number[];
}

/** The status of a call's success: 200, 204 for an empty answer, 302 or 303 for a redirect. */
export function successStatus(call: CallDef): number {
  if (call.responseType === "empty") return 204;
  if (call.responseType === "redirect") return call.redirectStatus ?? 302;
  return 200;
}

/**
 * Every status a call answers (docs/api.md, "Statuses"): its success; 400 for bad input (every
 * call); 404 when its path names nothing and 414 for a path parameter longer than the router takes
 * (a call with path parameters); 413 and 415 for a body too large or of another type (POST); 401
 * without a valid token, 410 for an expired drop-off link and 429 for too many token guesses
 * (bearer); 429 for token guesses (optional); 409 while the same Idempotency-Key runs and 422 when
 * it comes again with another body (idempotent); then the call's own `statuses`. 405 (another
 * method) belongs to a path, not to an operation.
 */
export function declaredStatuses(call: CallDef): number[] {
  const statuses = new Set([successStatus(call), 400, ...(call.statuses ?? [])]);
  const add = (...more: number[]) => {
    for (const status of more) statuses.add(status);
  };
  if (call.params) add(404, 414);
  if (call.method === "POST") add(413, 415);
  if (call.auth === "bearer") add(401, 410, 429);
  if (call.auth === "optional") add(429);
  if (call.idempotent) add(409, 422);
  return [...statuses].sort((a, b) => a - b);
}

/** Declares a call, keeping its exact schemas and literals in the type. */
/* @__NO_SIDE_EFFECTS__ */
export function defineCall<const C extends CallDef>(call: C): C {
  return call;
}

/** `/a/{id}/b` → `/a/:id/b` for routers that use colon parameters. */
export function toColonPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ":$1");
}

/** Fills `{name}` placeholders, encoding each value. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
