import { defineCall } from "../define-call.ts";
import { OrderParams } from "../entities/order.ts";
import { PaymentState } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const checkPayment = defineCall({
  id: "checkPayment",
  method: "POST",
  path: "/api/v1/box/payments/{orderid}/check",
  summary:
    "State of the order's latest overdue payment; an open one is first settled from the gateway's record",
  description:
    "The screen a customer returns to after the gateway calls this before it says the payment is being " +
    "confirmed, and again while it waits. A charged payment whose notification was lost is credited here.",
  tag: "payments",
  auth: "bearer",
  params: OrderParams,
  response: PaymentState,
});
