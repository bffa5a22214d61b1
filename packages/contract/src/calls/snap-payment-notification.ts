import { defineCall } from "../define-call.ts";
import { NotificationReceipt, SnapNotification } from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */
export const snapPaymentNotification = defineCall({
  id: "snapPaymentNotification",
  method: "POST",
  path: "/api/v1/payments/snap/notify",
  summary: "Signed result of a bank-interface (SNAP) checkout (x-timestamp, x-signature)",
  tag: "payments",
  auth: "none",
  body: SnapNotification,
  // 401: a signature that does not verify (or a flow that is off); 404: not one of our payments.
  statuses: [401, 404],
  response: NotificationReceipt,
});
