import { redactQuery } from "@paxelbox/contract";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/** Query parameters that carry a credential (web-view and order-link tokens). */
const secretNames = new Set(["token", "access_token"]);

/** The address with the value of every credential in its query replaced. */
export function redactedAddress(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt < 0) return url;
  const fragmentAt = url.indexOf("#", queryAt);
  const queryEnd = fragmentAt < 0 ? url.length : fragmentAt;
  const query = redactQuery(url.slice(queryAt + 1, queryEnd), (name) => secretNames.has(name));
  return `${url.slice(0, queryAt + 1)}${query}${url.slice(queryEnd)}`;
}

/** Request log fields with tokens in the address redacted, so log stores never hold them. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedAddress(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The route that renders pages; every other route serves a file of the build (scripts, fonts, images, the service worker). */
export const pageRoute = "/*";

/**
 * Fastify's request lines: one per request, when its response has been sent (no "incoming request"
 * line), with the redacted address, status and time; files of the build at debug, pages at info.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      request.log.error({ ...line, err: error }, "request errored");
      return;
    }
    const file = request.routeOptions.url !== undefined && request.routeOptions.url !== pageRoute;
    request.log[file ? "debug" : "info"](line, "request completed");
  }
}
