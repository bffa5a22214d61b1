import { calls } from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "../../../lib/api-client";

/** Door sizes of a box that still have a free door (`[]` → 'No locker available'). */
export const getLockerSizes = (boxId: number, signal?: AbortSignal) =>
  request(calls.lockerSizes, { params: { boxId }, signal });

export const lockerSizesQueryOptions = (boxId: number) =>
  queryOptions({
    queryKey: ["lockerSizes", boxId],
    queryFn: ({ signal }) => getLockerSizes(boxId, signal),
    staleTime: 30_000,
  });

export const useLockerSizes = (boxId: number) => useQuery(lockerSizesQueryOptions(boxId));
