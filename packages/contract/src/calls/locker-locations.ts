import { defineCall } from "../define-call.ts";
import { LockerList, LockerSearchQuery } from "../entities/locker.ts";

/** Lockers: boxes, their locations and door sizes. */
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
