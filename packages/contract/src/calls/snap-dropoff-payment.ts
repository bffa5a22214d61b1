import { defineCall } from "../define-call.ts";
import { SnapDropoffPaymentBody, SnapDropoffPaymentResult } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const snapDropoffPayment = defineCall({
  id: "snapDropoffPayment",
  method: "POST",
  path: "/api/v1/dropoff/overdue/payments",
  summary: "Bank-interface (SNAP) overdue payment of a drop-off",
  tag: "payments",
  idempotent: true,
  auth: "bearer",
  statuses: [404, 502, 503],
  body: SnapDropoffPaymentBody,
  response: SnapDropoffPaymentResult,
});
