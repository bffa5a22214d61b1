import { OverdueEmail, overdueEmailMessage } from "@paxelbox/contract";
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

/** Key of a message (our own keys, or the contract's email text). */
export function overdueMessageKey(message: string | undefined): TKey | undefined {
  if (!message) return undefined;
  if (message === overdueEmailMessage) return overdueMessages.email;
  return (Object.values(overdueMessages) as string[]).includes(message) ? (message as TKey) : undefined;
}

/** Errors per field of the current values (the button is enabled only without any). */
export function overdueFormErrors(values: OverdueFormInput): Partial<Record<keyof OverdueFormInput, TKey>> {
  const result = overdueFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof OverdueFormInput, TKey>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof OverdueFormInput;
    errors[field] ??= overdueMessageKey(issue.message) ?? overdueMessages.email;
  }
  return errors;
}
