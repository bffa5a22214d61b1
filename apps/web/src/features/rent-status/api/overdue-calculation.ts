import { calls, type OverdueCalculation } from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiClient, apiClient } from "../../../lib/http/api-client";
import { serverNow } from "../../../lib/http/server-clock";

/** The server's overdue fee of a rent (spec §3, §4): the one rule, shown as it comes. */
export const getOverdueCalculation = (
  orderId: string,
  token: string | null,
  signal?: AbortSignal,
  api: Pick<ApiClient, "request"> = apiClient,
): Promise<OverdueCalculation> =>
  api.request(calls.overdueCalculation, { params: { orderid: orderId }, token, signal });

/**
 * The fee of the rent as its deadline stands: the deadline is part of the key, so one that the
 * polled order moved (a payment, the operator) prices the extension anew. Through the browser's
 * client unless told otherwise (the overdue view's server loader fills this very key).
 */
export const overdueCalculationQueryOptions = (
  orderId: string,
  token: string | null,
  deadline: number | null,
  api: Pick<ApiClient, "request"> = apiClient,
) =>
  queryOptions({
    queryKey: ["rent-status", "overdue-calculation", orderId, deadline] as const,
    queryFn: ({ signal }) => getOverdueCalculation(orderId, token, signal, api),
    retry: false,
    staleTime: 0,
  });

const minuteMs = 60_000;

/**
 * When to ask for the fee again: a quote holds until its `next_overdue_time`, when another hour
 * starts (spec §4: whole hours past the deadline plus one), read on the server's clock; at most a
 * minute later anyway.
 */
export function calculationRefreshMs(data: OverdueCalculation | undefined, now: number): number {
  if (data === undefined) return minuteMs;
  return Math.min(minuteMs, Math.max(1_000, data.next_overdue_time - now + 1_000));
}

/** Requested only with an order id (spec §5); asked again as the fee changes, and when the page is shown again. */
export const useOverdueCalculation = (
  orderId: string | null,
  token: string | null,
  deadline: number | null,
) =>
  useQuery({
    ...overdueCalculationQueryOptions(orderId ?? "", token, deadline),
    enabled: orderId !== null,
    refetchInterval: (query) => calculationRefreshMs(query.state.data, serverNow()),
    refetchOnWindowFocus: true,
  });
