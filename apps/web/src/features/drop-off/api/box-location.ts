import { queryOptions, useQuery } from "@tanstack/react-query";
import { lazyRequest } from "../../../lib/lazy-request";

/** Location of a box: names the locker when the link carries no `name`. */
export const getBoxLocation = (boxId: number, signal?: AbortSignal) =>
  lazyRequest(
    () => import("@paxelbox/contract/calls/box-location-detail").then((module) => module.boxLocationDetail),
    { params: { boxId }, query: { "rent-availability": "0" }, signal },
  );

export const boxLocationQueryOptions = (boxId: number) =>
  queryOptions({
    queryKey: ["boxLocation", boxId],
    queryFn: ({ signal }) => getBoxLocation(boxId, signal),
    staleTime: 5 * 60_000,
  });

export const useBoxLocation = (boxId: number, enabled: boolean) =>
  useQuery({ ...boxLocationQueryOptions(boxId), enabled });
