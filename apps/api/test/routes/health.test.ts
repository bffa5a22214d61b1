import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { call, failure, ok, useApp } from "../helpers.ts";

const app = useApp();

describe("health and docs", () => {
  it("answers healthz when the database answers", async () => {
    expect(ok(calls.health, await call(app(), calls.health))).toEqual({ status: "ok", database: "ok" });
  });

  it("serves the OpenAPI document with every call and a docs page", async () => {
    const response = await app().inject("/api/openapi.json");
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toBe("3.1.0");
    for (const def of Object.values(calls)) expect(document.paths[def.path], def.id).toBeDefined();
    const docs = await app().inject("/api/docs");
    expect([200, 302]).toContain(docs.statusCode);
  });

  it("answers unknown API routes, malformed JSON and huge bodies with { code, message }", async () => {
    const english = { "accept-language": "en" };
    expect(failure(await app().inject({ url: "/api/v1/nothing-here", headers: english }), 404)).toMatch(
      /No such API route/,
    );
    expect(failure(await app().inject("/api/v1/nothing-here"), 404)).toMatch(/Rute API ini tidak ada/);
    const malformed = await app().inject({
      method: "POST",
      url: calls.cancelRent.path,
      payload: "{not json",
      headers: { "content-type": "application/json", authorization: "Bearer demo-token-budi", ...english },
    });
    expect(failure(malformed, 400)).toMatch(/not valid JSON/);
    const huge = await app().inject({
      method: "POST",
      url: calls.temporaryQr.path,
      payload: JSON.stringify({ expressNumber: "x".repeat(5 * 1024 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    failure(huge, 413);
  });
});
