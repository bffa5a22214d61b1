import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Queryable } from "../db/database.ts";
import { clientAddress } from "../domain/rate-limit.ts";
import { unauthorized } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";
import { anonymousUser, authenticate } from "../plugins/auth.ts";

export function memberRoutes(app: FastifyInstance, db: Queryable): void {
  mountCall(app, calls.validateUser, async ({ query, request }) => {
    const holder = await authenticate(
      app.tokenHolders,
      db,
      app.rateLimiter,
      query.token,
      clientAddress(request),
    );
    if (!holder) throw unauthorized("tokenInvalid");
    // An expired drop-off link still opens its page, which shows the link has expired (ADR 004),
    // but it is no credential: nobody's name or phone comes with it.
    if (holder.kind === "expired-link") return anonymousUser;
    return holder.user;
  });
}
