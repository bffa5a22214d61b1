import { calls, type Order } from "@paxelbox/contract";
import { requestOrder } from "../../../domain/order/order-query";
import { type ApiClient, apiClient, isApiError } from "../../../lib/http/api-client";

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
 * cancelled (from another tab or device, or a post repeated) has done what was asked. Any other
 * refusal is thrown, to be shown ('Denied?').
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

/** Whether a refused cancel (409) met a rent that is already cancelled (a failed check says no). */
async function cancelledAlready(
  error: unknown,
  orderId: Order["id"],
  token: string | null,
  api: Pick<ApiClient, "request">,
): Promise<boolean> {
  if (!isApiError(error) || error.status !== 409) return false;
  try {
    return (await requestOrder(api, String(orderId), { token })).status === "CANCEL";
  } catch {
    return false;
  }
}
