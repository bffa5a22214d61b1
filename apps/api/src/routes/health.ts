import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { HttpError } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";

/** Liveness (`/healthz`) and readiness (`/readyz`): docs/operations.md, "Health and readiness". */
export function healthRoutes(app: FastifyInstance, db: Queryable): void {
  mountCall(app, calls.health, async () => ({ status: "ok" }) as const);

  mountCall(app, calls.readiness, async ({ request, reply }) => {
    // Another instance answers meanwhile: the client may retry at once.
    if (app.shutdown.begun) {
      reply.header("retry-after", "1");
      throw new HttpError(503, "shuttingDown");
    }
    let pending: string[];
    try {
      pending = await pendingMigrations(db);
    } catch (error) {
      request.log.error({ err: error }, "database does not answer");
      throw new HttpError(503, "databaseUnavailable");
    }
    if (pending.length > 0) throw new HttpError(503, "migrationsPending");
    const [latest] = (
      await db.query<{ version: string }>(
        "select version from schema_migrations order by version desc limit 1",
      )
    ).map((row) => row.version);
    return { status: "ok", database: "ok", migration: latest ?? "" } as const;
  });
}
