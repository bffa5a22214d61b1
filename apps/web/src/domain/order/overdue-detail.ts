import { calls, type OverdueDropoffDetail } from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/http/api-client";
import { serverTimedApi } from "../../lib/http/server-clock";

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

export const useOverdueDetail = (orderid: number | null, token: string | null) =>
  useQuery({ ...overdueDetailQueryOptions(orderid ?? 0, token), enabled: orderid !== null });
