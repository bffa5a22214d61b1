import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { unauthorized } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";
import { findPrincipal, invalidTokenMessage } from "../plugins/auth.ts";

export function memberRoutes(app: FastifyInstance, db: Queryable): void {
  mountCall(app, calls.validateUser, async ({ query }) => {
    const principal = await findPrincipal(db, query.token);
    if (!principal) throw unauthorized(invalidTokenMessage);
    return principal.user;
  });
}
