import { zodResolver } from "@hookform/resolvers/zod";
import {
  dropOffMessages,
  MouthTypeName,
  PackageData as PackageDataSchema,
  PhotoDataUrl,
  requiredText,
} from "@paxelbox/contract";
import * as z from "zod/mini";

/**
 * The drop-off form (spec §3 "Drop-off form", §5): every rule comes from the contract's
 * `PackageData` (the same schema the API validates with), plus the form-only fields (locker
 * location, slider). Messages are the contract's English texts; `messageKey` translates them.
 *
 * Phone rule (spec §5 leaves it open): the contract's `mobileNumberPattern`, an Indonesian mobile
 * number of digits only, 08… of 10 to 13 digits or the same as 628… of 11 to 14 (e.g. 0811222233333).
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

/** react-hook-form's resolver of the schema (loaded with it: see `packageFormResolver`). */
export const packageFormZodResolver = zodResolver(packageFormSchema);
