import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/** Query parameters that carry a credential (web-view and order-link tokens). */
const secretParameter = /([?&](?:token|access_token)=)[^&#]*/gi;

/** Request log fields with tokens in the address redacted, so log stores never hold them. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(secretParameter, "$1[redacted]"),
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
