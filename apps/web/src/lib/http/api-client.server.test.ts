import { calls } from "@paxelbox/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseWebEnv } from "../../config/env";
import { clientAddressHeader } from "../security/csp";
import { pageApiClient, pageCallTimeoutMs, serverApiClient, visitorHeaders } from "./api-client.server";

const secret = "the-secret-the-web-server-shares-with-the-api";

const config = parseWebEnv({ API_INTERNAL_URL: "http://api.internal:3001", INTERNAL_API_SECRET: secret });

/** A page's request as the web server hands it to the loaders, with what the visitor sent too. */
const pageRequest = (headers: Record<string, string>) =>
  new Request("https://box.example/o/abc", { headers });

describe("the visitor's address on the loaders' API calls", () => {
  it("is the one the web server set, with the shared secret; nothing without either", () => {
    const request = pageRequest({ [clientAddressHeader]: "203.0.113.5" });
    expect(visitorHeaders(request, secret)).toEqual({
      "x-paxelbox-client-address": "203.0.113.5",
      "x-paxelbox-internal-secret": secret,
    });
    expect(visitorHeaders(request, undefined)).toEqual({});
    expect(visitorHeaders(pageRequest({}), secret)).toEqual({});
    expect(visitorHeaders(undefined, secret)).toEqual({});
  });

  it("goes to the API set, never appended to or taken from what the visitor sent", async () => {
    const sent: Headers[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new Headers(init?.headers));
        return Response.json({ code: 200, data: { url: "https://example.com" } });
      }),
    );
    const request = pageRequest({
      // Set by the web server over the visitor's own copy (server/app.ts).
      [clientAddressHeader]: "203.0.113.5",
      // What a visitor may write, none of which reaches the API.
      "x-forwarded-for": "198.51.100.1",
      "x-paxelbox-internal-secret": "a-guess",
      "x-paxelbox-client-address-extra": "198.51.100.2",
      "accept-language": "en",
    });
    await serverApiClient(config, null, request).request(calls.shortLink, { params: { code: "abc" } });
    const [headers] = sent;
    expect(vi.mocked(fetch).mock.calls[0]?.[0].toString()).toMatch(/^http:\/\/api\.internal:3001\//);
    expect(headers?.get("x-paxelbox-client-address")).toBe("203.0.113.5");
    expect(headers?.get("x-paxelbox-internal-secret")).toBe(secret);
    expect(headers?.get("x-forwarded-for")).toBeNull();
    expect(headers?.get("x-paxelbox-client-address-extra")).toBeNull();
    expect(headers?.get("accept-language")).toBe("en");

    // The page's own language, when given, over the browser's.
    await serverApiClient(config, null, request, "id").request(calls.shortLink, { params: { code: "abc" } });
    expect(sent[1]?.get("accept-language")).toBe("id");
  });
});

describe("a page's own calls on the server", () => {
  /** An API that never answers (its answer is given up when the call is aborted). */
  function hangingApi() {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          }),
      ),
    );
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("are given up after a few seconds, not the browser's minute", async () => {
    vi.useFakeTimers();
    hangingApi();
    const call = pageApiClient(config, pageRequest({}))
      .request(calls.shortLink, { params: { code: "abc" } })
      .catch((error: unknown) => error);
    expect(pageCallTimeoutMs).toBeLessThanOrEqual(10_000);
    await vi.advanceTimersByTimeAsync(pageCallTimeoutMs);
    expect(await call).toMatchObject({ kind: "timeout" });
  });

  it("are given up when the visitor leaves", async () => {
    hangingApi();
    const left = new AbortController();
    const request = new Request("https://box.example/o/abc", { signal: left.signal });
    const call = pageApiClient(config, request)
      .request(calls.shortLink, { params: { code: "abc" } })
      .catch((error: unknown) => error);
    left.abort();
    expect(await call).toMatchObject({ name: "AbortError" });
  });
});
