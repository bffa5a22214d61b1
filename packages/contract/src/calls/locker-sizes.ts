import * as z from "zod/mini";
import { defineCall } from "../define-call.ts";
import { LockerSize, LockerSizesParams } from "../entities/locker.ts";

/** Lockers: boxes, their locations and door sizes. */
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
