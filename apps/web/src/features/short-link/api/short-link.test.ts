import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../../../lib/http/api-client";
import { ApiError } from "../../../lib/http/api-error";
import { resolveShortLink } from "./short-link";

function client(answer: () => Promise<unknown>): ApiClient {
  return { request: vi.fn(answer), requestImage: vi.fn() } as unknown as ApiClient;
}

function httpError(status: number, serverMessage?: string) {
  return new ApiError({
    status,
    code: status,
    message: `HTTP ${status}`,
    serverMessage,
    kind: "http",
    callId: "shortLink",
  });
}

const origin = "https://box.example";

/** The lookup of `code` when the API answers with `answer`. */
const lookup = (answer: () => Promise<unknown>, code = "x") => resolveShortLink(client(answer), code, origin);

describe("short-link lookup", () => {
  it("redirects to an http(s) target, adding a scheme when missing", async () => {
    expect(await lookup(async () => ({ url: "example.com/a" }), "app")).toEqual({
      kind: "redirect",
      target: "https://example.com/a",
    });
  });

  it("treats any other target, an unknown code and an invalid code as not found", async () => {
    const notFound = { kind: "not-found" };
    expect(await lookup(async () => ({ url: "javascript:alert(1)" }))).toEqual(notFound);
    expect(await lookup(() => Promise.reject(httpError(404, "nope")))).toEqual(notFound);
    expect(await lookup(() => Promise.reject(httpError(400)), "a b")).toEqual(notFound);
    // A code too long to be any: the API refuses its address (414) before it looks.
    expect(await lookup(() => Promise.reject(httpError(414)), "a".repeat(250))).toEqual(notFound);
  });

  it("reports a failed lookup with the server's message", async () => {
    expect(await lookup(() => Promise.reject(httpError(503, "Down for a minute")))).toEqual({
      kind: "failed",
      message: "Down for a minute",
    });
    expect(await lookup(() => Promise.reject(new TypeError("offline")))).toEqual({
      kind: "failed",
      message: null,
    });
  });
});

describe("short-link lookup refused for now", () => {
  it("is told apart from a failure", async () => {
    expect(await lookup(() => Promise.reject(httpError(429, "Too many requests")))).toEqual({
      kind: "rate-limited",
    });
  });
});
