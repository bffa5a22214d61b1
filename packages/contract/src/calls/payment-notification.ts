import { defineCall } from "../define-call.ts";
import { MidtransNotification, NotificationReceipt } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const paymentNotification = defineCall({
  id: "paymentNotification",
  method: "POST",
  path: "/api/v1/payments/notify",
  summary:
    "Midtrans HTTP notification of a non-interface checkout (signature_key); the gateway re-sends it until it gets a 2xx",
  description:
    "The notification URL of the Midtrans dashboard. Every notification with a valid signature_key for a known order_id is answered 200, whatever its transaction_status.",
  tag: "payments",
  auth: "none",
  body: MidtransNotification,
  // 401: a signature that does not verify (or a flow that is off); 404: not one of our payments.
  statuses: [401, 404],
  response: NotificationReceipt,
});
