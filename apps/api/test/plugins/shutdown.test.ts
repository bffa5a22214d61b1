import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerShutdown } from "../../src/plugins/shutdown.ts";

/**
 * Background jobs stop alongside the HTTP drain, not before it, and within the shutdown's bound:
 * the work in flight is aborted, and a job that does not stop even then is left behind.
 */
describe("the shutdown's background jobs", () => {
  it("are stopped while the requests in flight finish, aborted at the bound, given up after it", async () => {
    const app = Fastify();
    registerShutdown(app, { abortMs: 200, giveUpMs: 600 });
    const events: string[] = [];
    app.get("/slow", async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push("request answered");
      return { ok: true };
    });
    app.addHook("onClose", async () => {
      await app.shutdown.jobsStopped();
      events.push("jobs stopped");
    });
    // A job that stops once aborted, and one that never stops.
    app.shutdown.stopOnShutdown(async (abort) => {
      events.push("job told to stop");
      await new Promise((resolve) => abort.addEventListener("abort", resolve, { once: true }));
      events.push("job aborted");
    });
    app.shutdown.stopOnShutdown(() => new Promise(() => {}));
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });

    const request = fetch(`${origin}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const began = Date.now();
    await app.close();
    expect((await request).status).toBe(200);
    expect(Date.now() - began).toBeLessThan(1_500);
    expect(events).toEqual(["job told to stop", "job aborted", "request answered", "jobs stopped"]);
  });
});
