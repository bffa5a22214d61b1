import { OverdueEmail } from "@paxelbox/contract";
import * as z from "zod/mini";
import type { TKey } from "../../../lib/i18n";

/** Overdue page fields (spec §5): receiver name and phone prefilled, email typed by the receiver. */
export const overdueMessages = {
  receiverName: "dropOff.overdue.messages.receiverName",
  phone: "dropOff.overdue.messages.phone",
  phoneFormat: "dropOff.overdue.messages.phoneFormat",
  email: "dropOff.overdue.messages.email",
} as const satisfies Record<string, TKey>;

/** Phone: digits only, 8 to 13 of them (spec §5, §9). */
export const overduePhonePattern = /^\d{8,13}$/;

/**
 * The form's rules, with the contract's email rule. The form checks them as the person types
 * (without react-hook-form: see ADR 017), so the server's HTML already shows what is wrong with the
 * prefilled name and phone.
 */
export const overdueFormSchema = z.object({
  receiver_name: z.string().check(z.trim(), z.minLength(1, { error: overdueMessages.receiverName })),
  phone: z.pipe(
    z.pipe(
      z.string(),
      z.transform((value: string) => value.replace(/\D+/g, "")),
    ),
    z
      .string()
      .check(
        z.minLength(1, { error: overdueMessages.phone }),
        z.regex(overduePhonePattern, { error: overdueMessages.phoneFormat }),
      ),
  ),
  email: OverdueEmail,
});

export type OverdueFormInput = z.input<typeof overdueFormSchema>;
export type OverdueFormValues = z.output<typeof overdueFormSchema>;

export type OverdueField = keyof OverdueFormInput;

/** Order of the fields on screen: the first one in error gets the focus. */
export const overdueFields = ["receiver_name", "phone", "email"] as const satisfies readonly OverdueField[];

/**
 * Key of the message shown for a problem: our own keys, or the spec's 'Email is not valid' for the
 * contract's email text and any other problem of the email (too long).
 */
export function overdueMessageKey(message: string | undefined): TKey | undefined {
  if (!message) return undefined;
  return (Object.values(overdueMessages) as string[]).includes(message)
    ? (message as TKey)
    : overdueMessages.email;
}

/** The values as sent, or the error per field, as the form shows them. */
export function checkOverdueForm(values: OverdueFormInput): {
  values: OverdueFormValues | null;
  errors: Partial<Record<OverdueField, TKey>>;
} {
  const result = overdueFormSchema.safeParse(values);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Partial<Record<OverdueField, TKey>> = {};
  for (const issue of result.error.issues) {
    errors[issue.path[0] as OverdueField] ??= overdueMessageKey(issue.message);
  }
  return { values: null, errors };
}

/** Errors per field of the values, as the form shows them. */
export function overdueFormErrors(values: OverdueFormInput): Partial<Record<OverdueField, TKey>> {
  return checkOverdueForm(values).errors;
}
