import type { CallDef } from "@paxelbox/contract";
import type { ApiClient, CallData, RequestOptions } from "./http/api-client";

/**
 * `request` of the api client for a page whose first render needs no schemas: the client and the
 * call (with its zod schemas) load on the first request, e.g.
 * `lazyRequest(() => import("@paxelbox/contract/calls/locker-sizes").then((m) => m.lockerSizes), …)`.
 * `api`: another client (a server loader's, `serverApiClient`) instead of the browser's.
 */
export async function lazyRequest<C extends CallDef>(
  loadCall: () => Promise<C>,
  options: RequestOptions<C>,
  api?: ApiClient,
): Promise<CallData<C>> {
  const [client, call] = await Promise.all([api ?? import("./http/api-client"), loadCall()]);
  return client.request(call, options);
}
