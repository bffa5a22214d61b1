import { calls, type Order } from "@paxelbox/contract";
import { type ApiClient, apiClient } from "../../../lib/http/api-client";

/**
 * Cancels a rent that is still waiting for its items (IMPORTED only; 409 otherwise), through `api`:
 * the browser's client, or the route action's (`cancel-rent-action.server.ts`).
 */
export const cancelRent = (
  orderId: Order["id"],
  token: string | null,
  api: Pick<ApiClient, "request"> = apiClient,
) => api.request(calls.cancelRent, { body: { id: orderId }, token });
