import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "../../../lib/http/api-client";
import { lazyRequest } from "../../../lib/lazy-request";

/** Location of a box: names the locker when the link carries no `name`. */
export const getBoxLocation = (boxId: number, signal?: AbortSignal, api?: ApiClient) =>
  lazyRequest(
    () => import("@paxelbox/contract/calls/box-location-detail").then((module) => module.boxLocationDetail),
    { params: { boxId }, query: { "rent-availability": "0" }, signal },
    api,
  );

/** `api`: a server loader's client (the page arrives with the answer). */
export const boxLocationQueryOptions = (boxId: number, api?: ApiClient) =>
  queryOptions({
    queryKey: ["boxLocation", boxId],
    queryFn: ({ signal }) => getBoxLocation(boxId, signal, api),
    staleTime: 5 * 60_000,
  });

export const useBoxLocation = (boxId: number, enabled: boolean) =>
  useQuery({ ...boxLocationQueryOptions(boxId), enabled });
