import { type CallDef, toColonPath } from "@paxelbox/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { clientAddress, type RateLimit } from "../domain/rate-limit.ts";
import { hashToken } from "../domain/tokens.ts";
import { bearerToken, type Principal, requirePrincipal } from "../plugins/auth.ts";

type Out<T> = [Exclude<T, undefined>] extends [never] ? undefined : z.output<Exclude<T, undefined>>;

export interface RouteContext<C extends CallDef> {
  params: Out<C["params"]>;
  query: Out<C["query"]>;
  body: Out<C["body"]>;
  /** Present when the call requires a token (auth "bearer"). */
  principal: C["auth"] extends "bearer" ? Principal : Principal | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Result<C extends CallDef> = C["responseType"] extends "image" | "redirect"
  ? unknown
  : C["responseType"] extends "empty"
    ? undefined
    : z.output<C["response"]>;

export interface MountOptions {
  /** Requests per client address allowed in a window; more get 429 with Retry-After. */
  rateLimit?: RateLimit;
  /** Requests per bearer token allowed in a window (calls that write for the caller); more get 429. */
  tokenRateLimit?: RateLimit;
}

/**
 * Mounts a contract call: validates params, query and body with its schemas, enforces its auth,
 * and wraps the handler's result as `{ code: 200, data }` (validated on the way out); an `empty`
 * call answers 204 without a body.
 * Image and redirect calls send their own reply, and so may any handler: a reply it sent is left
 * as it is.
 */
export function mountCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: (context: RouteContext<C>) => Promise<Result<C>>,
  options: MountOptions = {},
): void {
  const schema: Record<string, unknown> = {};
  if (call.params) schema.params = call.params;
  if (call.query) schema.querystring = call.query;
  if (call.body) schema.body = call.body;
  app.route({
    method: call.method,
    url: toColonPath(call.path),
    schema,
    // Who is calling is settled before the input is validated: no token gives 401, not 400.
    async preValidation(request) {
      if (call.auth === "bearer") await requirePrincipal(request);
      if (options.rateLimit) await app.rateLimiter.hit(options.rateLimit, clientAddress(request));
      if (options.tokenRateLimit) {
        const token = bearerToken(request);
        if (token) await app.rateLimiter.hit(options.tokenRateLimit, hashToken(token));
      }
    },
    async handler(request, reply) {
      const principal =
        call.auth === "bearer"
          ? await requirePrincipal(request)
          : call.auth === "optional"
            ? await request.principal()
            : null;
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        principal,
        request,
        reply,
      } as RouteContext<C>);
      if (call.responseType === "image" || call.responseType === "redirect" || reply.sent) return reply;
      if (call.responseType === "empty") return reply.status(204).send();
      if (call.responseType === "text") {
        return reply.type("text/plain; charset=utf-8").send(String(call.response.parse(result)));
      }
      const data = call.response.parse(result);
      return reply.send({ code: 200, data });
    },
  });
}
