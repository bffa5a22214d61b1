import { queryOptions, useQuery } from "@tanstack/react-query";
import { keepsAsking, type OrderId, orderPollMs, orderQueryOptions } from "../../../domain/order/order-query";
import { keepsPolling } from "../lib/rent-view";

/** The rent's order: fresh for just under one poll, so a screen opened between polls asks again. */
export const rentOrderQueryOptions = (orderId: OrderId, token: string | null) =>
  queryOptions({ ...orderQueryOptions(orderId, token), staleTime: orderPollMs - 1000 });

/**
 * The rent's order. With `poll` it refreshes every 5 s (spec §4): never while the page is hidden
 * (TanStack's focus manager follows `visibilitychange`), at once on return, and not at all after
 * CANCEL or a failure — except a lost connection, after which it keeps asking and picks up by
 * itself when the signal returns. Unchanged answers keep the same object (structural sharing), so nothing
 * re-renders; the API answers them with 304 to the browser's `If-None-Match`.
 */
export function useRentOrder(orderId: OrderId | null, token: string | null, { poll }: { poll: boolean }) {
  const polls = (state: Parameters<typeof keepsAsking>[0]) => poll && keepsAsking(state, keepsPolling);
  return useQuery({
    ...rentOrderQueryOptions(orderId ?? "", token),
    enabled: orderId !== null,
    refetchInterval: (query) => (polls(query.state) ? orderPollMs : false),
    refetchIntervalInBackground: false,
    // On return to a hidden tab: at once, however fresh the last answer is.
    refetchOnWindowFocus: (query) => (polls(query.state) ? "always" : false),
  });
}
