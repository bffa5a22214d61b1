import { calls, type Order } from "@paxelbox/contract";
import { requestOrder } from "../../../domain/order/order-query";
import { type ApiClient, apiClient, isApiError, isConnectionError } from "../../../lib/http/api-client";

/**
 * Cancels a rent that is still waiting for its items (IMPORTED only; 409 otherwise), through `api`:
 * the browser's client, or the route action's (`cancel-rent-action.server.ts`).
 */
export const cancelRent = (
  orderId: Order["id"],
  token: string | null,
  api: Pick<ApiClient, "request"> = apiClient,
) => api.request(calls.cancelRent, { body: { id: orderId }, token });

/**
 * Cancels the rent, or finds it cancelled already: a cancel the API refuses (409) for a rent that is
 * cancelled (from another tab or device, or a post repeated) has done what was asked, and so has one
 * whose answer was lost on its way back (the connection dropped) for a rent the API now has
 * cancelled. Any other refusal is thrown, to be shown ('Denied?'); an unanswered cancel throws its
 * connection error.
 */
export async function cancelOrFindCancelled(
  orderId: Order["id"],
  token: string | null,
  api: Pick<ApiClient, "request"> = apiClient,
): Promise<void> {
  try {
    await cancelRent(orderId, token, api);
  } catch (error) {
    if (!(await cancelledAlready(error, orderId, token, api))) throw error;
  }
}

/**
 * Whether a cancel refused (409) or unanswered (a network error or a timeout) left a rent that is
 * cancelled (a failed check says no).
 */
async function cancelledAlready(
  error: unknown,
  orderId: Order["id"],
  token: string | null,
  api: Pick<ApiClient, "request">,
): Promise<boolean> {
  if (!isConnectionError(error) && !(isApiError(error) && error.status === 409)) return false;
  try {
    return (await requestOrder(api, String(orderId), { token })).status === "CANCEL";
  } catch {
    return false;
  }
}
