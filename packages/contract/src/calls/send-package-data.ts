import { ImageBytes } from "../common.ts";
import { defineCall } from "../define-call.ts";
import { PackageData } from "../entities/drop-off.ts";

/** Drop-off: the package form and the overdue fee of a drop-off. */
export const sendPackageData = defineCall({
  id: "sendPackageData",
  method: "POST",
  path: "/api/v1/dropoff/packages",
  summary: "Register a drop-off parcel; returns the QR image (PNG) that stores it at the locker",
  tag: "drop-off",
  auth: "none",
  idempotent: true,
  statuses: [404, 409, 429],
  body: PackageData,
  response: ImageBytes,
  responseType: "image",
});
