import { defineCall } from "../define-call.ts";
import { PaymentToken } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const paymentToken = defineCall({
  id: "paymentToken",
  method: "GET",
  path: "/api/auth/token/generate",
  summary: "Short-lived access token for the non-interface payment calls",
  tag: "payments",
  auth: "bearer",
  response: PaymentToken,
});
