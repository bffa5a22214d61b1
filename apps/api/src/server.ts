import { exitOnStartUpError } from "@paxelbox/contract/start-up";
import closeWithGrace from "close-with-grace";
import { shutdownDeadlineMs } from "./plugins/shutdown.ts";
import { startTelemetry } from "./telemetry/traces.ts";

// Traces first: the HTTP server and Fastify must be created after the instrumentation is in place.
const stopTelemetry = await startTelemetry();
const { buildApp, loadConfig, serveMetrics } = await import("./app.ts");

// A setting that stops the start is told in one line, the variable named.
const app = await (async () => {
  const config = loadConfig();
  const app = await buildApp(config, { logger: true });
  if (stopTelemetry) app.addHook("onClose", stopTelemetry);
  await serveMetrics(app, config.metrics);
  await app.listen(config.listen);
  return app;
})().catch(exitOnStartUpError);

// SIGTERM or SIGINT: stop listening and finish the requests in flight while the background jobs (the
// notification worker, the reconciliation job) stop, then close the database; after the deadline the
// process exits anyway (docs/operations.md).
closeWithGrace({ delay: shutdownDeadlineMs, logger: app.log }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, "stopping after an uncaught error");
  else app.log.info({ signal }, "shutting down");
  await app.close();
});
