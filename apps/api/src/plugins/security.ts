import fastifyCors from "@fastify/cors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { secretQueryParameters } from "../http/log-redaction.ts";

/**
 * The headers every API response carries; a response written outside the `onSend` hooks (an event
 * stream) sets them itself.
 */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.header("x-content-type-options", "nosniff");
  // Order pages carry tokens in their query: never leak the address to another site.
  reply.header("referrer-policy", "no-referrer");
  reply.header("strict-transport-security", "max-age=31536000; includeSubDomains; preload");
  reply.header("cross-origin-resource-policy", "same-site");
  reply.header("x-frame-options", "DENY");
  if (!reply.hasHeader("content-security-policy")) {
    reply.header("content-security-policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  }
}

/**
 * Security headers on every API response, and CORS only for configured origins (none: no CORS). Pages the API
 * serves itself (docs, sandbox checkout, kiosk) set a Content-Security-Policy of their own; every
 * other response (JSON, images) gets one that allows nothing.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { corsOrigins: string[] },
): Promise<void> {
  const allowed = new Set(options.corsOrigins);
  // No origin configured (the web app on the API's own origin): no CORS work on any request, and
  // no `Vary: Origin` on answers that do not vary.
  if (allowed.size > 0) {
    await app.register(fastifyCors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ["GET", "POST"],
      // What the web app's client sends (`api-client.ts`): the rent's Pay carries its Idempotency-Key.
      allowedHeaders: ["authorization", "content-type", "if-none-match", "idempotency-key"],
      exposedHeaders: ["etag", "retry-after", "date"],
      maxAge: 600,
    });
  }

  // Callback hooks on every response: no promise per request on the polled path.
  app.addHook("onSend", (request, reply, payload, done) => {
    setSecurityHeaders(reply);
    // An answer to a credential is its holder's (a member's name and phone, a payment access
    // token): no cache keeps it, the browser's own on a shared phone included, unless its call
    // says how it may be kept (the order detail's revalidated copy).
    if (!reply.hasHeader("cache-control") && carriesCredential(request)) {
      reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });
}

/** A bearer token in `Authorization`, or a credential in the query (`?token=` of the members auth call). */
function carriesCredential(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  const query = request.query;
  return (
    typeof query === "object" &&
    query !== null &&
    secretQueryParameters.some((name) => (query as Record<string, unknown>)[name] !== undefined)
  );
}
