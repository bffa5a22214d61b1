import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";

export function healthRoutes(app: FastifyInstance, db: Queryable): void {
  mountCall(app, calls.health, async ({ request }) => {
    try {
      await db.query("select 1");
    } catch (error) {
      request.log.error({ err: error }, "database does not answer");
      throw new HttpError(503, "databaseUnavailable");
    }
    return { status: "ok", database: "ok" } as const;
  });
}
