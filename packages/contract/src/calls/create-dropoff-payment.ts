import { defineCall } from "../define-call.ts";
import { AccessTokenQuery, DropoffPaymentBody, PaymentRedirect } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const createDropoffPayment = defineCall({
  id: "createDropoffPayment",
  method: "POST",
  path: "/api/v1/payments/dropoff",
  summary: "Create the overdue payment of a drop-off (non-interface flow)",
  tag: "payments",
  idempotent: true,
  auth: "none",
  statuses: [401, 404, 429, 502, 503],
  query: AccessTokenQuery,
  body: DropoffPaymentBody,
  response: PaymentRedirect,
});
