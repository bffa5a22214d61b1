import { defineCall } from "../define-call.ts";
import {
  CancelRentBody,
  CancelRentResult,
  Order,
  OrderParams,
  OverdueCalculation,
  OverdueQr,
  OverdueQrBody,
  TemporaryQr,
  TemporaryQrBody,
} from "../entities/order.ts";

/** Orders: rent and drop-off records and their QR codes. */

export const orderDetail = defineCall({
  id: "orderDetail",
  method: "GET",
  path: "/api/v1/box/express/info/{orderid}/paid",
  summary: "Order detail (rent or drop-off) for its owner",
  tag: "orders",
  auth: "bearer",
  params: OrderParams,
  response: Order,
});

export const temporaryQr = defineCall({
  id: "temporaryQr",
  method: "POST",
  path: "/api/v1/box/qrcode/temporary",
  summary: "One-time QR that opens the rented door during the rent",
  tag: "orders",
  auth: "bearer",
  body: TemporaryQrBody,
  response: TemporaryQr,
});

export const overdueQr = defineCall({
  id: "overdueQr",
  method: "POST",
  path: "/api/v1/box/qrcode/payment",
  summary: "QR that ends a rent whose overdue fee is 0 (the QR is also in `message`)",
  tag: "orders",
  auth: "bearer",
  body: OverdueQrBody,
  response: OverdueQr,
});

export const cancelBooking = defineCall({
  id: "cancelBooking",
  method: "POST",
  path: "/api/v1/box/express/cancelBooking",
  summary: "Cancel a booking that has not been stored yet",
  tag: "orders",
  auth: "bearer",
  body: CancelRentBody,
  response: CancelRentResult,
});

export const cancelRent = defineCall({
  id: "cancelRent",
  method: "POST",
  path: "/api/v1/box/express/cancelRent",
  summary: "Cancel a rent from the to-store view",
  tag: "orders",
  auth: "bearer",
  body: CancelRentBody,
  response: CancelRentResult,
});

export const overdueCalculation = defineCall({
  id: "overdueCalculation",
  method: "GET",
  path: "/api/v1/box/rental/overdue-calculation/{orderid}",
  summary: "Overdue fee of a rent: fee per unit × increase duration",
  tag: "orders",
  auth: "bearer",
  params: OrderParams,
  response: OverdueCalculation,
});
