import { defineCall } from "../define-call.ts";
import { CancelRentBody, CancelRentResult } from "../entities/order.ts";

/** Orders: rent and drop-off records and their QR codes. */
export const cancelBooking = defineCall({
  id: "cancelBooking",
  method: "POST",
  path: "/api/v1/box/express/cancelBooking",
  summary: "Cancel a booking that has not been stored yet",
  tag: "orders",
  auth: "bearer",
  statuses: [404, 409],
  body: CancelRentBody,
  response: CancelRentResult,
});
