import { defineCall } from "../define-call.ts";
import { CancelRentBody, CancelRentResult } from "../entities/order.ts";

/** Orders: rent and drop-off records and their QR codes. */
export const cancelRent = defineCall({
  id: "cancelRent",
  method: "POST",
  path: "/api/v1/box/express/cancelRent",
  summary: "Cancel a rent from the to-store view",
  tag: "orders",
  auth: "bearer",
  statuses: [404, 409],
  body: CancelRentBody,
  response: CancelRentResult,
});
