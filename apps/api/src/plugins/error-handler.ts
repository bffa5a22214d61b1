import type { Language, MessageKey } from "@paxelbox/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { isDatabaseUnavailable } from "../db/database.ts";
import { TooManyRequests } from "../domain/rate-limit.ts";
import { HttpError } from "../http/errors.ts";
import { type AnyParams, acceptedLanguage, renderMessage } from "../http/messages.ts";
import { identifiedPrincipal } from "./auth.ts";

const locationNames: Record<string, string> = {
  body: "body",
  querystring: "query",
  params: "path",
  headers: "header",
};

/**
 * The language of a request's messages: a signed-in member's own language, else the first of the
 * product's languages `Accept-Language` prefers, else Indonesian. A drop-off link's holder is no
 * member (the link does not know their language): their `Accept-Language` decides.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const principal = identifiedPrincipal(request);
  if (principal?.kind === "member") return principal.user.language;
  return acceptedLanguage(request.headers["accept-language"]);
}

/** Sends `{ code, message, key }` with the message in the request's language. */
export function sendMessage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  params?: AnyParams,
  data?: Record<string, unknown>,
): FastifyReply {
  const message = renderMessage(key, params, requestLanguage(request));
  // Every 429 says when to try again: its limit's own wait, else a minute (most limits' window).
  if (status === 429 && !reply.hasHeader("retry-after")) reply.header("retry-after", "60");
  return reply.status(status).send({ code: status, message, key, ...(data ? { data } : {}) });
}

/**
 * The one error handler: every failure becomes `{ code, message, key }` with a clear message in the
 * caller's language (docs/api.md). Stack traces and SQL never reach a client; 5xx only for real
 * server faults (logged).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // The contract's schemas are zod/mini, which carries no messages of its own: validation issues
  // without a message of the contract read in English ("Invalid input: expected string, …").
  z.config(z.locales.en());
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = locationNames[error.validationContext ?? "body"] ?? "request";
      const details = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        return field ? `${field}: ${issue.message}` : issue.message;
      });
      return sendMessage(request, reply, 400, "invalidInput", { where, details: details.join("; ") });
    }
    if (error instanceof TooManyRequests) reply.header("retry-after", String(error.retryAfterSeconds));
    if (error instanceof HttpError) {
      return sendMessage(request, reply, error.statusCode, error.key, error.params, error.data);
    }
    if (!error.statusCode && /^multipart\//.test(String(request.headers["content-type"] ?? ""))) {
      return sendMessage(request, reply, 400, "formDataUnreadable");
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendMessage(request, reply, status, clientMessage(error));
    // A database that cannot answer now (restarting, out of reach, a lock held too long) is no
    // fault of this call or this code: the client tries again shortly, and one line says why.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message, code: error.code }, "database unavailable");
      reply.header("retry-after", "5");
      return sendMessage(request, reply, 503, "databaseUnavailable");
    }
    request.log.error({ err: error }, "request failed");
    return sendMessage(request, reply, 500, "serverFault");
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    sendMessage(request, reply, 404, "routeNotFound", { method: request.method, path });
  });
}

/** Fastify's own client errors (bad JSON, too large, wrong content type) in plain words. */
function clientMessage(error: FastifyError): MessageKey {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "invalidJson";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "bodyTooLarge";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "contentTypeNotAccepted";
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "contentLengthMismatch";
    default:
      return "requestNotProcessed";
  }
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 8 || value === null || typeof value !== "object") return false;
  return Object.values(value as Record<string, unknown>).some((item) => hasNul(item, depth + 1));
}

/** PostgreSQL cannot store NUL characters in text: refuse them up front with a clear 400. */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", (request, _reply, done) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      done(new HttpError(400, "nulCharacters"));
      return;
    }
    done();
  });
}
