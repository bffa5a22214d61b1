import { defineCall } from "../define-call.ts";
import { OrderParams, OverdueCalculation } from "../entities/order.ts";

/** Orders: rent and drop-off records and their QR codes. */
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
