import { defineCall } from "../define-call.ts";
import { TemporaryQr, TemporaryQrBody } from "../entities/order.ts";

/** Orders: rent and drop-off records and their QR codes. */
export const temporaryQr = defineCall({
  id: "temporaryQr",
  method: "POST",
  path: "/api/v1/box/qrcode/temporary",
  summary: "One-time QR that opens the rented door during the rent",
  tag: "orders",
  auth: "bearer",
  statuses: [404, 409],
  body: TemporaryQrBody,
  response: TemporaryQr,
});
