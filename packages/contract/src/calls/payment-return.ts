import * as z from "zod/mini";
import { defineCall } from "../define-call.ts";
import { PaymentReturnParams, PaymentReturnQuery } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const paymentReturn = defineCall({
  id: "paymentReturn",
  method: "GET",
  path: "/api/v1/payments/{paymentId}/return",
  summary:
    "Where a gateway sends the browser back: asks the gateway for the result, settles it, and redirects to the " +
    "shop's success, failed or cancel address with payment_status and overdue=true",
  tag: "payments",
  auth: "none",
  params: PaymentReturnParams,
  query: PaymentReturnQuery,
  response: z.null(),
  responseType: "redirect",
  redirectStatus: 303,
});
