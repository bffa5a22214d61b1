import { calls, type OverdueCalculation } from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "../../../lib/http/api-client";

/** The server's overdue fee of a rent (spec §3, §4): the one rule, shown as it comes. */
export const getOverdueCalculation = (
  orderId: string,
  token: string | null,
  signal?: AbortSignal,
): Promise<OverdueCalculation> =>
  request(calls.overdueCalculation, { params: { orderid: orderId }, token, signal });

export const overdueCalculationQueryOptions = (orderId: string, token: string | null) =>
  queryOptions({
    queryKey: ["rent-status", "overdue-calculation", orderId] as const,
    queryFn: ({ signal }) => getOverdueCalculation(orderId, token, signal),
    retry: false,
    staleTime: 0,
  });

/** Requested only with an order id (spec §5); refreshed each minute while shown (the fee grows per hour). */
export const useOverdueCalculation = (orderId: string | null, token: string | null) =>
  useQuery({
    ...overdueCalculationQueryOptions(orderId ?? "", token),
    enabled: orderId !== null,
    refetchInterval: 60_000,
  });
