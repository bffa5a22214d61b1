import { calls, defineCall } from "@paxelbox/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  ApiError,
  buildUrl,
  createApiClient,
  errorMessage,
  isConnectionError,
  requestTimeoutMs,
  toFormData,
} from "./api-client";

interface Sent {
  url: string;
  init: RequestInit;
}

/** A stub `fetch` that records what it got and answers with `respond`. */
function stubFetch(respond: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const entry = { url: String(input), init: init ?? {} };
    sent.push(entry);
    return respond(entry);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const user = {
  email: "sari@example.com",
  first_name: "Sari",
  last_name: "Dewi",
  member_code: "M-2",
  phone: "0811",
  language: "en",
};

afterEach(() => {
  vi.useRealTimers();
});

describe("buildUrl", () => {
  it("fills path placeholders and appends the query", () => {
    expect(buildUrl("", calls.orderDetail, { orderid: 12 })).toBe("/api/v1/box/express/info/12/paid");
    expect(
      buildUrl("https://api.example/", calls.boxLocationDetail, { boxId: 3 }, { "rent-availability": "0" }),
    ).toBe("https://api.example/api/v1/box/lockers/detail/3?rent-availability=0");
    expect(buildUrl("", calls.validateUser, undefined, { token: "a b&c" })).toBe(
      "/api/webview/v1/members/auth?token=a+b%26c",
    );
  });

  it("encodes path values and leaves out empty query values", () => {
    expect(buildUrl("", calls.shortLink, { code: "a/b" })).toBe("/api/v1/shortlinks/a%2Fb");
    expect(buildUrl("", calls.banners, undefined, { language: "en", limit: undefined })).toBe(
      "/api/v1/content/banners?language=en",
    );
  });

  it("fails loudly on a missing path parameter", () => {
    expect(() => buildUrl("", calls.orderDetail, {})).toThrow(/orderid/);
  });
});

describe("request", () => {
  it("returns the envelope's data, parsed with the call's schema", async () => {
    const { fetch, sent } = stubFetch(() => json(200, { code: 200, data: user }));
    const client = createApiClient({ baseUrl: "http://api.test", fetch, getToken: () => "stored" });
    const result = await client.request(calls.validateUser, { query: { token: "demo-token-sari" } });
    expect(result).toEqual(user);
    expect(sent[0]?.url).toBe("http://api.test/api/webview/v1/members/auth?token=demo-token-sari");
    expect(sent[0]?.init.method).toBe("GET");
    // auth "none": no bearer header even with a stored token.
    expect(new Headers(sent[0]?.init.headers).get("authorization")).toBeNull();
  });

  it("sends the stored token as bearer for bearer calls, or the one given", async () => {
    const { fetch, sent } = stubFetch(() => json(200, { code: 200, data: { total_overdue_fee: 1 } }));
    const client = createApiClient({ baseUrl: "", fetch, getToken: () => "stored-token" });
    await client.request(calls.overdueCalculation, { params: { orderid: 5 } }).catch(() => undefined);
    await client
      .request(calls.overdueCalculation, { params: { orderid: 5 }, token: "given" })
      .catch(() => undefined);
    await client
      .request(calls.overdueCalculation, { params: { orderid: 5 }, token: null })
      .catch(() => undefined);
    expect(new Headers(sent[0]?.init.headers).get("authorization")).toBe("Bearer stored-token");
    expect(new Headers(sent[1]?.init.headers).get("authorization")).toBe("Bearer given");
    expect(new Headers(sent[2]?.init.headers).get("authorization")).toBeNull();
  });

  it("sends JSON bodies", async () => {
    const { fetch, sent } = stubFetch(() =>
      json(200, { code: 200, data: { temporaryQrcode: "QR", expiresAt: 1 } }),
    );
    const client = createApiClient({ baseUrl: "", fetch, getToken: () => null });
    const result = await client.request(calls.temporaryQr, { body: { expressNumber: "PXB-1" } });
    expect(result).toEqual({ temporaryQrcode: "QR", expiresAt: 1 });
    expect(sent[0]?.init.method).toBe("POST");
    expect(new Headers(sent[0]?.init.headers).get("content-type")).toBe("application/json");
    expect(sent[0]?.init.body).toBe(JSON.stringify({ expressNumber: "PXB-1" }));
  });

  it("sends an Idempotency-Key header only when given one", async () => {
    const { fetch, sent } = stubFetch(() =>
      json(200, { code: 200, data: { temporaryQrcode: "QR", expiresAt: 1 } }),
    );
    const client = createApiClient({ baseUrl: "", fetch, getToken: () => null });
    await client.request(calls.temporaryQr, { body: { expressNumber: "PXB-1" }, idempotencyKey: "press-1" });
    await client.request(calls.temporaryQr, { body: { expressNumber: "PXB-1" } });
    expect(new Headers(sent[0]?.init.headers).get("idempotency-key")).toBe("press-1");
    expect(new Headers(sent[1]?.init.headers).get("idempotency-key")).toBeNull();
  });

  it("sends multipart bodies as FormData", async () => {
    const { fetch, sent } = stubFetch(() => json(200, { code: 200, data: { white_papers: [] } }));
    const client = createApiClient({ baseUrl: "", fetch });
    await client.request(calls.sendGuestBook, {
      body: {
        sender_name: "Budi",
        sender_contact: "081234567890",
        sender_email: "budi@example.com",
        requested_value: "paxelbox_locker",
        message: "Halo",
        token: "captcha",
      },
    });
    const body = sent[0]?.init.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get("sender_email")).toBe("budi@example.com");
    // The browser sets the multipart boundary itself.
    expect(new Headers(sent[0]?.init.headers).get("content-type")).toBeNull();
  });

  it("returns image responses as a Blob", async () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    const { fetch } = stubFetch(
      () => new Response(png, { status: 200, headers: { "content-type": "image/png" } }),
    );
    const client = createApiClient({ baseUrl: "", fetch });
    const blob = await client.requestImage(calls.barcodeImage, {
      params: { product: "paxel", barcodeId: "B1" },
    });
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);
    await expect(client.requestImage(calls.settings, {} as never)).rejects.toThrow(TypeError);
  });

  it("throws ApiError with the server's message on an error status", async () => {
    const { fetch } = stubFetch(() => json(401, { code: 401, message: "Token tidak valid" }));
    const client = createApiClient({ baseUrl: "", fetch });
    const error = await client.request(calls.validateUser, { query: { token: "nope" } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 401, message: "Token tidak valid", kind: "http" });
    expect(errorMessage(error, "fallback")).toBe("Token tidak valid");
  });

  it("keeps the server's Retry-After of a refusal as it was sent", async () => {
    const refusal = (retryAfter?: string) =>
      new Response(JSON.stringify({ code: 429, message: "Terlalu banyak permintaan." }), {
        status: 429,
        headers: { "content-type": "application/json", ...(retryAfter ? { "retry-after": retryAfter } : {}) },
      });
    const refusedWith = async (retryAfter?: string) => {
      const { fetch } = stubFetch(() => refusal(retryAfter));
      const client = createApiClient({ baseUrl: "", fetch });
      return client.request(calls.validateUser, { query: { token: "nope" } }).catch((e) => e);
    };
    expect(await refusedWith("42")).toMatchObject({ status: 429, retryAfter: "42" });
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect((await refusedWith(inAMinute)).retryAfter).toBe(inAMinute);
    expect((await refusedWith()).retryAfter).toBeUndefined();
  });

  it("maps an error status without a usable body", async () => {
    const { fetch } = stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    const client = createApiClient({ baseUrl: "", fetch });
    const error = await client.request(calls.settings, {}).catch((e) => e);
    expect(error).toMatchObject({ status: 502, code: 502, serverMessage: undefined, kind: "http" });
    expect(errorMessage(error, "fallback")).toBe("fallback");
  });

  it("treats a 200 whose body carries another code as a failure", async () => {
    const { fetch } = stubFetch(() => json(200, { code: 500, message: "Gagal" }));
    const client = createApiClient({ baseUrl: "", fetch });
    await expect(client.request(calls.settings, {})).rejects.toMatchObject({
      status: 200,
      code: 500,
      message: "Gagal",
    });
  });

  it("rejects a success body that does not match the contract", async () => {
    const { fetch } = stubFetch(() => json(200, { code: 200, data: { email: 1 } }));
    const client = createApiClient({ baseUrl: "", fetch });
    await expect(client.request(calls.validateUser, { query: { token: "t" } })).rejects.toMatchObject({
      kind: "invalid-response",
    });
  });

  it("maps network failures", async () => {
    const { fetch } = stubFetch(() => {
      throw new TypeError("fetch failed");
    });
    const client = createApiClient({ baseUrl: "", fetch });
    await expect(client.request(calls.settings, {})).rejects.toMatchObject({ kind: "network", status: 0 });
  });

  it("times out after 60 seconds", async () => {
    vi.useFakeTimers();
    expect(requestTimeoutMs).toBe(60_000);
    const { fetch } = stubFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const client = createApiClient({ baseUrl: "", fetch });
    const pending = client.request(calls.settings, {}).catch((e) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: "timeout", code: 408 });
  });

  it("passes a caller's abort through untouched", async () => {
    const { fetch } = stubFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const client = createApiClient({ baseUrl: "", fetch });
    const controller = new AbortController();
    const pending = client.request(calls.settings, { signal: controller.signal }).catch((e) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("reads the base URL lazily", async () => {
    let base = "http://one.test";
    const { fetch, sent } = stubFetch(() => json(200, { code: 200, data: null }));
    const ping = defineCall({
      id: "ping",
      method: "GET",
      path: "/ping",
      summary: "",
      tag: "t",
      auth: "none",
      response: z.null(),
    });
    const client = createApiClient({ baseUrl: () => base, fetch });
    await client.request(ping, {});
    base = "http://two.test";
    await client.request(ping, {});
    expect(sent.map((s) => s.url)).toEqual(["http://one.test/ping", "http://two.test/ping"]);
  });
});

describe("toFormData", () => {
  it("keeps files, stringifies scalars, JSON-encodes objects, leaves out nulls", () => {
    const file = new Blob(["x"], { type: "text/plain" });
    const form = toFormData({ a: "1", b: 2, c: true, d: { e: 1 }, f: null, g: undefined, file });
    expect(form.get("a")).toBe("1");
    expect(form.get("b")).toBe("2");
    expect(form.get("c")).toBe("true");
    expect(form.get("d")).toBe('{"e":1}');
    expect(form.has("f")).toBe(false);
    expect(form.has("g")).toBe(false);
    expect(form.get("file")).toBeInstanceOf(Blob);
  });
});

describe("isConnectionError", () => {
  it("treats only lost connections as offline, not refusals", () => {
    const base = { status: 0, code: 0, message: "x", callId: "orderDetail" } as const;
    expect(isConnectionError(new ApiError({ ...base, kind: "network" }))).toBe(true);
    expect(isConnectionError(new ApiError({ ...base, kind: "timeout" }))).toBe(true);
    expect(isConnectionError(new ApiError({ ...base, status: 403, code: 403, kind: "http" }))).toBe(false);
    // "Not now" on the way or from the API (a restart, the database briefly out): asked again.
    for (const status of [502, 503, 504]) {
      expect(isConnectionError(new ApiError({ ...base, status, code: status, kind: "http" }))).toBe(true);
    }
    for (const status of [500, 501, 429, 409]) {
      expect(isConnectionError(new ApiError({ ...base, status, code: status, kind: "http" }))).toBe(false);
    }
    expect(isConnectionError(new Error("x"))).toBe(false);
  });
});
