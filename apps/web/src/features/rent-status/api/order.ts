import { calls, type Order } from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "../../../lib/api-client";
import { isConnectionError } from "../../../lib/offline-cache";
import { keepsPolling } from "../lib/rent-view";

/** Order poll interval (spec §4, §9). */
export const orderPollMs = 5000;

/** Order detail with the member's bearer token (spec §7). */
export const getOrder = (orderId: string, token: string | null, signal?: AbortSignal): Promise<Order> =>
  request(calls.orderDetail, { params: { orderid: orderId }, token, signal });

export const orderQueryKey = (orderId: string) => ["rent-status", "order", orderId] as const;

export const orderQueryOptions = (orderId: string, token: string | null) =>
  queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => getOrder(orderId, token, signal),
    // A failure stops the screen (spec §8): no silent retries.
    retry: false,
    staleTime: orderPollMs - 1000,
  });

/**
 * The rent's order. With `poll` it refreshes every 5 s (spec §4): never while the page is hidden
 * (TanStack's focus manager follows `visibilitychange`), at once on return, and not at all after
 * CANCEL or a failure — except a lost connection, after which it keeps asking and picks up by
 * itself when the signal returns. Unchanged answers keep the same object (structural sharing), so nothing
 * re-renders; the API answers them with 304 to the browser's `If-None-Match`.
 */
export function useRentOrder(orderId: string | null, token: string | null, { poll }: { poll: boolean }) {
  return useQuery({
    ...orderQueryOptions(orderId ?? "", token),
    enabled: orderId !== null,
    refetchInterval: (query) => (poll && polls(query.state) ? orderPollMs : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (query) => poll && polls(query.state),
  });
}

function polls(state: { status: string; error: unknown; data: Order | undefined }): boolean {
  if (state.status === "error" && !isConnectionError(state.error)) return false;
  return keepsPolling(state.data?.status);
}
