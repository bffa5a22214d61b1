import { defineCall } from "../define-call.ts";
import { OverdueQr, OverdueQrBody } from "../entities/order.ts";

/** Orders: rent and drop-off records and their QR codes. */
export const overdueQr = defineCall({
  id: "overdueQr",
  method: "POST",
  path: "/api/v1/box/qrcode/payment",
  summary: "QR that ends a rent whose overdue fee is 0 (the QR is also in `message`)",
  tag: "orders",
  auth: "bearer",
  statuses: [404, 409],
  body: OverdueQrBody,
  response: OverdueQr,
});
