import { queryOptions, useQuery } from "@tanstack/react-query";
import { lazyRequest } from "../../../lib/lazy-request";

/** Door sizes of a box that still have a free door (`[]` → 'No locker available'). */
export const getLockerSizes = (boxId: number, signal?: AbortSignal) =>
  lazyRequest(() => import("@paxelbox/contract/calls/locker-sizes").then((module) => module.lockerSizes), {
    params: { boxId },
    signal,
  });

export const lockerSizesQueryOptions = (boxId: number) =>
  queryOptions({
    queryKey: ["lockerSizes", boxId],
    queryFn: ({ signal }) => getLockerSizes(boxId, signal),
    staleTime: 30_000,
  });

export const useLockerSizes = (boxId: number) => useQuery(lockerSizesQueryOptions(boxId));
