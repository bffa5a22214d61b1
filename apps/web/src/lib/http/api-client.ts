import { ApiErrorBody, type CallDef, envelope, fillPath } from "@paxelbox/contract";
import type * as z from "zod/mini";
import { getRuntimeConfig } from "../../config/runtime-config";
import { storage } from "../offline/storage";
import { ApiError } from "./api-error";

export { ApiError, type ApiErrorKind, errorMessage, isApiError, isConnectionError } from "./api-error";

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
  /** Aborts every call of this client (a page's render on the server: its visitor has gone). */
  signal?: AbortSignal;
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

function errorFromBody(status: number, body: unknown, callId: string, retryAfter?: string): ApiError {
  const parsed = ApiErrorBody.safeParse(body);
  const serverMessage = parsed.success && parsed.data.message.trim() ? parsed.data.message : undefined;
  return new ApiError({
    status,
    code: parsed.success ? parsed.data.code : status,
    message: serverMessage ?? `HTTP ${status} from ${callId}`,
    serverMessage,
    data: parsed.success ? parsed.data.data : undefined,
    key: parsed.success ? parsed.data.key : undefined,
    kind: "http",
    callId,
    retryAfter,
  });
}

const acceptOf: Partial<Record<NonNullable<CallDef["responseType"]>, string>> = {
  image: "image/*",
  events: "text/event-stream",
};

/**
 * `data` of a `{ code, data }` envelope, checked with the call's own schema: the body of an answer,
 * or of one event of a stream. An envelope carrying another code is a failure reported the old
 * way; anything else is an `invalid-response` error.
 */
export function answerOf<C extends CallDef>(call: C, json: unknown, status = 200): z.output<C["response"]> {
  const result = envelopeOf(call.response).safeParse(json);
  if (result.success) return (result.data as { data: z.output<C["response"]> }).data;
  const failure = ApiErrorBody.safeParse(json);
  if (failure.success && failure.data.code !== 200) throw errorFromBody(status, json, call.id);
  throw new ApiError({
    status,
    code: status,
    message: `Unexpected response from ${call.id}: ${result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join(".")} ${issue.message}`)
      .join("; ")}`,
    kind: "invalid-response",
    callId: call.id,
    cause: result.error,
  });
}

function defaultBaseUrl(): string {
  return getRuntimeConfig()?.apiBaseUrl ?? "";
}

export function createApiClient(options: ApiClientOptions = {}) {
  const timeoutMs = options.timeoutMs ?? requestTimeoutMs;
  const getToken = options.getToken ?? (() => storage.get("user_token"));

  /**
   * Sends `call` and hands its answer, once it is ok, to `read`. A refusal becomes an `ApiError`
   * with the server's message; so does a timeout (over the whole exchange, or over the answer's
   * head alone with `streaming`) and a lost connection. A caller's abort passes through untouched.
   */
  async function exchange<C extends CallDef, T>(
    call: C,
    opts: RequestOptions<C>,
    read: (response: Response) => Promise<T>,
    { streaming = false }: { streaming?: boolean } = {},
  ): Promise<T> {
    const baseUrl =
      typeof options.baseUrl === "function" ? options.baseUrl() : (options.baseUrl ?? defaultBaseUrl());
    const url = buildUrl(
      baseUrl,
      call,
      opts.params as Record<string, unknown> | undefined,
      opts.query as Record<string, unknown> | undefined,
    );

    const headers = new Headers({
      accept: acceptOf[call.responseType ?? "json"] ?? "application/json",
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
    const callerSignal =
      opts.signal && options.signal
        ? AbortSignal.any([opts.signal, options.signal])
        : (opts.signal ?? options.signal);
    const onCallerAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) onCallerAbort();
    else callerSignal?.addEventListener("abort", onCallerAbort, { once: true });

    const doFetch = options.fetch ?? globalThis.fetch;
    try {
      const response = await doFetch(url, { method: call.method, headers, body, signal: controller.signal });
      if (streaming) clearTimeout(timer);
      if (!response.ok) {
        const retryAfter = response.headers.get("retry-after") ?? undefined;
        throw errorFromBody(response.status, await readJson(response), call.id, retryAfter);
      }
      return await read(response);
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
      // The caller cancelled (e.g. TanStack Query), or the page's visitor left: the abort as it is.
      if (callerSignal?.aborted) throw error;
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
      callerSignal?.removeEventListener("abort", onCallerAbort);
    }
  }

  async function request<C extends CallDef>(call: C, opts: RequestOptions<C>): Promise<CallData<C>> {
    return exchange(call, opts, async (response) => {
      if (call.responseType === "image") return (await response.blob()) as CallData<C>;
      return answerOf(call, await readJson(response), response.status) as CallData<C>;
    });
  }

  /**
   * A call that answers with a stream (`responseType: "events"`): `read` takes the open answer
   * and resolves when it is done with it; the timeout covers the answer's head only.
   */
  function stream<C extends CallDef, T>(
    call: C,
    opts: RequestOptions<C>,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    if (call.responseType !== "events") throw new TypeError(`${call.id} is not a stream`);
    return exchange(call, opts, read, { streaming: true });
  }

  /** An image call (QR, barcode) as a Blob. */
  async function requestImage<C extends CallDef>(call: C, opts: RequestOptions<C>): Promise<Blob> {
    if (call.responseType !== "image") throw new TypeError(`${call.id} is not an image call`);
    return request(call, opts) as Promise<Blob>;
  }

  return { request, requestImage, stream };
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
