import { lockerSizes } from "@paxelbox/contract/calls/locker-sizes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiClient, apiClient } from "../../../lib/http/api-client";

/** Door sizes of a box that still have a free door (`[]` → 'No locker available'). */
export const getLockerSizes = (boxId: number, signal?: AbortSignal, api: ApiClient = apiClient) =>
  api.request(lockerSizes, { params: { boxId }, signal });

/** `api`: a server loader's client (the page arrives with the answer). */
export const lockerSizesQueryOptions = (boxId: number, api?: ApiClient) =>
  queryOptions({
    queryKey: ["lockerSizes", boxId],
    queryFn: ({ signal }) => getLockerSizes(boxId, signal, api),
    staleTime: 30_000,
  });

export const useLockerSizes = (boxId: number) => useQuery(lockerSizesQueryOptions(boxId));
