/**
 * The web server as `server/start.ts` runs it alone, for the tests that send it real signals
 * (`server/standalone.test.ts`): the same probes and signal handling (`serveStandalone`) around a
 * stand-in web app (no web build needed) whose one page waits for the API at API_INTERNAL_URL, as
 * a page's loader does. Logs JSON lines, `Server listening at <url>` once it serves.
 */
import Fastify from "fastify";
import { serveStandalone } from "../server/standalone.ts";

const api = process.env.API_INTERNAL_URL ?? "";
// As `buildWebServer` builds it: requests on connections still open during the drain are served.
const app = Fastify({ logger: true, return503OnClosing: false });
app.get("/*", async (request, reply) => {
  const answer = await fetch(new URL(`/api/v1/page-data?path=${encodeURIComponent(request.url)}`, api));
  const data = (await answer.json()) as { data: string };
  return reply.type("text/html").send(`<!doctype html><title>page</title><p>${data.data}</p></html>`);
});
await serveStandalone(app, { port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? "127.0.0.1" });
