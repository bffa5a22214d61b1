import { boxLocationDetail } from "@paxelbox/contract/calls/box-location-detail";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiClient, apiClient } from "../../../lib/http/api-client";

/** Location of a box: names the locker when the link carries no `name`. */
export const getBoxLocation = (boxId: number, signal?: AbortSignal, api: ApiClient = apiClient) =>
  api.request(boxLocationDetail, { params: { boxId }, query: { "rent-availability": "0" }, signal });

/** `api`: a server loader's client (the page arrives with the answer). */
export const boxLocationQueryOptions = (boxId: number, api?: ApiClient) =>
  queryOptions({
    queryKey: ["boxLocation", boxId],
    queryFn: ({ signal }) => getBoxLocation(boxId, signal, api),
    staleTime: 5 * 60_000,
  });

export const useBoxLocation = (boxId: number, enabled: boolean) =>
  useQuery({ ...boxLocationQueryOptions(boxId), enabled });
