import { zodResolver } from "@hookform/resolvers/zod";
import { OverdueEmail } from "@paxelbox/contract";
import type { FieldErrors } from "react-hook-form";
import * as z from "zod/mini";
import type { TKey } from "../../../lib/i18n/i18n";

/** Overdue page fields (spec §5): receiver name and phone prefilled, email typed by the receiver. */
export const overdueMessages = {
  receiverName: "dropOff.overdue.messages.receiverName",
  phone: "dropOff.overdue.messages.phone",
  phoneFormat: "dropOff.overdue.messages.phoneFormat",
  email: "dropOff.overdue.messages.email",
} as const satisfies Record<string, TKey>;

/** Phone: digits only, 8 to 13 of them (spec §5, §9). */
export const overduePhonePattern = /^\d{8,13}$/;

/** The form's rules, with the contract's email rule (react-hook-form validates with them). */
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
 * The messages of a refused form (the route action's `errors`) as react-hook-form's errors, with
 * what is wrong with the prefilled fields; `undefined` when there are none.
 */
export function refusedErrors(
  errors: Partial<Record<OverdueField, string>> | undefined,
  prefilled: Pick<OverdueFormInput, "receiver_name" | "phone">,
): FieldErrors<OverdueFormInput> | undefined {
  const merged: FieldErrors<OverdueFormInput> = { ...prefilledErrors(prefilled) };
  for (const field of overdueFields) {
    const message = errors?.[field];
    if (message) merged[field] = { type: "server", message };
  }
  return Object.keys(merged).length > 0 ? merged : undefined;
}

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

/** react-hook-form's resolver of the form's rules. */
export const overdueFormResolver = zodResolver(overdueFormSchema);

/**
 * What is wrong with the prefilled name and phone, which the person cannot change here: the form
 * starts with these errors, so the server's HTML already shows them. `undefined` when both are fine.
 */
export function prefilledErrors(
  values: Pick<OverdueFormInput, "receiver_name" | "phone">,
): FieldErrors<OverdueFormInput> | undefined {
  const result = overdueFormSchema.safeParse({ ...values, email: "" });
  const errors: FieldErrors<OverdueFormInput> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0];
    if ((field === "receiver_name" || field === "phone") && !errors[field]) {
      errors[field] = { type: issue.code, message: issue.message };
    }
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
