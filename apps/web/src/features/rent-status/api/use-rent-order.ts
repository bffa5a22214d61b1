import { useQuery } from "@tanstack/react-query";
import {
  keepsAsking,
  type OrderId,
  type OrderQueryState,
  orderPollMs,
} from "../../../domain/order/order-query";
import { useOrderStream } from "../../../domain/order/use-order-stream";
import { serverTimedApi } from "../../../lib/http/server-clock";
import { keepsPolling } from "../lib/rent-view";
import { rentOrderQueryOptions } from "./order";

/**
 * The rent's order. With `poll` it follows the order's stream of changes and, while the stream is
 * not live, refreshes every 5 s (spec §4): never while the page is hidden
 * (TanStack's focus manager follows `visibilitychange`), at once on return, and not at all after
 * CANCEL or a failure — except a lost connection, after which it keeps asking and picks up by
 * itself when the signal returns. Unchanged answers keep the same object (structural sharing), so nothing
 * re-renders; the API answers them with 304 to the browser's `If-None-Match`.
 */
export function useRentOrder(orderId: OrderId | null, token: string | null, { poll }: { poll: boolean }) {
  const polls = (state: OrderQueryState) => poll && keepsAsking(state, keepsPolling);
  const streaming = useOrderStream(orderId, token, { follows: polls, api: serverTimedApi });
  return useQuery({
    ...rentOrderQueryOptions(orderId ?? "", token),
    enabled: orderId !== null,
    refetchInterval: (query) => (polls(query.state) && !streaming ? orderPollMs : false),
    refetchIntervalInBackground: false,
    // On return to a hidden tab: at once, however fresh the last answer is.
    refetchOnWindowFocus: (query) => (polls(query.state) ? "always" : false),
  });
}
