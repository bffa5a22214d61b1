import { z } from "zod";
import { EpochMillis, Language, NumericId, Rupiah } from "../common.ts";
import { InvoiceNumber, OverdueEmail } from "./drop-off.ts";

const Url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2000);

/** Bank-interface (SNAP-style) overdue payment of a rent (spec §7). */
export const BankInterfacePaymentBody = z.object({
  additionalInfo: z.object({
    customerDetails: z.object({
      firstName: z.string().max(100),
      lastName: z.string().max(100).optional(),
      email: z.string().max(254).optional(),
      phone: z.string().max(20),
    }),
    items: z
      .array(
        z.object({
          brand: z.string().max(100),
          category: z.string().max(100),
          id: z.string().max(64),
          name: z.string().max(200),
          price: z.object({ currency: z.literal("IDR"), value: z.string().regex(/^\d+(\.\d{2})?$/) }),
          quantity: z.literal(1),
        }),
      )
      .min(1)
      .max(10),
    language: Language,
    payOptionDetails: z.array(z.record(z.string(), z.unknown())).max(10).default([]),
  }),
  isOverdue: z.literal(true),
  overdueDuration: z.number().int().positive(),
  partnerReferenceNo: z.string().min(1).max(64).describe("order number"),
  urlParam: z
    .array(z.object({ url: Url, type: z.literal("PAY_RETURN"), isDeeplink: z.enum(["Y", "N"]) }))
    .min(1)
    .max(3),
});
export const BankInterfacePaymentResult = z.object({
  checkoutUrl: z.string(),
  partnerReferenceNo: z.string(),
  referenceNo: z.string(),
});

/** Non-interface flow: a short-lived access token, then the locker order. */
export const PaymentToken = z.object({ access_token: z.string(), expires_in: z.number().int() });
export const AccessTokenQuery = z.object({
  access_token: z.string().min(1, { error: "access_token is required" }).max(200),
});

export const LockerOrderBody = z.object({
  order_info: z.object({
    name: z.string().max(100),
    box_name: z.string().max(200),
    phone_number: z.string().max(20),
    cancel_url: Url,
    success_url: Url,
    failed_url: Url,
    payment_type: z.literal("extention"),
    localization: z.literal("indonesia"),
    box_id: NumericId,
    door_number: z.string().max(10),
    order_id: NumericId,
    price: Rupiah,
    size: z.string().max(20),
    loker_order_type: z.literal("rental"),
    duration: z.number().int().positive(),
    currency: z.literal("Rp"),
    client: z.literal("userapp_locker"),
  }),
});
export const PaymentRedirect = z.object({ payment_url: z.string() });

/** Drop-off create payment (spec §7). */
export const DropoffPaymentBody = z.object({
  client: z.literal("overdue_dropoff_locker"),
  email: OverdueEmail,
  invoice_number: InvoiceNumber,
  cashier_name: z.string().max(100),
  phone_number: z.string().max(20),
  success_url: Url,
  failed_url: Url,
  cancel_url: Url,
  locker_order_type: z.literal("Drop Off"),
  order_info: z
    .array(
      z.object({
        order_id: NumericId,
        name: z.string().max(100),
        box_id: NumericId,
        door_number: z.string().max(10),
        box_name: z.string().max(200),
        size: z.string().max(20),
        localization: z.string().max(20),
        duration: z.number().int().nonnegative(),
        price: Rupiah,
        currency: z.literal("Rp"),
        payment_type: z.literal("extention"),
      }),
    )
    .min(1)
    .max(1),
});

/** Snap overdue drop-off payment (spec §7), used when `snap_bi_dropoff` is enabled. */
export const SnapDropoffPaymentBody = z.object({
  order_id: NumericId,
  order_number: z.string().max(64),
  email: OverdueEmail,
  invoice_number: InvoiceNumber,
  overdue_time: EpochMillis,
  overdue_days: z.number().int().nonnegative(),
  overdue_total_price: Rupiah,
  recipient_name: z.string().max(100),
  phone: z.string().max(20),
  url_param: Url,
  language: Language,
});
export const SnapDropoffPaymentResult = z.object({ checkout_url: z.string() });

/** Values the payment return URLs carry (spec §4). */
export const PaymentReturnStatus = z.enum(["SUCCESS", "FAILED", "CANCELLED"]);

/** Signed callback of the sandbox gateway (header `x-sandbox-signature`: HMAC-SHA256 of the body). */
export const SandboxNotification = z.object({
  eventId: z.string().min(1).max(64),
  referenceNo: z.string().min(1).max(64),
  externalId: z.string().max(64).optional(),
  partnerReferenceNo: z.string().max(64),
  status: z.enum(["SUCCESS", "FAILED", "CANCELLED"]),
  amount: Rupiah,
});

/** Signed callback of a SNAP bank interface (headers `x-timestamp`, `x-signature`). */
export const SnapNotification = z.object({
  originalPartnerReferenceNo: z.string().max(64),
  originalReferenceNo: z.string().min(1).max(64),
  originalExternalId: z.string().max(64).optional(),
  latestTransactionStatus: z
    .enum(["00", "03", "05", "06"])
    .describe("00 success, 03 pending, 05 cancelled, 06 failed"),
  transactionStatusDesc: z.string().max(64).optional(),
  amount: z.object({ value: z.string().regex(/^\d+\.\d{2}$/), currency: z.literal("IDR") }),
  additionalInfo: z.object({ eventId: z.string().min(1).max(64) }),
});

export const NotificationReceipt = z.object({ duplicate: z.boolean(), status: z.string() });
