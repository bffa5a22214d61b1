import {
  dropOffMessages,
  type LockerSize,
  MouthTypeName,
  type PackageData,
  PackageData as PackageDataSchema,
  PhotoDataUrl,
  requiredText,
} from "@paxelbox/contract";
import * as z from "zod/mini";
import type { TKey } from "../../../lib/i18n";

/**
 * The drop-off form (spec §3 "Drop-off form", §5): every rule comes from the contract's
 * `PackageData` (the same schema the API validates with), plus the form-only fields (locker
 * location, slider). Messages are the contract's English texts; `messageKey` translates them.
 *
 * Phone rule (spec §5 leaves it open): the contract's `mobileNumberPattern`, an Indonesian mobile
 * number of digits only, 08… or 628…, 10 to 14 digits in all (e.g. 0811222233333).
 */
export const packageFormSchema = z.object({
  sender_name: PackageDataSchema.shape.senderName,
  recipient_name: PackageDataSchema.shape.recipientName,
  recipient_mobile_number: PackageDataSchema.shape.takeUserPhoneNumber,
  locker_location: requiredText(dropOffMessages.lockerLocation),
  package_size: z.pipe(
    z
      .string({ error: dropOffMessages.packageSize })
      .check(z.trim(), z.minLength(1, { error: dropOffMessages.packageSize })),
    MouthTypeName,
  ),
  package_photo: PhotoDataUrl,
  slider_verification: z
    .boolean({ error: dropOffMessages.slider })
    .check(z.refine((passed) => passed, { error: dropOffMessages.slider })),
});

export type PackageFormInput = z.input<typeof packageFormSchema>;
export type PackageFormValues = z.output<typeof packageFormSchema>;

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
