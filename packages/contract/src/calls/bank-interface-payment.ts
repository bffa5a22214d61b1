import { defineCall } from "../define-call.ts";
import { BankInterfacePaymentBody, BankInterfacePaymentResult } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const bankInterfacePayment = defineCall({
  id: "bankInterfacePayment",
  method: "POST",
  path: "/api/v1/box/payments",
  summary: "Bank-interface (SNAP) overdue payment of a rent",
  tag: "payments",
  idempotent: true,
  auth: "bearer",
  statuses: [404, 502, 503],
  body: BankInterfacePaymentBody,
  response: BankInterfacePaymentResult,
});
