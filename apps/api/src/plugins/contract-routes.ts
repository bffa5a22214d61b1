import { type CallDef, calls, toColonPath } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { sendMessage } from "./error-handler.ts";

/** The query of a call that takes none: any parameter is refused. */
const noQuery = z.strictObject({});

/** `/a/:id/b` or `/a/*` as a pattern that matches the paths the router sends to it. */
function pathPattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) =>
      part === "*" ? ".*" : part.startsWith(":") ? "[^/]+" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("");
  // A route under a prefix is routed with and without its trailing slash: one path here.
  return new RegExp(`^${source}/?$`);
}

/**
 * Whether an `Accept` header admits `text/event-stream` (RFC 9110 §12.5.1): no header admits it,
 * else its most specific matching range (`text/event-stream`, `text/*`, `*\/*`) must not be q=0.
 */
export function acceptsEventStream(accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  const specificity: Record<string, number> = { "text/event-stream": 2, "text/*": 1, "*/*": 0 };
  let bestRank = -1;
  let refusedAtBest = false;
  for (const range of accept.split(",")) {
    const [type = "", ...parameters] = range.split(";").map((part) => part.replace(/\s/g, "").toLowerCase());
    const rank = specificity[type];
    if (rank === undefined || rank < bestRank) continue;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const refused = q !== undefined && Number(q.slice(2)) === 0;
    refusedAtBest = rank === bestRank ? refusedAtBest || refused : refused;
    bestRank = rank;
  }
  return bestRank >= 0 && !refusedAtBest;
}

/**
 * Every route keeps to the contract's rules (docs/api.md): the route of a contract call validates
 * its query with the call's strict `query`, and a call without one refuses any parameter (400);
 * a path answers a method it is not mounted for with 405 and `Allow`, an unknown path with 404;
 * an event stream refused by the request's `Accept` is a 406 `{ code, message, key }`.
 * Registered before the routes, whose registration it watches.
 */
export function registerContractRoutes(app: FastifyInstance): void {
  const contract = new Map(
    Object.values(calls as Record<string, CallDef>).map((call) => [
      `${call.method} ${toColonPath(call.path)}`,
      call,
    ]),
  );
  const mounted = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A catch-all (the CORS preflight route) names no path of its own.
    if (route.url !== "*" && route.url !== "/*") {
      const entry = mounted.get(route.url) ?? { pattern: pathPattern(route.url), methods: new Set() };
      for (const method of methods) entry.methods.add(method);
      mounted.set(route.url, entry);
    }
    const call = methods.map((method) => contract.get(`${method} ${route.url}`)).find(Boolean);
    if (call && !route.schema?.querystring) {
      route.schema = { ...route.schema, querystring: call.query ?? noQuery };
    }
    // An event stream asked for by a client that refuses it: 406 in the API's own words, before
    // the stream plugin's handler would answer it in its own.
    if (call?.responseType === "events") {
      const own = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [
        ...own,
        (request, reply, done) => {
          if (acceptsEventStream(request.headers.accept)) return done();
          sendMessage(request, reply, 406, "eventStreamNotAccepted");
        },
      ];
    }
  });

  app.addHook("onRequest", (request, reply, done) => {
    if (!request.is404) return done();
    const path = request.url.split("?")[0] ?? "";
    const allowed = new Set<string>();
    for (const { pattern, methods } of mounted.values()) {
      if (pattern.test(path)) for (const method of methods) allowed.add(method);
    }
    // Unknown paths, and a method the path takes at another spelling (a trailing slash), stay 404.
    if (allowed.size === 0 || allowed.has(request.method)) return done();
    const allow = [...allowed].sort().join(", ");
    reply.header("allow", allow);
    sendMessage(request, reply, 405, "methodNotAllowed", { method: request.method, path, allow });
  });
}
