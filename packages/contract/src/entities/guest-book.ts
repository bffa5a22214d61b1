import * as z from "zod/mini";
import { checked } from "../common.ts";

export const BusinessType = z.enum(["Individu", "Business"]);
export type BusinessType = z.infer<typeof BusinessType>;

export const GuestBookPurpose = z.enum(["paxelbox_locker", "advertise_in_paxelbox"]);

/** Spec §5 messages, word for word. */
export const guestBookMessages = {
  senderNameRequired: "Sender Name should not empty",
  senderContactRequired: "Sender Contact should not empty",
  senderContactFormat: "Sender Contact should started 0 and between 8 to 13 numbers",
  emailRequired: "Email Address should not empty",
  emailInvalid: "Email Address not valid",
  purposeRequired: "You should choose one",
  messageRequired: "Message should not empty",
  termRequired: "You should accept Terms and Conditions",
} as const;

/** Guest-book phone: digits only, starts with 0 or 6, then 8 to 13 digits. */
export const guestBookPhonePattern = /^[06]\d{8,13}$/;

const m = guestBookMessages;

/** Fields of the guest-book form, shared by the form and the API. */
export const guestBookFields = {
  sender_name: checked(
    z.string({ error: m.senderNameRequired }),
    z.trim(),
    z.minLength(1, { error: m.senderNameRequired }),
    z.maxLength(100),
  ),
  sender_contact: z.pipe(
    z.pipe(
      z.string({ error: m.senderContactRequired }),
      z.transform((value: string) => value.replace(/\D/g, "")),
    ),
    checked(
      z.string(),
      z.minLength(1, { error: m.senderContactRequired, abort: true }),
      z.regex(guestBookPhonePattern, { error: m.senderContactFormat }),
    ),
  ),
  email_address: z.pipe(
    checked(
      z.string({ error: m.emailRequired }),
      z.trim(),
      z.minLength(1, { error: m.emailRequired }),
      z.maxLength(254),
    ),
    z.email({ error: m.emailInvalid }),
  ),
  purpose: checked(
    z.union([GuestBookPurpose, z.literal("")]),
    z.refine((value) => value !== "", { error: m.purposeRequired }),
  ),
  message: checked(
    z.string({ error: m.messageRequired }),
    z.trim(),
    z.minLength(1, { error: m.messageRequired }),
    z.maxLength(2000),
  ),
  term_check: checked(
    z.boolean(),
    z.refine((value) => value, { error: m.termRequired }),
  ),
};

export const GuestBookForm = z.object({ ...guestBookFields, business_type: z.optional(BusinessType) });
export type GuestBookForm = z.input<typeof GuestBookForm>;

/** What the send call carries (spec §7: email as sender_email, purpose as requested_value, captcha token). */
export const GuestBookSubmission = z.object({
  sender_name: guestBookFields.sender_name,
  sender_contact: guestBookFields.sender_contact,
  sender_email: guestBookFields.email_address,
  requested_value: GuestBookPurpose,
  message: guestBookFields.message,
  business_type: z.optional(BusinessType),
  token: z._default(checked(z.string(), z.trim(), z.maxLength(4000)), ""),
});
export type GuestBookSubmission = z.input<typeof GuestBookSubmission>;

export const GuestBookResult = z.object({
  white_papers: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type GuestBookResult = z.infer<typeof GuestBookResult>;

/** How the guest-book form proves a person sent it: ALTCHA proof of work, or reCAPTCHA v3. */
export const CaptchaSetup = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("altcha"), challenge: z.record(z.string(), z.unknown()) }),
  z.object({ provider: z.literal("recaptcha"), siteKey: z.string(), action: z.literal("guestbook_submit") }),
]);
export type CaptchaSetup = z.infer<typeof CaptchaSetup>;
