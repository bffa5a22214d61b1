import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { ApiConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { seedIfEmpty } from "./db/seed/index.ts";
import { createRateLimiter, type RateLimiter } from "./domain/rate-limit.ts";
import { requestLogFields } from "./http/log-redaction.ts";
import { kioskRoutes } from "./kiosk/routes.ts";
import { sandboxRoutes } from "./payments/sandbox/routes.ts";
import { registerAuth } from "./plugins/auth.ts";
import { registerErrorHandler, rejectNulCharacters } from "./plugins/error-handler.ts";
import { registerSecurity } from "./plugins/security.ts";
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
import { whitePaperRoutes } from "./routes/white-papers.ts";

export { type ApiConfig, loadConfig } from "./config.ts";

export interface BuildOptions {
  logger?: boolean;
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
}

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    rateLimiter: RateLimiter;
  }
}

/** Builds the locker API: opens the database, applies migrations, seeds an empty one, mounts every call. */
export async function buildApp(config: ApiConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: config.logLevel, serializers: { req: requestLogFields } } : false,
    bodyLimit: 4 * 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify raises before routing (bad or too long URLs) get the same `{ code, message }`.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      (reply as FastifyReply).status(status).send({ code: status, message: "This address is not valid." });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  rejectNulCharacters(app);
  // JSON and multipart only: any other content type is answered 415.
  app.removeContentTypeParser("text/plain");

  const db =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate("db", db);
  app.decorate("rateLimiter", createRateLimiter(db, config.rateLimitFactor));
  if (!options.database) app.addHook("onClose", () => db.close());
  await migrate(db);
  await seedIfEmpty(db);

  registerAuth(app, db);
  await registerSecurity(app, { corsOrigins: config.corsOrigins });

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
  paymentRoutes(app, db, config);
  whitePaperRoutes(app);
  if (config.demo) {
    demoRoutes(app, db);
    await sandboxRoutes(app, db, config);
    await kioskRoutes(app, db, config.dropoff);
  }
  await docsRoutes(app, { demo: config.demo });
  return app;
}
