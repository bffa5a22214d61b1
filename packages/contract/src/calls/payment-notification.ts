import { defineCall } from "../define-call.ts";
import { MidtransNotification, NotificationReceipt } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const paymentNotification = defineCall({
  id: "paymentNotification",
  method: "POST",
  path: "/api/v1/payments/notify",
  summary:
    "Midtrans HTTP notification of a non-interface checkout (signature_key); the gateway re-sends it until it gets a 2xx",
  tag: "payments",
  auth: "none",
  body: MidtransNotification,
  response: NotificationReceipt,
});
