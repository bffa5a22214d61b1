import { exitOnStartUpError, StartUpError } from "@paxelbox/contract/start-up";
import closeWithGrace from "close-with-grace";
import { shutdownDeadlineMs } from "./plugins/shutdown.ts";
import { startTelemetry } from "./telemetry/traces.ts";

// Without either variable the mode would be NODE_ENV's default, the demo: its sandboxes and the
// demo members' published tokens, on what may be a deployment that forgot to say it is one.
if (!process.env.APP_ENV && !process.env.NODE_ENV) {
  exitOnStartUpError(
    new StartUpError(
      "Invalid API configuration: neither APP_ENV nor NODE_ENV is set: set APP_ENV=production for a deployment, or APP_ENV=development for the demo",
    ),
  );
}

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
