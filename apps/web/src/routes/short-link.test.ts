import { describe, expect, it, vi } from "vitest";
import { requestContexts } from "../config/config.server";
import { parseWebEnv } from "../config/env";
import type { ApiClient } from "../lib/http/api-client";
import { ApiError } from "../lib/http/api-error";
import type { Route } from "./+types/short-link";
import { headers, loader, shortLinkRetryAfterSeconds } from "./short-link";

const lookup = vi.hoisted(() => ({
  answer: (): Promise<unknown> => Promise.resolve({}),
  requests: [] as unknown[],
}));

vi.mock("../lib/http/api-client.server", () => ({
  pageApiClient: (_config: unknown, request: Request) => {
    lookup.requests.push(request);
    return { request: () => lookup.answer() } as unknown as ApiClient;
  },
}));
vi.mock("../features/marketing/lib/seo.server", () => ({
  buildSeo: async () => null,
}));

const refused = (status: number) =>
  Promise.reject(
    new ApiError({ status, code: status, message: `HTTP ${status}`, kind: "http", callId: "shortLink" }),
  );

async function open(code: string) {
  const request = new Request(`https://box.example/o/${code}`);
  lookup.requests = [];
  const answer = (await loader({
    request,
    params: { code },
    context: requestContexts(parseWebEnv({}))(),
  } as unknown as Route.LoaderArgs)) as {
    init: ResponseInit | null;
  };
  return { request, status: answer.init?.status, headers: new Headers(answer.init?.headers) };
}

describe("short-link route", () => {
  it("looks the code up for the visitor: their request goes with the call", async () => {
    lookup.answer = () => refused(404);
    const { request, status } = await open("nope");
    expect(status).toBe(404);
    expect(lookup.requests).toEqual([request]);
  });

  it("answers 429 with Retry-After when the API refuses the lookup for now", async () => {
    lookup.answer = () => refused(429);
    const page = await open("busy");
    expect(page.status).toBe(429);
    expect(page.headers.get("retry-after")).toBe(String(shortLinkRetryAfterSeconds));
    // The page's own response carries the loader's headers.
    const sent = new Headers(headers({ loaderHeaders: page.headers } as unknown as Route.HeadersArgs));
    expect(Number(sent.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers 503 when the lookup itself failed", async () => {
    lookup.answer = () => refused(500);
    expect((await open("down")).status).toBe(503);
  });

  it("sends a target without a host to the configured site, not to the Host the request named", async () => {
    lookup.answer = () => Promise.resolve({ url: "/services#titip-paket" });
    const request = new Request("http://attacker.example/o/here", {
      headers: { host: "attacker.example", "x-forwarded-host": "attacker.example" },
    });
    const answer = await loader({
      request,
      params: { code: "here" },
      context: requestContexts(parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" }))(),
    } as unknown as Route.LoaderArgs).catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("location")).toBe("https://box.example/services#titip-paket");
  });
});
