import { calls, type OverdueDropoffDetail } from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/http/api-client";
import { serverNow, serverTimedApi } from "../../lib/http/server-clock";

/**
 * The overdue detail through `api`: `serverTimedApi` in the browser (the screen acts on the
 * deadline, by the server's clock), a server loader's client on the server (ADR 015).
 */
export const getOverdueDetail = (
  orderid: number,
  token: string | null,
  signal?: AbortSignal,
  api: Pick<ApiClient, "request"> = serverTimedApi,
) => api.request(calls.overdueDropoffDetail, { params: { orderid }, token, signal });

export type OverdueDetailResponse = Awaited<ReturnType<typeof getOverdueDetail>>;

/** The full detail comes only with the order link's token; without it just the routing summary. */
export function isFullDetail(data: OverdueDetailResponse | undefined): data is OverdueDropoffDetail {
  return data !== undefined && "expressNumber" in data;
}

export const overdueDetailQueryOptions = (
  orderid: number,
  token: string | null,
  api: Pick<ApiClient, "request"> = serverTimedApi,
) =>
  queryOptions({
    queryKey: ["overdueDropoffDetail", orderid, token],
    queryFn: ({ signal }) => getOverdueDetail(orderid, token, signal, api),
    retry: false,
    staleTime: 0,
  });

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

/**
 * When to ask for a fee's detail again while it is due: its total grows as each day past the
 * deadline starts (the API counts started days), read on the server's clock; at most an hour later
 * anyway (the link's end). Nothing due: not asked again by itself.
 */
export function feeRefreshMs(data: OverdueDetailResponse | undefined, now: number): number | false {
  if (!isFullDetail(data) || data.overdueStatus !== "need_to_pay") return false;
  const nextDay = data.overdueTime + Math.max(1, data.overdueDays) * dayMs;
  return Math.min(hourMs, Math.max(1_000, nextDay - now + 1_000));
}

/** The detail of the page with the fee's form: its total follows the days as they start. */
export const useOverdueDetail = (orderid: number | null, token: string | null) =>
  useQuery({
    ...overdueDetailQueryOptions(orderid ?? 0, token),
    enabled: orderid !== null,
    refetchInterval: (query) => feeRefreshMs(query.state.data, serverNow()),
  });
