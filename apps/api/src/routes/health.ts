import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { HttpError } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";

/**
 * How long readiness waits for the database: a load balancer's probe gives up after a few seconds,
 * and a database that takes longer (hung, or every connection of the pool held) is not ready.
 */
export const readinessTimeoutMs = 2_000;

/** `work`, or a `databaseUnavailable` 503 once it has taken `ms`. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(503, "databaseUnavailable")), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

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
    let latest: string | undefined;
    try {
      [pending, latest] = await within(
        readinessTimeoutMs,
        Promise.all([
          pendingMigrations(db),
          db
            .query<{ version: string }>("select version from schema_migrations order by version desc limit 1")
            .then(([row]) => row?.version),
        ]),
      );
    } catch (error) {
      request.log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        "database does not answer",
      );
      throw new HttpError(503, "databaseUnavailable");
    }
    if (pending.length > 0) throw new HttpError(503, "migrationsPending");
    return { status: "ok", database: "ok", migration: latest ?? "" } as const;
  });
}
