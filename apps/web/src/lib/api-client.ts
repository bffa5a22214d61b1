import { ApiErrorBody, type CallDef, envelope, fillPath } from "@paxelbox/contract";
import type * as z from "zod/mini";
import { ApiError } from "./api-error";
import { getRuntimeConfig } from "./runtime-config";
import { storage } from "./storage";

export { ApiError, type ApiErrorKind, errorMessage, isApiError } from "./api-error";

/**
 * The one door to HTTP. A call is described by the contract (`calls.x`); `request(call, …)`
 * builds its URL, sends it, checks the `{ code, data }` envelope with the call's own schema and
 * returns `data` — or throws an `ApiError` carrying the server's message. What a page sends while
 * it is being hidden, without awaiting an answer (Web Vitals), goes through `beacon.ts` beside it.
 */

export const requestTimeoutMs = 60_000;

type InputOf<S> = S extends z.ZodMiniType ? z.input<S> : never;
type Field<Name extends string, S> = [S] extends [z.ZodMiniType]
  ? { [K in Name]: InputOf<S> }
  : { [K in Name]?: undefined };

/** Options of one request: `params`, `query` and `body` are typed by the call. */
export type RequestOptions<C extends CallDef> = Field<"params", C["params"]> &
  Partial<Field<"query", C["query"]>> &
  Field<"body", C["body"]> & {
    signal?: AbortSignal;
    /** Bearer token for this request instead of the stored `user_token`. */
    token?: string | null;
    /** `Idempotency-Key` header of a call that honours it (`call.idempotent`): one per user action. */
    idempotencyKey?: string;
  };

/** What `request` resolves to: the envelope's `data`, or a Blob for image calls. */
export type CallData<C extends CallDef> = C extends { responseType: "image" }
  ? Blob
  : z.output<C["response"]>;

export interface ApiClientOptions {
  /** Base URL ("" = same origin). A function is read on every request. */
  baseUrl?: string | (() => string);
  /** Bearer token source; defaults to the stored `user_token`. */
  getToken?: () => string | null | undefined;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Headers sent with every call (the server forwards its visitor's address and language). */
  headers?: Record<string, string>;
}

type Scalar = string | number | boolean | bigint;

function isScalar(value: unknown): value is Scalar {
  return ["string", "number", "boolean", "bigint"].includes(typeof value);
}

/** `call.path` with its `{placeholders}` filled, plus the query string. */
export function buildUrl(
  baseUrl: string,
  call: Pick<CallDef, "path">,
  params?: Record<string, unknown>,
  query?: Record<string, unknown>,
): string {
  const pathParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) pathParams[key] = isScalar(value) ? String(value) : "";
  }
  const path = fillPath(call.path.startsWith("/") ? call.path : `/${call.path}`, pathParams);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isScalar(item)) search.append(key, String(item));
    } else if (isScalar(value)) {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return `${baseUrl.replace(/\/+$/, "")}${path}${text ? `?${text}` : ""}`;
}

/** A multipart form from a flat object: files stay files, objects become JSON, nulls are left out. */
export function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (isScalar(value)) form.append(key, String(value));
    else form.append(key, JSON.stringify(value));
  }
  return form;
}

const envelopes = new WeakMap<z.ZodMiniType, z.ZodMiniType>();
function envelopeOf(schema: z.ZodMiniType): z.ZodMiniType {
  let result = envelopes.get(schema);
  if (!result) {
    result = envelope(schema);
    envelopes.set(schema, result);
  }
  return result;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFromBody(status: number, body: unknown, callId: string): ApiError {
  const parsed = ApiErrorBody.safeParse(body);
  const serverMessage = parsed.success && parsed.data.message.trim() ? parsed.data.message : undefined;
  return new ApiError({
    status,
    code: parsed.success ? parsed.data.code : status,
    message: serverMessage ?? `HTTP ${status} from ${callId}`,
    serverMessage,
    data: parsed.success ? parsed.data.data : undefined,
    kind: "http",
    callId,
  });
}

function defaultBaseUrl(): string {
  return getRuntimeConfig()?.apiBaseUrl ?? "";
}

export function createApiClient(options: ApiClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? requestTimeoutMs;
  const getToken = options.getToken ?? (() => storage.get("user_token"));

  async function request<C extends CallDef>(call: C, opts: RequestOptions<C>): Promise<CallData<C>> {
    const baseUrl =
      typeof options.baseUrl === "function" ? options.baseUrl() : (options.baseUrl ?? defaultBaseUrl());
    const url = buildUrl(
      baseUrl,
      call,
      opts.params as Record<string, unknown> | undefined,
      opts.query as Record<string, unknown> | undefined,
    );

    const headers = new Headers({
      accept: call.responseType === "image" ? "image/*" : "application/json",
      // The API words its messages in the screen's language (the member's own when it knows them).
      "accept-language": typeof document === "undefined" ? "id" : document.documentElement.lang,
      ...options.headers,
    });
    if (call.auth !== "none") {
      const token = opts.token === undefined ? getToken() : opts.token;
      if (token) headers.set("authorization", `Bearer ${token}`);
    }
    if (opts.idempotencyKey) headers.set("idempotency-key", opts.idempotencyKey);
    let body: BodyInit | undefined;
    if (opts.body !== undefined && call.method !== "GET") {
      if (call.bodyType === "multipart") {
        body = toFormData(opts.body as Record<string, unknown>);
      } else {
        headers.set("content-type", "application/json");
        body = JSON.stringify(opts.body);
      }
    }

    // Our own timer (not AbortSignal.timeout) so tests can drive it with fake timers.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal?.aborted) onCallerAbort();
    else opts.signal?.addEventListener("abort", onCallerAbort, { once: true });

    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(url, { method: call.method, headers, body, signal: controller.signal });
      if (!response.ok) throw errorFromBody(response.status, await readJson(response), call.id);
      if (call.responseType === "image") return (await response.blob()) as CallData<C>;
      const json = await readJson(response);
      const result = envelopeOf(call.response).safeParse(json);
      if (result.success) return (result.data as { data: CallData<C> }).data;
      // A 200 whose body carries another code is a failure reported the old way.
      const failure = ApiErrorBody.safeParse(json);
      if (failure.success && failure.data.code !== 200) throw errorFromBody(response.status, json, call.id);
      throw new ApiError({
        status: response.status,
        code: response.status,
        message: `Unexpected response from ${call.id}: ${result.error.issues
          .slice(0, 3)
          .map((issue) => `${issue.path.join(".")} ${issue.message}`)
          .join("; ")}`,
        kind: "invalid-response",
        callId: call.id,
        cause: result.error,
      });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) {
        throw new ApiError({
          status: 0,
          code: 408,
          message: `${call.id} timed out after ${timeoutMs} ms`,
          kind: "timeout",
          callId: call.id,
          cause: error,
        });
      }
      // The caller cancelled (e.g. TanStack Query): pass the abort through untouched.
      if (opts.signal?.aborted) throw error;
      throw new ApiError({
        status: 0,
        code: 0,
        message: `${call.id} failed: network error`,
        kind: "network",
        callId: call.id,
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onCallerAbort);
    }
  }

  /** An image call (QR, barcode) as a Blob. */
  async function requestImage<C extends CallDef>(call: C, opts: RequestOptions<C>): Promise<Blob> {
    if (call.responseType !== "image") throw new TypeError(`${call.id} is not an image call`);
    return request(call, opts) as Promise<Blob>;
  }

  return { request, requestImage };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The browser's client: same-origin (or `API_BASE_URL`), bearer token from storage. The calls whose
 * answers are compared with the server's deadlines use `serverTimedApi` (`server-clock.ts`), the same
 * client reading each answer's `Date` header.
 */
export const apiClient = createApiClient();
export const request = apiClient.request;
export const requestImage = apiClient.requestImage;
