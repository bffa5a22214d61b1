import fastifyMultipart from "@fastify/multipart";
import { fastifySSE } from "@fastify/sse";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ApiConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { seedIfEmpty } from "./db/seed/index.ts";
import { traced } from "./db/traced.ts";
import { createRateLimiter, type RateLimiter } from "./domain/rate-limit.ts";
import { loggerOptions, RequestLog, requestLogger } from "./http/request-log.ts";
import { kioskRoutes } from "./kiosk/routes.ts";
import { paymentGateways } from "./payments/gateways.ts";
import { sandboxRoutes } from "./payments/sandbox/routes.ts";
import { startReconciliation } from "./payments/service.ts";
import { registerAuth } from "./plugins/auth.ts";
import { registerErrorHandler, rejectNulCharacters, sendMessage } from "./plugins/error-handler.ts";
import { createMetrics, type Metrics, registerMetrics } from "./plugins/metrics.ts";
import { registerSecurity } from "./plugins/security.ts";
import { registerShutdown } from "./plugins/shutdown.ts";
import { contentRoutes } from "./routes/content.ts";
import { demoRoutes } from "./routes/demo.ts";
import { docsRoutes } from "./routes/docs.ts";
import { dropOffRoutes } from "./routes/drop-off.ts";
import { guestBookRoutes } from "./routes/guest-book.ts";
import { healthRoutes } from "./routes/health.ts";
import { lockerRoutes } from "./routes/lockers.ts";
import { memberRoutes } from "./routes/members.ts";
import { orderRoutes } from "./routes/orders.ts";
import { paymentRoutes } from "./routes/payments.ts";
import { webVitalsRoutes } from "./routes/web-vitals.ts";
import { whitePaperRoutes } from "./routes/white-papers.ts";

export { type ApiConfig, loadConfig } from "./config.ts";
export { type MetricsServer, serveMetrics } from "./plugins/metrics.ts";

export interface BuildOptions {
  logger?: boolean;
  /** Log (at the configured level) to this stream instead of standard output (tests read the lines). */
  logStream?: { write(line: string): void };
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
}

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    rateLimiter: RateLimiter;
    metrics: Metrics;
  }
}

/** Builds the locker API: opens the database, applies migrations, seeds an empty one, mounts every call. */
export async function buildApp(config: ApiConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger || options.logStream ? loggerOptions(config, options.logStream) : false,
    logController: new RequestLog(),
    childLoggerFactory: requestLogger,
    bodyLimit: 4 * 1024 * 1024,
    // Behind a load balancer every proxy is trusted; otherwise only this machine's web server, whose
    // loaders forward their visitor's address (rate limits count per visitor).
    trustProxy: config.trustProxy ? true : ["127.0.0.1", "::1"],
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify raises before routing (bad or too long URLs) get the same `{ code, message }`.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      sendMessage(request as FastifyRequest, reply as FastifyReply, status, "addressInvalid");
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerShutdown(app);
  registerErrorHandler(app);
  rejectNulCharacters(app);
  // JSON and multipart only: any other content type is answered 415.
  app.removeContentTypeParser("text/plain");

  const metrics = createMetrics();
  const db =
    options.database ??
    traced(
      await openDatabase({
        databaseUrl: config.databaseUrl,
        poolSize: config.databasePoolSize,
        dataDir: config.dataDir,
        observer: metrics.databaseObserver,
      }),
    );
  app.decorate("db", db);
  registerMetrics(app, metrics, db);
  app.decorate("rateLimiter", createRateLimiter(db, config.rateLimitFactor, metrics));
  app.addHook("preClose", async () => app.rateLimiter.flush());
  if (!options.database) app.addHook("onClose", () => db.close());
  await migrate(db);
  await seedIfEmpty(db);

  registerAuth(app, db);
  await registerSecurity(app, { corsOrigins: config.corsOrigins });
  await app.register(fastifySSE);

  healthRoutes(app, db);
  memberRoutes(app, db);
  orderRoutes(app, db);
  lockerRoutes(app, db);
  contentRoutes(app, db, config.productName);
  dropOffRoutes(app, db);
  // Multipart is accepted by the guest book only; everywhere else it is a 415.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: "keyValues",
      limits: { fields: 12, fieldSize: 8 * 1024, files: 0, parts: 12 },
    });
    guestBookRoutes(scope, db, config);
  });
  const gateways = paymentGateways(config, () => selfOrigin(app, config));
  paymentRoutes(app, db, config, gateways);
  // Every instance reconciles; claims with FOR UPDATE SKIP LOCKED keep them out of each other's way.
  let stopReconciliation: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    stopReconciliation = startReconciliation(db, {
      ageSeconds: config.payments.reconcileAgeSeconds,
      intervalSeconds: config.payments.reconcileIntervalSeconds,
      gateways,
      log: app.log,
      metrics,
    });
  });
  app.addHook("preClose", async () => {
    await stopReconciliation?.();
  });
  whitePaperRoutes(app);
  webVitalsRoutes(app, metrics);
  if (config.demo) {
    demoRoutes(app, db, config.dropoff);
    await sandboxRoutes(app, db, config);
    await kioskRoutes(app, db, config.dropoff, metrics);
  }
  await docsRoutes(app, { demo: config.demo });
  return app;
}

/**
 * How this instance reaches itself (the sandbox gateway, when no request is at hand): the address
 * the composition root published, the port this app listens on, or the public base URL.
 */
function selfOrigin(app: FastifyInstance, config: ApiConfig): string | undefined {
  if (process.env.API_INTERNAL_URL) return process.env.API_INTERNAL_URL;
  const address = app.server.address();
  if (address && typeof address === "object") {
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    return `http://${host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host}:${address.port}`;
  }
  return config.publicBaseUrl;
}
