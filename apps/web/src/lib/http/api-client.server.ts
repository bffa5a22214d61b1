import { clientAddressHeader as apiClientAddressHeader, internalSecretHeader } from "@paxelbox/contract";
import type { ServerConfig } from "../../config/env";
import { clientAddressHeader } from "../security/csp";
import { type ApiClient, type ApiClientOptions, createApiClient } from "./api-client";

/**
 * What tells the API whom a loader calls for, so that its limits count the visitor and not the web
 * server: the address the web server put on the page's request (`clientAddressHeader`, set over
 * anything the visitor sent), with the shared secret. Built fresh: nothing the visitor sent is
 * passed on. Without the secret, nothing: the API would not believe the address anyway.
 */
export function visitorHeaders(
  request: Request | undefined,
  secret: string | undefined,
): Record<string, string> {
  const address = request?.headers.get(clientAddressHeader);
  if (!secret || !address) return {};
  return { [apiClientAddressHeader]: address, [internalSecretHeader]: secret };
}

/**
 * The api client for server-side loaders: it reaches the API at API_INTERNAL_URL (`config`, the
 * request's: `getServerConfig(context)`). Loading
 * marketing content in loaders keeps the contract's schemas (zod) out of the landing bundle.
 * Pass the member's token explicitly when a call needs one; nothing is read from storage here, and
 * the page's request, whose visitor address and language go with the calls. `language`: the
 * page's own (an action answering with the API's messages), over the browser's `Accept-Language`.
 */
export function serverApiClient(
  config: ServerConfig,
  token: string | null = null,
  request?: Request,
  language?: string,
  options: Pick<ApiClientOptions, "timeoutMs" | "signal"> = {},
): ApiClient {
  const headers = visitorHeaders(request, config.internalApiSecret);
  const accepted = language ?? request?.headers.get("accept-language");
  if (accepted) headers["accept-language"] = accepted;
  return createApiClient({
    baseUrl: () => config.apiInternalUrl,
    getToken: () => token,
    headers,
    ...options,
  });
}

/**
 * How long a page's own calls on the server may take (its content, a short link's target, an order
 * link's state). The browser's 60 s per call (spec §9) is not a budget for a render: a slow API makes
 * an empty section or the page's error, not a page that hangs for a minute.
 */
export const pageCallTimeoutMs = 10_000;

/**
 * The api client of a page's render on the server (`serverApiClient`'s, for its visitor): every call
 * bounded by `pageCallTimeoutMs`, and given up when the visitor leaves (the request's signal), so a
 * reload does not leave the last render's calls running against an API already slow. Actions, which
 * create things, use `serverApiClient` and finish what they started.
 */
export function pageApiClient(
  config: ServerConfig,
  request: Request,
  token: string | null = null,
): ApiClient {
  return serverApiClient(config, token, request, undefined, {
    timeoutMs: pageCallTimeoutMs,
    signal: request.signal,
  });
}
