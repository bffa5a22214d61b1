import { useQuery } from "@tanstack/react-query";
import { keepsAsking, orderPollMs, orderQueryOptions } from "../../../domain/order/order-query";
import { serverTimedApi } from "../../../lib/server-clock";
import { canStillChange } from "../lib/order-rules";

/**
 * The drop-off order of the order page, asked again every 5 s while it can still change, so a
 * status change (picked up, overdue) shows without a reload. Its answers set the server's clock,
 * which the overdue redirect compares the deadline with.
 */
export const useOrderDetail = (orderid: number, token: string | null) =>
  useQuery({
    ...orderQueryOptions(String(orderid), token, serverTimedApi),
    refetchInterval: (query) => (keepsAsking(query.state, canStillChange) ? orderPollMs : false),
  });
