import { calls, type OverdueDropoffDetail } from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { serverTimedApi } from "../../../lib/server-clock";

export const getOverdueDetail = (orderid: number, token: string | null, signal?: AbortSignal) =>
  serverTimedApi.request(calls.overdueDropoffDetail, { params: { orderid }, token, signal });

export type OverdueDetailResponse = Awaited<ReturnType<typeof getOverdueDetail>>;

/** The full detail comes only with the order link's token; without it just the routing summary. */
export function isFullDetail(data: OverdueDetailResponse | undefined): data is OverdueDropoffDetail {
  return data !== undefined && "expressNumber" in data;
}

export const overdueDetailQueryOptions = (orderid: number, token: string | null) =>
  queryOptions({
    queryKey: ["overdueDropoffDetail", orderid, token],
    queryFn: ({ signal }) => getOverdueDetail(orderid, token, signal),
    retry: false,
    staleTime: 0,
  });

export const useOverdueDetail = (orderid: number | null, token: string | null) =>
  useQuery({ ...overdueDetailQueryOptions(orderid ?? 0, token), enabled: orderid !== null });
