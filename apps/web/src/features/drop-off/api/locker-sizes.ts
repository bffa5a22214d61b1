import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/http/api-client";
import { lazyRequest } from "../../../lib/lazy-request";

/** Door sizes of a box that still have a free door (`[]` → 'No locker available'). */
export const getLockerSizes = (boxId: number, signal?: AbortSignal, api?: ApiClient) =>
  lazyRequest(
    () => import("@paxelbox/contract/calls/locker-sizes").then((module) => module.lockerSizes),
    { params: { boxId }, signal },
    api,
  );

/** `api`: a server loader's client (the page arrives with the answer). */
export const lockerSizesQueryOptions = (boxId: number, api?: ApiClient) =>
  queryOptions({
    queryKey: ["lockerSizes", boxId],
    queryFn: ({ signal }) => getLockerSizes(boxId, signal, api),
    staleTime: 30_000,
  });

export const useLockerSizes = (boxId: number) => useQuery(lockerSizesQueryOptions(boxId));
