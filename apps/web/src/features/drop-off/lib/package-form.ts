import { dropOffMessages, type LockerSize, type PackageData } from "@paxelbox/contract";
import type { Resolver } from "react-hook-form";
import type * as z from "zod/mini";
import { lazyResolver } from "../../../lib/forms/lazy-resolver";
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
export const packageFormResolver: PackageFormResolver = lazyResolver(
  async () => (await schema.load()).packageFormZodResolver,
);

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

/** The slider's far end: the value a passed slider posts (`<input type="range" max>`). */
export const sliderMax = 100;

/** The form's hidden fields: its Idempotency-Key, and a photo kept from a refused post. */
export const sendKeyField = "send_key";
export const keptPhotoField = "package_photo_kept";

/** What the form posts and its action answers with, by field name (texts; the photo as a data URL). */
export type PackagePostedField = PackageField | typeof sendKeyField;

/** The action's answer once the parcel is registered: its QR, and the form's values to show, locked. */
export interface PackageSent {
  sent: true;
  /** The QR that stores the parcel (PNG, drawn by the API) as a data URL. */
  qr: string;
  size: PackageData["mouth"]["mouthType"]["name"];
  /** The values sent; the photo as a thumbnail (`photoBytes`: the size of the one sent). */
  values: Record<PackageField, string>;
  photoBytes: number;
}

/**
 * The form's starting values: what was posted, when the action answered (refused or sent), else an
 * empty form at the locker.
 */
export function packageFormValues(
  posted: Partial<Record<PackagePostedField, string>> | undefined,
  lockerLocation: string,
): PackageFormInput {
  return {
    sender_name: posted?.sender_name ?? "",
    recipient_name: posted?.recipient_name ?? "",
    recipient_mobile_number: posted?.recipient_mobile_number ?? "",
    locker_location: posted?.locker_location || lockerLocation,
    package_size: posted?.package_size ?? "",
    package_photo: posted?.package_photo ?? "",
    slider_verification: posted?.slider_verification === String(sliderMax),
  };
}

/** Longest text the API accepts per field (shown as `maxLength`, so its own rule never fires). */
export const maxLengths = { sender_name: 100, recipient_name: 100, recipient_mobile_number: 14 } as const;

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

/**
 * Why a chosen photo is refused: the form's own rules beside the contract's (the API takes a small
 * photo; the form takes the phone's file and makes it small, in the browser or on its server).
 * Worded in English as the contract's messages are, and translated the same way (`messageKey`).
 */
export const photoMessages = {
  photoNotImage: "Package Photo must be an image file",
  photoUnreadable: "This photo could not be read. Please choose another image.",
  photoTooLarge: "This photo is too large (at most 15 MB). Please choose a smaller one.",
} as const;

const messageKeys = Object.fromEntries(
  Object.entries({ ...dropOffMessages, ...photoMessages }).map(([key, text]) => [
    text,
    `dropOff.package.messages.${key}` as TKey,
  ]),
) as Record<string, TKey>;

/** Translation key of a contract message (or a photo's); `undefined` for a message not listed. */
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
