import { defineCall } from "../define-call.ts";
import { BoxLocationDetail, BoxLocationParams, BoxLocationQuery } from "../entities/locker.ts";

/** Lockers: boxes, their locations and door sizes. */
export const boxLocationDetail = defineCall({
  id: "boxLocationDetail",
  method: "GET",
  path: "/api/v1/box/lockers/detail/{boxId}",
  summary: "Location of a box",
  tag: "lockers",
  auth: "none",
  params: BoxLocationParams,
  query: BoxLocationQuery,
  response: BoxLocationDetail,
});
