import type { BusinessType, GuestBookForm, GuestBookSubmission } from "@paxelbox/contract";
import type * as z from "zod/mini";

/**
 * The `business_type` query (spec §2: Individu or Business). Anything else counts as none: the page
 * is then the same as without the parameter.
 */
export function toBusinessType(value: string | null): BusinessType | undefined {
  return value === "Individu" || value === "Business" ? value : undefined;
}

/**
 * The send call's body from valid form values (spec §7): email as sender_email, purpose as
 * requested_value, the captcha token. `business_type` stays in the form (spec §3) but is not sent.
 */
export function toSubmission(values: z.output<typeof GuestBookForm>, token: string): GuestBookSubmission {
  return {
    sender_name: values.sender_name,
    sender_contact: values.sender_contact,
    sender_email: values.email_address,
    requested_value: values.purpose as "paxelbox_locker" | "advertise_in_paxelbox",
    message: values.message,
    token,
  };
}
