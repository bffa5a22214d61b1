import { defineCall } from "../define-call.ts";
import { NotificationReceipt, SandboxNotification } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const paymentNotification = defineCall({
  id: "paymentNotification",
  method: "POST",
  path: "/api/v1/payments/notify",
  summary:
    "Signed result of a checkout from the gateway (x-sandbox-signature); the only way a payment becomes paid",
  tag: "payments",
  auth: "none",
  body: SandboxNotification,
  response: NotificationReceipt,
});
