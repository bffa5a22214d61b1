import type { FastifyRequest } from "fastify";

/** Query parameters that carry a credential: member and order-link tokens, payment access tokens. */
export const secretQueryParameters = ["token", "access_token"] as const;
const secretParameter = new RegExp(`([?&](?:${secretQueryParameters.join("|")})=)[^&#]*`, "gi");

/** The address with every credential in its query replaced, for logs. */
export function redactUrl(url: string): string {
  return url.replace(secretParameter, "$1[redacted]");
}

/** Fastify's request log fields, with the address redacted (tokens in queries never reach log stores). */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
