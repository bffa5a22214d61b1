import { getServerConfig } from "../config/config.server";
import { type ApiClient, createApiClient } from "./api-client";
import { clientAddressHeader } from "./csp";

/**
 * The api client for server-side loaders: it reaches the API at API_INTERNAL_URL. Loading
 * marketing content in loaders keeps the contract's schemas (zod) out of the landing bundle.
 * Pass the member's token explicitly when a call needs one; nothing is read from storage here, and
 * the page's request, whose visitor address and language go with the calls.
 */
export function serverApiClient(token: string | null = null, request?: Request): ApiClient {
  const headers: Record<string, string> = {};
  // The API counts failed token checks per visitor, not per web server (it trusts loopback's X-Forwarded-For).
  const address = request?.headers.get(clientAddressHeader);
  if (address) headers["x-forwarded-for"] = address;
  const language = request?.headers.get("accept-language");
  if (language) headers["accept-language"] = language;
  return createApiClient({ baseUrl: () => getServerConfig().apiInternalUrl, getToken: () => token, headers });
}
