import fastifyMultipart from "@fastify/multipart";
import { fastifySSE } from "@fastify/sse";
import { fastifyTrustProxy, orderEventsHeartbeatMs } from "@paxelbox/contract";
import { StartUpError } from "@paxelbox/contract/start-up";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type ApiConfig, describeDatabaseUrl } from "./config.ts";
import { type Database, type DatabaseOptions, openDatabase } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { demoMembersIn, seedIfEmpty } from "./db/seed/index.ts";
import { traced } from "./db/traced.ts";
import { createRateLimiter, type RateLimiter, registerClientAddress } from "./domain/rate-limit.ts";
import { loggerOptions, RequestLog, requestLogger } from "./http/request-log.ts";
import { kioskRoutes } from "./kiosk/routes.ts";
import { registerNotifications } from "./notifications/index.ts";
import { paymentFlowOn, paymentGateways } from "./payments/gateways.ts";
import { sandboxRoutes } from "./payments/sandbox/routes.ts";
import { startReconciliation } from "./payments/service.ts";
import { registerAuth } from "./plugins/auth.ts";
import { registerContractRoutes } from "./plugins/contract-routes.ts";
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

export { type ApiConfig, listenAddress, loadConfig } from "./config.ts";
export { type MetricsServer, serveMetrics } from "./plugins/metrics.ts";

export interface BuildOptions {
  logger?: boolean;
  /** Log (at the configured level) to this stream instead of standard output (tests read the lines). */
  logStream?: { write(line: string): void };
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  /** The embedded database starts as a copy of this one (`DatabaseOptions.template`; tests). */
  databaseTemplate?: Blob | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    rateLimiter: RateLimiter;
    metrics: Metrics;
    /**
     * The site's public origin, from configuration only (never a request header): PUBLIC_BASE_URL,
     * or outside production the address this instance listens on. Return and notification URLs
     * and the sandbox checkout page are built on it.
     */
    publicOrigin(): string;
  }
}

/** Builds the locker API: opens the database, applies migrations, seeds an empty one, mounts every call. */
export async function buildApp(config: ApiConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger || options.logStream ? loggerOptions(config, options.logStream) : false,
    logController: new RequestLog(),
    childLoggerFactory: requestLogger,
    bodyLimit: 4 * 1024 * 1024,
    // Only the proxies TRUST_PROXY names (a hop count or their addresses) say who the client is;
    // the web server's own calls name their visitor another way (`registerClientAddress`).
    trustProxy: fastifyTrustProxy(config.trustProxy),
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
  registerContractRoutes(app);
  // JSON and multipart only: any other content type is answered 415.
  app.removeContentTypeParser("text/plain");

  const metrics = createMetrics();
  const db =
    options.database ??
    traced(
      await openConfiguredDatabase({
        databaseUrl: config.databaseUrl,
        poolSize: config.databasePoolSize,
        dataDir: config.dataDir,
        template: options.databaseTemplate,
        observer: metrics.databaseObserver,
        log: app.log,
      }),
    );
  app.decorate("db", db);
  app.decorate("publicOrigin", () => publicOrigin(app, config));
  registerMetrics(app, metrics, db);
  app.decorate("rateLimiter", createRateLimiter(db, config.rateLimitFactor, metrics));
  app.addHook("preClose", async () => app.rateLimiter.flush());
  // After the HTTP drain (onClose) and the background jobs' stop, begun together at the shutdown:
  // the pool closes once neither needs it, within the shutdown's bound (`plugins/shutdown.ts`).
  app.addHook("onClose", async () => {
    await app.shutdown.jobsStopped();
    if (!options.database) await db.close();
  });
  await migrate(db);
  if (!config.demo) await refuseDemoMembers(db, config.databaseUrl);
  await seedIfEmpty(db, { demo: config.demo });

  registerClientAddress(app, config.internalApiSecret);
  registerAuth(app, db);
  await registerSecurity(app, { corsOrigins: config.corsOrigins });
  // A quiet stream's comment line, which tells the screen its connection is alive.
  await app.register(fastifySSE, { heartbeatInterval: orderEventsHeartbeatMs });

  healthRoutes(app, db);
  memberRoutes(app, db);
  orderRoutes(app, db);
  lockerRoutes(app, db);
  contentRoutes(app, db, { productName: config.productName, snapOn: paymentFlowOn(config, "snap") });
  dropOffRoutes(app, db);
  // Messages to people: written in the transaction of the change that causes them (the outbox), sent
  // by a worker every instance runs; claims with FOR UPDATE SKIP LOCKED keep them apart (ADR 038).
  const outbox = await registerNotifications(app, db, config, () => selfOrigin(app, config));
  // Multipart is accepted by the guest book only; everywhere else it is a 415.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: "keyValues",
      limits: { fields: 12, fieldSize: 8 * 1024, files: 0, parts: 12 },
    });
    guestBookRoutes(scope, db, config, outbox);
  });
  const gateways = paymentGateways(config, () => selfOrigin(app, config));
  paymentRoutes(app, db, config, gateways, outbox);
  // Every instance reconciles; claims with FOR UPDATE SKIP LOCKED keep them out of each other's way.
  app.addHook("onReady", async () => {
    app.shutdown.stopOnShutdown(
      startReconciliation(db, {
        ageSeconds: config.payments.reconcileAgeSeconds,
        intervalSeconds: config.payments.reconcileIntervalSeconds,
        gateways,
        log: app.log,
        metrics,
        outbox,
      }),
    );
  });
  whitePaperRoutes(app);
  webVitalsRoutes(app, metrics);
  if (config.demo) {
    demoRoutes(app, db, config.dropoff, outbox);
    await sandboxRoutes(app, db, config);
    await kioskRoutes(app, db, config.dropoff, metrics, outbox);
  }
  await docsRoutes(app, { demo: config.demo });
  announceTrust(app, config);
  return app;
}

/** Says at start-up, loudly, what a production operator must know: demo mode on, payment flows off. */
function announceTrust(app: FastifyInstance, config: ApiConfig): void {
  if (config.environment === "production" && config.demo) {
    app.log.warn(
      "DEMO=1 IN PRODUCTION: demo scenarios, the kiosk simulator and the payment sandboxes are reachable, and the sandboxes' published development keys are trusted",
    );
  }
  for (const [flow, name] of [
    ["midtrans", "the non-interface payment flow (Midtrans)"],
    ["snap", "the bank-interface payment flow (SNAP BI)"],
  ] as const) {
    if (!paymentFlowOn(config, flow)) app.log.warn(`${name} is off: no gateway is configured`);
  }
  if (config.notifications.whatsapp === "off") {
    app.log.warn("WhatsApp notifications are off: no message is written or sent (NOTIFICATIONS, WHATSAPP_*)");
  }
  if (config.notifications.email === "off") {
    app.log.warn("e-mail notifications are off: no e-mail is written or sent (NOTIFICATIONS, SMTP_URL)");
  }
  if (config.notifications.whatsapp !== "off" && config.notifications.sms === "off") {
    app.log.warn("SMS is off: a WhatsApp message that fails is not sent by SMS (SMS_GATEWAY_URL)");
  }
}

/**
 * PUBLIC_BASE_URL; without it (development and tests only: production requires it, config.ts) the
 * address this instance listens on, or `http://localhost` for an app that only answers `inject`.
 */
function publicOrigin(app: FastifyInstance, config: ApiConfig): string {
  return config.publicBaseUrl ?? listeningOrigin(app) ?? "http://localhost";
}

/** http://host:port of the socket this app listens on, if it listens itself. */
function listeningOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address();
  if (!address || typeof address !== "object") return undefined;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host}:${address.port}`;
}

/**
 * How this instance reaches its own sandbox gateways: its configured address (API_INTERNAL_URL, set
 * by the composition root to its own port), the port this app listens on, or the public origin;
 * never a request's host.
 */
function selfOrigin(app: FastifyInstance, config: ApiConfig): string {
  return config.internalUrl ?? listeningOrigin(app) ?? publicOrigin(app, config);
}

/**
 * Stops a start outside demo mode on a database that holds the demo members: seeding leaves them out,
 * but a database once started as a demo keeps them, and their tokens are published in this
 * repository, so anyone could act as them.
 */
async function refuseDemoMembers(db: Database, databaseUrl: string | undefined): Promise<void> {
  const tokens = await demoMembersIn(db);
  if (tokens.length === 0) return;
  const database = databaseUrl
    ? `The database of DATABASE_URL (${describeDatabaseUrl(databaseUrl)})`
    : "The database";
  const hashes = tokens.map((token) => `encode(sha256('${token}'), 'hex')`).join(", ");
  throw new StartUpError(
    `${database} holds the demo members of ${tokens.join(" and ")}, whose tokens are published: production does not start with them. Revoke their tokens (update members set token_hash = 'revoked:' || id where token_hash in (${hashes})), or delete them with their orders`,
  );
}

/**
 * Opens the database; a PostgreSQL server that refuses the first connection (unreachable, no such
 * database, wrong password) stops the start with one message that names DATABASE_URL and what the
 * server said, rather than pg's stack, which names neither the setting nor where it points.
 */
async function openConfiguredDatabase(options: DatabaseOptions): Promise<Database> {
  try {
    return await openDatabase(options);
  } catch (error) {
    if (!options.databaseUrl) throw error;
    throw new StartUpError(
      `Cannot open the database of DATABASE_URL (${describeDatabaseUrl(options.databaseUrl)}): ${connectionFailure(error)}`,
    );
  }
}

/** What a failed connection says: pg's message, or for a host of several addresses (localhost) the first one's. */
function connectionFailure(error: unknown): string {
  if (error instanceof AggregateError && error.errors[0] instanceof Error)
    return connectionFailure(error.errors[0]);
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}
