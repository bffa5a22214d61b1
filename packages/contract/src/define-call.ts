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
  query?: ZodMiniType;
  body?: ZodMiniType;
  bodyType?: "json" | "multipart";
  /** The `data` of the success envelope. */
  response: ZodMiniType;
  /**
   * json: the `{ code, data }` envelope; image: raw image bytes; redirect: a 302; empty: a 204;
   * events: a Server-Sent Events stream whose events each carry the envelope.
   */
  responseType?: "json" | "image" | "redirect" | "empty" | "events";
  /**
   * Honours an `Idempotency-Key` header: the same key and body get the first answer again; the same
   * key with another body is refused with 422.
   */
  idempotent?: boolean;
  /** Only mounted while demo mode is on. */
  demo?: boolean;
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
