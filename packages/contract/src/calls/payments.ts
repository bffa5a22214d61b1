import { defineCall } from "../define-call.ts";
import {
  AccessTokenQuery,
  BankInterfacePaymentBody,
  BankInterfacePaymentResult,
  DropoffPaymentBody,
  LockerOrderBody,
  NotificationReceipt,
  PaymentRedirect,
  PaymentToken,
  SandboxNotification,
  SnapDropoffPaymentBody,
  SnapDropoffPaymentResult,
  SnapNotification,
} from "../entities/payment.ts";

/** Payments: overdue fees of rents and drop-offs, and the gateways' notifications. */

export const bankInterfacePayment = defineCall({
  id: "bankInterfacePayment",
  method: "POST",
  path: "/api/v1/box/payments",
  summary: "Bank-interface (SNAP) overdue payment of a rent",
  tag: "payments",
  auth: "bearer",
  body: BankInterfacePaymentBody,
  response: BankInterfacePaymentResult,
});

export const paymentToken = defineCall({
  id: "paymentToken",
  method: "GET",
  path: "/api/auth/token/generate",
  summary: "Short-lived access token for the non-interface payment calls",
  tag: "payments",
  auth: "bearer",
  response: PaymentToken,
});

export const lockerOrderPayment = defineCall({
  id: "lockerOrderPayment",
  method: "POST",
  path: "/api/v1/order/locker",
  summary: "Non-interface overdue payment of a rent",
  tag: "payments",
  auth: "none",
  query: AccessTokenQuery,
  body: LockerOrderBody,
  response: PaymentRedirect,
});

export const createDropoffPayment = defineCall({
  id: "createDropoffPayment",
  method: "POST",
  path: "/api/v1/payments/dropoff",
  summary: "Create the overdue payment of a drop-off (non-interface flow)",
  tag: "payments",
  auth: "none",
  query: AccessTokenQuery,
  body: DropoffPaymentBody,
  response: PaymentRedirect,
});

export const snapDropoffPayment = defineCall({
  id: "snapDropoffPayment",
  method: "POST",
  path: "/api/v1/dropoff/overdue/payments",
  summary: "Bank-interface (SNAP) overdue payment of a drop-off",
  tag: "payments",
  auth: "bearer",
  body: SnapDropoffPaymentBody,
  response: SnapDropoffPaymentResult,
});

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

export const snapPaymentNotification = defineCall({
  id: "snapPaymentNotification",
  method: "POST",
  path: "/api/v1/payments/snap/notify",
  summary: "Signed result of a bank-interface (SNAP) checkout (x-timestamp, x-signature)",
  tag: "payments",
  auth: "none",
  body: SnapNotification,
  response: NotificationReceipt,
});
