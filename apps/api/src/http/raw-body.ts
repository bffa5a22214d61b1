import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "./errors.ts";

type WithRawBody = FastifyRequest & { rawBody?: string };

/**
 * In this scope JSON bodies are also kept as received, for signatures computed over the exact
 * bytes (gateway notifications, SNAP requests). Invalid JSON is refused with 400, or, where the
 * route answers in its own protocol, handed on as `null`.
 */
export function keepRawJsonBody(scope: FastifyInstance, invalidJson: "reject" | "null" = "reject"): void {
  scope.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    (request as WithRawBody).rawBody = body as string;
    try {
      done(null, JSON.parse(body as string));
    } catch {
      if (invalidJson === "null") done(null, null);
      else done(badRequest("invalidJson"), undefined);
    }
  });
}

export function rawBody(request: FastifyRequest): string {
  return (request as WithRawBody).rawBody ?? "";
}
