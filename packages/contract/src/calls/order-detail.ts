import { defineCall } from "../define-call.ts";
import { Order, OrderParams } from "../entities/order.ts";

/** Orders: rent and drop-off records and their QR codes. */
export const orderDetail = defineCall({
  id: "orderDetail",
  method: "GET",
  path: "/api/v1/box/express/info/{orderid}/paid",
  summary: "Order detail (rent or drop-off) for its owner",
  tag: "orders",
  auth: "bearer",
  statuses: [304],
  params: OrderParams,
  response: Order,
});
