import { getServerConfig } from "../config/config.server";
import { type ApiClient, createApiClient } from "./api-client";

/**
 * The api client for server-side loaders: it reaches the API at API_INTERNAL_URL. Loading
 * marketing content in loaders keeps the contract's schemas (zod) out of the landing bundle.
 * Pass the member's token explicitly when a call needs one; nothing is read from storage here.
 */
export function serverApiClient(token: string | null = null): ApiClient {
  return createApiClient({ baseUrl: () => getServerConfig().apiInternalUrl, getToken: () => token });
}
