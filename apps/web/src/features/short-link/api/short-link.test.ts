import { describe, expect, it, vi } from "vitest";
import type { ApiClient } from "../../../lib/api-client";
import { ApiError } from "../../../lib/api-error";
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

describe("short-link lookup", () => {
  it("redirects to an http(s) target, adding a scheme when missing", async () => {
    expect(
      await resolveShortLink(
        client(async () => ({ url: "example.com/a" })),
        "app",
        origin,
      ),
    ).toEqual({
      kind: "redirect",
      target: "https://example.com/a",
    });
  });

  it("treats any other target, an unknown code and an invalid code as not found", async () => {
    expect(
      await resolveShortLink(
        client(async () => ({ url: "javascript:alert(1)" })),
        "x",
        origin,
      ),
    ).toEqual({
      kind: "not-found",
    });
    expect(
      await resolveShortLink(
        client(() => Promise.reject(httpError(404, "nope"))),
        "x",
        origin,
      ),
    ).toEqual({
      kind: "not-found",
    });
    expect(
      await resolveShortLink(
        client(() => Promise.reject(httpError(400))),
        "a b",
        origin,
      ),
    ).toEqual({
      kind: "not-found",
    });
  });

  it("reports a failed lookup with the server's message", async () => {
    expect(
      await resolveShortLink(
        client(() => Promise.reject(httpError(503, "Down for a minute"))),
        "x",
        origin,
      ),
    ).toEqual({ kind: "failed", message: "Down for a minute" });
    expect(
      await resolveShortLink(
        client(() => Promise.reject(new TypeError("offline"))),
        "x",
        origin,
      ),
    ).toEqual({
      kind: "failed",
      message: null,
    });
  });
});
