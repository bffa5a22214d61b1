import { calls } from "@paxelbox/contract";
import { describe, expect, it, vi } from "vitest";
import { call, failure, ok, useApp } from "../helpers.ts";

const app = useApp();

describe("health and docs", () => {
  it("answers healthz without asking the database", async () => {
    const query = vi.spyOn(app().db, "query");
    expect(ok(calls.health, await call(app(), calls.health))).toEqual({ status: "ok" });
    expect(query).not.toHaveBeenCalled();
    query.mockRestore();
  });

  it("is ready when the database answers and has every migration", async () => {
    const ready = ok(calls.readiness, await call(app(), calls.readiness));
    expect(ready).toMatchObject({ status: "ok", database: "ok" });
    expect(ready.migration).toMatch(/^\d{4}-.+\.sql$/);
    await app().db.query("delete from schema_migrations where version = $1", [ready.migration]);
    const pending = await call(app(), calls.readiness);
    failure(pending, 503);
    expect(pending.json()).toMatchObject({ key: "migrationsPending" });
    await app().db.query("insert into schema_migrations (version) values ($1)", [ready.migration]);
    const failing = vi.spyOn(app().db, "query").mockRejectedValueOnce(new Error("connection refused"));
    failure(await call(app(), calls.readiness), 503);
    failing.mockRestore();
    ok(calls.readiness, await call(app(), calls.readiness));
  });

  it("is not ready when the database takes longer than a probe waits", async () => {
    // Every connection held, or a server that hangs: the query never answers.
    const hung = vi.spyOn(app().db, "query").mockImplementation(() => new Promise(() => {}));
    try {
      // Answered (at `readinessTimeoutMs`), where it used to wait for ever.
      const response = await call(app(), calls.readiness);
      failure(response, 503);
      expect(response.json()).toMatchObject({ key: "databaseUnavailable" });
    } finally {
      hung.mockRestore();
    }
    ok(calls.readiness, await call(app(), calls.readiness));
  });

  it("serves the OpenAPI document with every call and a docs page", async () => {
    const response = await app().inject("/api/openapi.json");
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toBe("3.1.0");
    for (const def of Object.values(calls)) expect(document.paths[def.path], def.id).toBeDefined();
    const docs = await app().inject("/api/docs");
    expect([200, 302]).toContain(docs.statusCode);
    // The reference page is framed by nobody, as docs/security.md promises.
    const page = await app().inject("/api/docs/");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(page.headers["content-security-policy"]).not.toMatch(/frame-ancestors 'self'/);
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

  // Last: the instance stays in shutdown.
  it("is not ready once shutdown began, and asks every client to close its connection", async () => {
    app().shutdown.begin();
    const response = await call(app(), calls.readiness);
    failure(response, 503);
    expect(response.json()).toMatchObject({ key: "shuttingDown" });
    expect(response.headers["retry-after"]).toBe("1");
    expect(response.headers.connection).toBe("close");
    const alive = await call(app(), calls.health);
    expect(alive.statusCode).toBe(200);
    expect(alive.headers.connection).toBe("close");
  });
});
