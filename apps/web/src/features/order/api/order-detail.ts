import { useQuery } from "@tanstack/react-query";
import {
  keepsAsking,
  type OrderQueryState,
  orderPollMs,
  orderQueryOptions,
} from "../../../domain/order/order-query";
import { useOrderStream } from "../../../domain/order/use-order-stream";
import { serverTimedApi } from "../../../lib/http/server-clock";
import { canStillChange } from "../lib/order-rules";

/**
 * The drop-off order of the order page, followed while it can still change (its stream of changes,
 * or every 5 s while the stream is not live), so a status change (picked up, overdue) shows without
 * a reload. Its answers set the server's clock, which the overdue redirect compares the deadline with.
 */
export function useOrderDetail(orderid: number, token: string | null) {
  const follows = (state: OrderQueryState) => keepsAsking(state, canStillChange);
  const streaming = useOrderStream(String(orderid), token, { follows, api: serverTimedApi });
  return useQuery({
    ...orderQueryOptions(String(orderid), token, serverTimedApi),
    refetchInterval: (query) => (follows(query.state) && !streaming ? orderPollMs : false),
  });
}
