import * as z from "zod/mini";
import {
  Count,
  checked,
  described,
  EpochMillis,
  Language,
  NumericId,
  PositiveCount,
  Rupiah,
} from "../common.ts";
import { InvoiceNumber, OverdueEmail } from "./drop-off.ts";

const Url = checked(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }), z.maxLength(2000));

/** Text of at most `max` characters. */
/* @__NO_SIDE_EFFECTS__ */
function text(max: number) {
  return checked(z.string(), z.maxLength(max));
}
/** Non-empty text of at most `max` characters. */
/* @__NO_SIDE_EFFECTS__ */
function requiredText(max: number) {
  return checked(z.string(), z.minLength(1), z.maxLength(max));
}

/** Bank-interface (SNAP-style) overdue payment of a rent (spec §7). */
export const BankInterfacePaymentBody = z.object({
  additionalInfo: z.object({
    customerDetails: z.object({
      firstName: text(100),
      lastName: z.optional(text(100)),
      email: z.optional(text(254)),
      phone: text(20),
    }),
    items: checked(
      z.array(
        z.object({
          brand: text(100),
          category: text(100),
          id: text(64),
          name: text(200),
          price: z.object({
            currency: z.literal("IDR"),
            value: checked(z.string(), z.regex(/^\d{1,12}(\.\d{2})?$/)),
          }),
          quantity: z.literal(1),
        }),
      ),
      z.minLength(1),
      z.maxLength(10),
    ),
    language: Language,
    payOptionDetails: z._default(checked(z.array(z.record(z.string(), z.unknown())), z.maxLength(10)), []),
  }),
  isOverdue: z.literal(true),
  overdueDuration: PositiveCount,
  partnerReferenceNo: described(requiredText(64), "order number"),
  urlParam: checked(
    z.array(z.object({ url: Url, type: z.literal("PAY_RETURN"), isDeeplink: z.enum(["Y", "N"]) })),
    z.minLength(1),
    z.maxLength(3),
  ),
});
export const BankInterfacePaymentResult = z.object({
  checkoutUrl: z.string(),
  partnerReferenceNo: z.string(),
  referenceNo: z.string(),
});

/** Non-interface flow: a short-lived access token, then the locker order. */
export const PaymentToken = z.object({ access_token: z.string(), expires_in: z.int() });
export const AccessTokenQuery = z.strictObject({
  access_token: checked(z.string(), z.minLength(1, { error: "access_token is required" }), z.maxLength(200)),
});

export const LockerOrderBody = z.object({
  order_info: z.object({
    name: text(100),
    box_name: text(200),
    phone_number: text(20),
    cancel_url: Url,
    success_url: Url,
    failed_url: Url,
    payment_type: z.literal("extention"),
    localization: z.literal("indonesia"),
    box_id: NumericId,
    door_number: text(10),
    order_id: NumericId,
    price: Rupiah,
    size: text(20),
    loker_order_type: z.literal("rental"),
    duration: PositiveCount,
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
  cashier_name: text(100),
  phone_number: text(20),
  success_url: Url,
  failed_url: Url,
  cancel_url: Url,
  locker_order_type: z.literal("Drop Off"),
  order_info: checked(
    z.array(
      z.object({
        order_id: NumericId,
        name: text(100),
        box_id: NumericId,
        door_number: text(10),
        box_name: text(200),
        size: text(20),
        localization: text(20),
        duration: Count,
        price: Rupiah,
        currency: z.literal("Rp"),
        payment_type: z.literal("extention"),
      }),
    ),
    z.minLength(1),
    z.maxLength(1),
  ),
});

/** Snap overdue drop-off payment (spec §7), used when `snap_bi_dropoff` is enabled. */
export const SnapDropoffPaymentBody = z.object({
  order_id: NumericId,
  order_number: text(64),
  email: OverdueEmail,
  invoice_number: InvoiceNumber,
  overdue_time: EpochMillis,
  overdue_days: Count,
  overdue_total_price: Rupiah,
  recipient_name: text(100),
  phone: text(20),
  url_param: Url,
  language: Language,
});
export const SnapDropoffPaymentResult = z.object({ checkout_url: z.string() });

/** Values the payment return URLs carry (spec §4). */
export const PaymentReturnStatus = z.enum(["SUCCESS", "FAILED", "CANCELLED"]);

/**
 * HTTP notification of a Midtrans Snap transaction (the non-interface flow). `signature_key` is
 * SHA-512 of order_id + status_code + gross_amount + the server key, hex. Every
 * `transaction_status` Midtrans notifies is here: one the API could not read would be answered 400,
 * and Midtrans would re-send it for ever.
 */
export const MidtransNotification = z.object({
  transaction_time: z.optional(text(40)),
  transaction_status: described(
    z.enum([
      "authorize",
      "capture",
      "settlement",
      "pending",
      "deny",
      "cancel",
      "expire",
      "failure",
      "refund",
      "partial_refund",
      "chargeback",
      "partial_chargeback",
    ]),
    "capture (fraud_status accept) and settlement: charged; authorize, pending, capture challenged: not yet; deny, failure, cancel, expire: not charged; refund, partial_refund, chargeback, partial_chargeback: given back after a charge",
  ),
  transaction_id: requiredText(64),
  status_message: z.optional(text(200)),
  status_code: checked(z.string(), z.regex(/^\d{3}$/)),
  signature_key: checked(z.string(), z.regex(/^[0-9a-f]{128}$/)),
  payment_type: z.optional(text(40)),
  order_id: requiredText(64),
  merchant_id: z.optional(text(64)),
  gross_amount: checked(z.string(), z.regex(/^\d{1,12}\.\d{2}$/)),
  fraud_status: z.optional(text(20)),
  currency: z.optional(text(3)),
});

/**
 * Signed callback of a SNAP bank interface (headers `x-timestamp`, `x-signature`), as the standard
 * writes it: every latestTransactionStatus, and `additionalInfo` as the bank fills it (its own
 * fields, `refundHistory`…) or not at all. An `eventId` there, when a bank sends one, names the
 * event; otherwise the reference and status do.
 */
export const SnapNotification = z.object({
  originalPartnerReferenceNo: text(64),
  originalReferenceNo: requiredText(64),
  originalExternalId: z.optional(text(64)),
  latestTransactionStatus: described(
    z.enum(["00", "01", "02", "03", "04", "05", "06", "07"]),
    "00 success, 01 initiated, 02 paying, 03 pending, 04 refunded, 05 cancelled, 06 failed, 07 not found",
  ),
  transactionStatusDesc: z.optional(text(64)),
  amount: z.object({
    value: checked(z.string(), z.regex(/^\d{1,12}\.\d{2}$/)),
    currency: z.literal("IDR"),
  }),
  additionalInfo: z.optional(z.looseObject({ eventId: z.optional(requiredText(64)) })),
});

export const NotificationReceipt = z.object({ duplicate: z.boolean(), status: z.string() });

/**
 * The state of an order's latest overdue payment, after asking the gateway when it is still open.
 * NONE: no payment was made for the order. PENDING: the gateway has not settled it yet.
 */
export const PaymentState = z.object({
  status: z.enum(["NONE", "PENDING", "SUCCESS", "FAILED", "CANCELLED", "EXPIRED", "REFUNDED"]),
  purpose: z.nullable(z.enum(["rent-overdue", "dropoff-overdue"])),
  amount: z.nullable(Rupiah),
  /** When the payment was created (epoch ms). */
  createdAt: z.nullable(EpochMillis),
  /** When it was paid (epoch ms). */
  paidAt: z.nullable(EpochMillis),
});
export type PaymentState = z.infer<typeof PaymentState>;

/** Path of the gateway's return: the API asks the gateway, then sends the browser to the shop's page. */
export const PaymentReturnParams = z.object({
  paymentId: checked(z.string(), z.regex(/^PAY[A-Z0-9]{1,40}$/, { error: "is not a payment id" })),
});

/**
 * What a gateway appends to its return address (Midtrans: `order_id`, `status_code`,
 * `transaction_status`, `merchant_id`). Only `transaction_status` is read, as a hint for a payment
 * the gateway has not confirmed yet: it is never proof of payment. The one query that ignores
 * parameters it does not name (docs/api.md): a gateway may append more, and the customer coming
 * back from paying must never meet a 400.
 */
export const PaymentReturnQuery = z.looseObject({
  order_id: z.optional(text(200)),
  status_code: z.optional(text(200)),
  transaction_status: z.optional(text(200)),
  merchant_id: z.optional(text(200)),
});
