import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import { TooManyRequests } from "../domain/rate-limit.ts";
import { HttpError } from "../http/errors.ts";

const serverFaultMessage = "Something went wrong on our side. Please try again in a moment.";

const locationNames: Record<string, string> = {
  body: "body",
  querystring: "query",
  params: "path",
  headers: "header",
};

/**
 * The one error handler: every failure becomes `{ code, message }` with a clear message.
 * Stack traces and SQL never reach a client; 5xx only for real server faults (logged).
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
      return reply.status(400).send({ code: 400, message: `Invalid ${where}: ${details.join("; ")}` });
    }
    if (error instanceof TooManyRequests) reply.header("retry-after", String(error.retryAfterSeconds));
    if (error instanceof HttpError) {
      const body = {
        code: error.statusCode,
        message: error.message,
        ...(error.data ? { data: error.data } : {}),
      };
      return reply.status(error.statusCode).send(body);
    }
    if (!error.statusCode && /^multipart\//.test(String(request.headers["content-type"] ?? ""))) {
      return reply.status(400).send({ code: 400, message: "The form data could not be read." });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = clientMessage(error);
      return reply.status(status).send({ code: status, message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ code: 500, message: serverFaultMessage });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    reply.status(404).send({ code: 404, message: `No such API route: ${request.method} ${path}` });
  });
}

/** Fastify's own client errors (bad JSON, too large, wrong content type) in plain words. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "This content type is not accepted here.";
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "The request's content length does not match its body.";
    default:
      return error.message.replace(/^FST_\w+:\s*/, "") || "The request could not be processed.";
  }
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 8 || value === null || typeof value !== "object") return false;
  return Object.values(value as Record<string, unknown>).some((item) => hasNul(item, depth + 1));
}

/** PostgreSQL cannot store NUL characters in text: refuse them up front with a clear 400. */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw new HttpError(400, "Text may not contain NUL characters.");
    }
  });
}
