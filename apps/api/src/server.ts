import closeWithGrace from "close-with-grace";
import { startTelemetry } from "./telemetry/traces.ts";

// Traces first: the HTTP server and Fastify must be created after the instrumentation is in place.
const stopTelemetry = await startTelemetry();
const { buildApp, loadConfig, serveMetrics } = await import("./app.ts");

const config = loadConfig();
const app = await buildApp(config, { logger: true });
if (stopTelemetry) app.addHook("onClose", stopTelemetry);
await serveMetrics(app, config.metrics);
await app.listen(config.listen);

// SIGTERM or SIGINT: stop listening, finish the requests in flight, stop the reconciliation job, close
// the database; after 10 s the process exits anyway (docs/operations.md).
closeWithGrace({ delay: 10_000, logger: app.log }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "stopping after an uncaught error");
  else app.log.info({ signal }, "shutting down");
  await app.close();
});
