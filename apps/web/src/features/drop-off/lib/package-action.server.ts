import { createHash } from "node:crypto";
import { sendPackageData } from "@paxelbox/contract/calls/send-package-data";
import type { ServerConfig } from "../../../config/env";
import { type FieldErrors, fieldErrors, postedText, refuse } from "../../../lib/forms/action.server";
import { limitedFormData } from "../../../lib/forms/limited-form-data.server";
import { serverApiClient } from "../../../lib/http/api-client.server";
import { isApiError } from "../../../lib/http/api-error";
import { newIdempotencyKey } from "../../../lib/http/idempotency-key";
import { requestLanguage } from "../../../lib/i18n/i18n";
import { type PhotoLimits, photoLimits } from "./compress-photo";
import {
  digitsOnly,
  keptPhotoField,
  type PackageField,
  type PackagePostedField,
  type PackageSent,
  photoMessages,
  sendKeyField,
  sliderMax,
  toPackageData,
} from "./package-form";
import { packageFormSchema } from "./package-form-schema";
import { PhotoRefused, photoUploadMaxBytes, smallPhoto } from "./package-photo.server";

/**
 * The package form's route action (`/package`, POST): the one place that decides, whether the form
 * was posted by the browser itself (no scripts yet, or none at all) or by the page's scripts after
 * they checked it. It reads the posted form, makes the photo small, checks everything with the
 * contract's schema (the one the page checks with) and either answers the form refused — what was
 * posted, with the contract's messages — or registers the parcel with the API and answers its QR.
 */

/** The text fields, as posted (the photo is a file, or the data URL of one kept from a refused post). */
const textFields = [
  "sender_name",
  "recipient_name",
  "recipient_mobile_number",
  "locker_location",
  "package_size",
  "slider_verification",
  sendKeyField,
] as const satisfies readonly PackagePostedField[];

/** Room for the text fields beside the largest photo taken. */
const textBytes = 256 * 1024;

/**
 * A photo kept in a refused form goes back to the page (in its HTML, twice, and its data): smaller
 * than the one sent, still a clear picture of a parcel.
 */
const keptPhotoLimits: PhotoLimits = { ...photoLimits, maxSide: 1280, maxBytes: 150 * 1024 };
/** The locked form beside the QR shows the photo as a thumbnail only. */
const thumbnailLimits: PhotoLimits = { ...photoLimits, maxSide: 240, maxBytes: 16 * 1024, minSide: 120 };

/** How long a post waits for the same send still running (a double tap): 40 × 250 ms. */
const runningRetries = 40;
const runningRetryMs = 250;

export interface PostedPackage {
  /** What was posted, as the form shows it again; the photo as a data URL once it was made small. */
  values: Record<PackagePostedField, string>;
  /** The photo's refusal, when it was refused. */
  photoError?: string;
}

/** Reads the posted form: its texts, and its photo made small (or why it was refused). */
export async function readPackageForm(request: Request): Promise<PostedPackage> {
  const { formData, tooLarge } = await limitedFormData(request, photoUploadMaxBytes + textBytes);
  const texts = postedText(formData, textFields);
  const values: Record<PackagePostedField, string> = {
    ...texts,
    // Values trimmed, the phone digits only (spec §5), as the page's scripts make them while typing.
    sender_name: texts.sender_name.trim(),
    recipient_name: texts.recipient_name.trim(),
    recipient_mobile_number: digitsOnly(texts.recipient_mobile_number),
    package_photo: "",
  };
  if (tooLarge) return { values, photoError: photoMessages.photoTooLarge };
  const file = formData.get("package_photo");
  const kept = formData.get(keptPhotoField);
  if (file instanceof File && file.size > 0) {
    try {
      values.package_photo = (await smallPhoto(new Uint8Array(await file.arrayBuffer()))).dataUrl;
    } catch (error) {
      if (!(error instanceof PhotoRefused)) throw error;
      return { values, photoError: photoMessages[error.reason] };
    }
  } else if (typeof kept === "string") {
    // Checked with the rest (the contract's `PhotoDataUrl`); the API checks its bytes again.
    values.package_photo = kept;
  }
  return { values };
}

/** A field's first message, photo included, once every posted value is checked. */
function check(posted: PostedPackage) {
  const { values } = posted;
  const parsed = packageFormSchema.safeParse({
    ...values,
    slider_verification: values.slider_verification === String(sliderMax),
  });
  const errors: FieldErrors<PackagePostedField> = parsed.success ? {} : fieldErrors(parsed.error);
  if (posted.photoError) errors.package_photo = posted.photoError;
  return { parsed, errors };
}

function bytesOf(dataUrl: string): Uint8Array {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

/** The photo as the page shows it again (see `keptPhotoLimits`, `thumbnailLimits`); "" if it cannot. */
async function photoToShow(dataUrl: string, limits: PhotoLimits): Promise<string> {
  if (!dataUrl) return "";
  try {
    return (await smallPhoto(bytesOf(dataUrl), limits)).dataUrl;
  } catch {
    return "";
  }
}

/**
 * The key of a send whose page's key was already spent on another parcel (a copy of the page kept
 * from before, opened again): made of that key and this body, so this send posted again is the same
 * send again (the first one's QR), and any other body is another send.
 */
export function keyAfterSpent(key: string, body: unknown): string {
  return createHash("sha256").update(key).update("\n").update(JSON.stringify(body)).digest("base64url");
}

/** Sends the parcel with the form's Idempotency-Key; a repeat still running is waited for. */
async function send(
  config: ServerConfig,
  request: Request,
  body: ReturnType<typeof toPackageData>,
  key: string,
): Promise<Blob> {
  // The visitor's address and secret go with it; the language is the page's, not the browser's.
  const headers = new Headers(request.headers);
  headers.set("accept-language", requestLanguage(request));
  const api = serverApiClient(config, null, new Request(request.url, { headers }));
  let idempotencyKey = key || undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.requestImage(sendPackageData, { body, idempotencyKey });
    } catch (error) {
      // The same send, still running: the first of a double tap whose answer the browser dropped.
      if (isApiError(error) && error.key === "idempotencyKeyRunning" && attempt < runningRetries) {
        await new Promise((resolve) => setTimeout(resolve, runningRetryMs));
        continue;
      }
      // The page's key went with another parcel: this is another send, under a key of its own.
      if (isApiError(error) && error.key === "idempotencyKeyReused" && idempotencyKey === key && key) {
        idempotencyKey = keyAfterSpent(key, body);
        continue;
      }
      throw error;
    }
  }
}

/** The action of `/package?boxId=`: refused (400, what was posted and why) or sent (the QR). */
export async function packageAction(config: ServerConfig, request: Request, boxId: number) {
  const posted = await readPackageForm(request);
  const { parsed, errors } = check(posted);
  const refused = async (formError?: string, sendKey = posted.values.send_key, photo?: string) =>
    refuse<PackagePostedField>({
      values: {
        ...posted.values,
        package_photo: photo ?? (await photoToShow(posted.values.package_photo, keptPhotoLimits)),
        send_key: sendKey,
      },
      errors,
      ...(formError === undefined ? {} : { formError }),
    });
  if (!parsed.success || posted.photoError) return refused();

  let image: Blob;
  try {
    image = await send(config, request, toPackageData(parsed.data, boxId), posted.values.send_key);
  } catch (error) {
    if (!isApiError(error)) throw error;
    // "" is the page's 'something wrong' text.
    const message = error.serverMessage ?? "";
    // A refusal the API keeps under this key would come again: the next try, with what the courier
    // changes, is another send (a new key).
    const refusalKept =
      error.kind === "http" &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 429 &&
      error.key !== "idempotencyKeyRunning";
    if (refusalKept) return refused(message, newIdempotencyKey());
    // A limit's 429, a failure or no answer at all leaves the key free, and the send may have
    // registered: the next try is the same send, the same body under the same key, which gets the
    // first one's QR if it did. So the photo goes back exactly as it was sent, not made smaller.
    return refused(message, posted.values.send_key, parsed.data.package_photo);
  }
  const values = Object.fromEntries(
    (Object.keys(posted.values) as PackagePostedField[])
      .filter((field) => field !== sendKeyField)
      .map((field) => [field, posted.values[field]]),
  ) as Record<PackageField, string>;
  const sent: PackageSent = {
    sent: true,
    qr: `data:image/png;base64,${Buffer.from(await image.arrayBuffer()).toString("base64")}`,
    size: parsed.data.package_size,
    values: { ...values, package_photo: await photoToShow(values.package_photo, thumbnailLimits) },
    photoBytes: bytesOf(values.package_photo).length,
  };
  return sent;
}
