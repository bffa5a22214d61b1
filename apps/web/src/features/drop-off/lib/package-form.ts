import { dropOffMessages, type LockerSize, type PackageData } from "@paxelbox/contract";
import type { Resolver } from "react-hook-form";
import type * as z from "zod/mini";
import type { TKey } from "../../../lib/i18n/i18n";
import { lazyModule } from "../../../lib/ui/lazy-module";
import type { packageFormSchema } from "./package-form-schema";

export type PackageFormInput = z.input<typeof packageFormSchema>;
export type PackageFormValues = z.output<typeof packageFormSchema>;

type PackageFormResolver = Resolver<PackageFormInput, unknown, PackageFormValues>;
const schema = lazyModule(() => import("./package-form-schema"));

/**
 * Loads the form's zod schema (the contract's rules, see `package-form-schema.ts`); the page
 * starts it once it shows, the first validation waits for it.
 */
export function loadPackageFormSchema(): Promise<unknown> {
  return schema.load();
}

/** react-hook-form's resolver: the contract's schema, loaded on first use rather than with the page. */
export const packageFormResolver: PackageFormResolver = async (values, context, options) =>
  (await schema.load()).packageFormZodResolver(values, context, options);

export type PackageField = keyof PackageFormInput;

/** Field order on screen (the first error gets focus). */
export const packageFields = [
  "sender_name",
  "recipient_name",
  "recipient_mobile_number",
  "locker_location",
  "package_size",
  "package_photo",
  "slider_verification",
] as const satisfies readonly PackageField[];

/** Longest text the API accepts per field (shown as `maxLength`, so its own rule never fires). */
export const maxLengths = { sender_name: 100, recipient_name: 100, recipient_mobile_number: 14 } as const;

export function emptyPackageForm(lockerLocation: string): PackageFormInput {
  return {
    sender_name: "",
    recipient_name: "",
    recipient_mobile_number: "",
    locker_location: lockerLocation,
    package_size: "",
    package_photo: "",
    slider_verification: false,
  };
}

/** Digits only while typing (spec §5). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "");
}

/**
 * The recipient phone as typed or pasted: digits only (spec §5), then cut to the longest number the
 * API accepts. Stripping comes first, so a pasted "+62 812-3456-7890" keeps all its digits; the
 * input has no `maxLength` for the same reason (it would cut the raw pasted text).
 */
export function recipientPhoneInput(value: string): string {
  return digitsOnly(value).slice(0, maxLengths.recipient_mobile_number);
}

const messageKeys = Object.fromEntries(
  Object.entries(dropOffMessages).map(([key, text]) => [text, `dropOff.package.messages.${key}` as TKey]),
) as Record<string, TKey>;

/** Translation key of a contract message; `undefined` for a message the contract does not list. */
export function messageKey(message: string | undefined): TKey | undefined {
  return message ? messageKeys[message] : undefined;
}

/** `M [dimension cm] 30 x 50 x 40` — the option text of a size (spec §3). */
export function sizeOptionValues(size: Pick<LockerSize, "name" | "height" | "depth" | "width">) {
  return { name: size.name, height: size.height, depth: size.depth, width: size.width };
}

/** The send call's body from valid form values. */
export function toPackageData(values: PackageFormValues, boxId: number): PackageData {
  return {
    takeUserPhoneNumber: values.recipient_mobile_number,
    box: { id: boxId },
    mouth: { mouthType: { name: values.package_size } },
    photo: values.package_photo,
    recipientName: values.recipient_name,
    takeUserLanguage: "Indonesia",
    senderName: values.sender_name,
  };
}
