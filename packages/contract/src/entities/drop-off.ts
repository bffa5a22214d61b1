import * as z from "zod/mini";
import { Count, checked, described, EpochMillis, NumericId, Rupiah } from "../common.ts";
import { dropOffMessages, mobileNumberPattern, packagePhotoMaxBytes } from "./drop-off-texts.ts";
import { MouthTypeName } from "./locker.ts";
import { OrderStatusValue } from "./order.ts";

export const OverdueStatus = z.enum(["need_to_pay", "none", "expired"]);
export type OverdueStatus = z.infer<typeof OverdueStatus>;

const d = dropOffMessages;

/** Photo as a data URL of an image type; size and magic bytes are re-checked on the server. */
export const PhotoDataUrl = checked(
  z.string({ error: d.packagePhoto }),
  z.minLength(1, { error: d.packagePhoto }),
  z.maxLength(Math.ceil((packagePhotoMaxBytes * 4) / 3) + 64, {
    error: "Package Photo is too large (at most 2 MB)",
  }),
  z.regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, {
    error: "Package Photo must be a JPEG, PNG or WebP image",
  }),
);

/** A name field of the drop-off form: trimmed, required, at most 100 characters. */
/* @__NO_SIDE_EFFECTS__ */
function nameField(message: string) {
  return checked(
    z.string({ error: message }),
    z.trim(),
    z.minLength(1, { error: message }),
    z.maxLength(100),
  );
}

/** Send package data (spec §7): the result is the QR image that stores the parcel. */
export const PackageData = z.object({
  takeUserPhoneNumber: checked(
    z.string({ error: d.recipientMobileNumber }),
    z.trim(),
    z.minLength(1, { error: d.recipientMobileNumber }),
    z.regex(mobileNumberPattern, { error: d.recipientMobileNumberFormat }),
  ),
  box: z.object({ id: NumericId }),
  mouth: z.object({ mouthType: z.object({ name: MouthTypeName }) }),
  photo: PhotoDataUrl,
  recipientName: nameField(d.recipientName),
  takeUserLanguage: z._default(z.literal("Indonesia"), "Indonesia"),
  senderName: nameField(d.senderName),
});
export type PackageData = z.input<typeof PackageData>;

export const OverdueDropoffParams = z.object({ orderid: NumericId });

/** What anybody holding the order number learns: enough to route the landing page. */
export const OverdueDropoffSummary = z.object({
  id: z.int(),
  status: OrderStatusValue,
  overdueStatus: OverdueStatus,
});

/**
 * Invoice number of a drop-off's overdue fee (spec §9 shape): drawn once per fee by the API and
 * shown by the page, which sends it back with the submit.
 */
export const invoiceNumberPattern = /^INV-DOL-[A-Z0-9]{6}-[A-Z0-9]{4}$/;
export const InvoiceNumber = checked(
  z.string(),
  z.regex(invoiceNumberPattern, { error: "invoice_number must look like INV-DOL-XXXXXX-XXXX" }),
);

/** Full overdue drop-off detail (spec §3), for the recipient holding the order link. */
export const OverdueDropoffDetail = z.extend(OverdueDropoffSummary, {
  expressNumber: z.string(),
  senderName: z.string(),
  recipientName: z.string(),
  takeUserPhoneNumber: z.string(),
  createTime: EpochMillis,
  overdueTime: EpochMillis,
  overdueDays: checked(z.int(), z.nonnegative()),
  overdueBasePrice: described(Rupiah, "fee per day"),
  overdueTotalPrice: Rupiah,
  mouth: z.object({
    number: z.string(),
    mouthType: z.object({ name: MouthTypeName }),
    box: z.object({ id: z.int(), name: z.string() }),
  }),
  barcode: z.nullable(z.object({ id: z.string() })),
  /** The fee's invoice number while a fee is due (need_to_pay), kept until it is paid. */
  invoiceNumber: z.nullable(InvoiceNumber),
  /** The email the receiver gave for this fee before a payment attempt, kept until it is paid. */
  receiverEmail: z.nullable(z.string()),
});
export type OverdueDropoffDetail = z.infer<typeof OverdueDropoffDetail>;

export const OverdueDropoffDetailResponse = z.union([OverdueDropoffDetail, OverdueDropoffSummary]);

export const overdueEmailMessage = "Email is not valid";
/** zod's email pattern (`z.regexes.email`) with the blanks around it that trimming removes. */
const paddedEmailPattern =
  /^\s*(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}\s*$/;

/**
 * The receiver's email (spec §5): trimmed, then an address; empty is refused with the spec's
 * message. One string schema, not a pipe into `z.email()`, so that the OpenAPI document (which
 * shows a pipe's input side) carries the very pattern the API checks.
 */
export const OverdueEmail = checked(
  z.string({ error: overdueEmailMessage }),
  z.trim(),
  z.maxLength(254, { error: overdueEmailMessage, abort: true }),
  z.regex(paddedEmailPattern, { error: overdueEmailMessage }),
);

/** Overdue drop-off submit (spec §7): amounts are echoed by the page and re-computed by the server. */
export const OverdueDropoffSubmitBody = z.object({
  email: OverdueEmail,
  invoice_number: InvoiceNumber,
  overdue_time: EpochMillis,
  overdue_days: Count,
  overdue_total_price: Rupiah,
});
export const OverdueDropoffSubmitResult = z.object({ code: z.int() });
