import * as z from "zod/mini";
import { defineCall } from "../define-call.ts";
import {
  BoxLocationDetail,
  BoxLocationParams,
  BoxLocationQuery,
  LockerList,
  LockerSearchQuery,
  LockerSize,
  LockerSizesParams,
} from "../entities/locker.ts";

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

export const lockerLocations = defineCall({
  id: "lockerLocations",
  method: "GET",
  path: "/api/v1/box/lockers",
  summary: "Locker finder: search by name or area, nearest first when lat and lng are given",
  tag: "lockers",
  auth: "none",
  query: LockerSearchQuery,
  response: LockerList,
});

export const lockerSizes = defineCall({
  id: "lockerSizes",
  method: "GET",
  path: "/api/v1/box/lockers/{boxId}/sizes",
  summary: "Door sizes of a box with their availability",
  tag: "lockers",
  auth: "none",
  params: LockerSizesParams,
  response: z.array(LockerSize),
});
