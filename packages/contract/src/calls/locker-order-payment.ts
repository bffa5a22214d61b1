import { defineCall } from "../define-call.ts";
import { AccessTokenQuery, LockerOrderBody, PaymentRedirect } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const lockerOrderPayment = defineCall({
  id: "lockerOrderPayment",
  method: "POST",
  path: "/api/v1/order/locker",
  summary: "Non-interface overdue payment of a rent",
  tag: "payments",
  idempotent: true,
  auth: "none",
  statuses: [401, 404, 429, 502, 503],
  query: AccessTokenQuery,
  body: LockerOrderBody,
  response: PaymentRedirect,
});
