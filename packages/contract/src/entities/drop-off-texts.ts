/**
 * The drop-off form's rules as plain values, apart from the schemas (`drop-off.ts`) so that a page
 * can show the form and its messages without loading zod.
 */

/** Indonesian mobile number, digits only: 08… of 10 to 13 digits, or the same number as 628… (11 to 14). */
export const mobileNumberPattern = /^(0|62)8\d{8,11}$/;

/**
 * A mobile number in its national form, as the overdue page shows it (8 to 13 digits, spec §9):
 * `628…` → `08…`, the same number a digit shorter; any other text as it is.
 */
export const nationalMobileNumber = (phone: string): string => phone.replace(/^62(8\d+)$/, "0$1");

/** Drop-off form fields; messages follow spec §5 ('{field} should not be empty'). */
export const dropOffMessages = {
  senderName: "Sender Name should not be empty",
  recipientName: "Recipient Name should not be empty",
  recipientMobileNumber: "Recipient Mobile Number should not be empty",
  recipientMobileNumberFormat:
    "Recipient Mobile Number should start with 08 (10 to 13 digits) or 628 (11 to 14 digits)",
  lockerLocation: "Locker Location should not be empty",
  packageSize: "Package Size should not be empty",
  packagePhoto: "Package Photo should not be empty",
  slider: "please swipe for verification",
} as const;

/** Upper bound of a package photo once decoded (the browser compresses to about 300 KB first). */
export const packagePhotoMaxBytes = 2 * 1024 * 1024;
export const packagePhotoTypes = ["image/jpeg", "image/png", "image/webp"] as const;
