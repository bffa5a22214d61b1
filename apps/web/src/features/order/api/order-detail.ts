import { calls } from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "../../../lib/api-client";
import { isConnectionError } from "../../../lib/offline-cache";

/** Re-reads the order so a status change (picked up, overdue) shows without a reload. */
export const orderRefreshMs = 5000;

export const getOrderDetail = (orderid: number, token: string | null, signal?: AbortSignal) =>
  request(calls.orderDetail, { params: { orderid }, token, signal });

export const orderDetailQueryOptions = (orderid: number, token: string | null) =>
  queryOptions({
    queryKey: ["orderDetail", orderid, token],
    queryFn: ({ signal }) => getOrderDetail(orderid, token, signal),
    // Only an order that can still change (stored, or waiting to be stored) is asked again.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      // A refusal stops the refresh; a lost connection does not (it resumes when the signal returns).
      if (query.state.status === "error" && !isConnectionError(query.state.error)) return false;
      return status === undefined || status === "IN_STORE" || status === "IMPORTED" ? orderRefreshMs : false;
    },
    retry: false,
  });

export const useOrderDetail = (orderid: number, token: string | null) =>
  useQuery(orderDetailQueryOptions(orderid, token));
