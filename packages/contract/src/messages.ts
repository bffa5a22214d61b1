import * as z from "zod/mini";

/**
 * Keys of every message the API sends to a person. A refusal's body carries its key beside the
 * text (`{ code, message, key }`); the API renders the text in the caller's language (the member's
 * language, else `Accept-Language`, else Indonesian) from its catalogue, which must have an
 * Indonesian and an English text for each key (`apps/api/src/http/messages.ts`).
 *
 * A client may show `message` as it is, or pick a text of its own by `key`.
 */
export const messageKeys = [
  // Who is calling
  "tokenMissing",
  "tokenInvalid",
  "linkExpired",
  "tooManyRequests",
  // Orders and rents
  "orderNotFound",
  "rentNotFound",
  "doorOpensOnlyWithItemsInside",
  "rentTimeOver",
  "rentHasNoItems",
  "payOverdueBeforeTaking",
  "rentNotCancellable",
  // Drop-off
  "dropoffNotFound",
  "dropoffNothingToPay",
  "dropoffInvoiceChanged",
  "lockerNotFound",
  "noLockerAvailable",
  "barcodeNotFound",
  "photoNotImage",
  "photoTooLarge",
  // Content and guest book
  "shortLinkNotFound",
  "pictureNotFound",
  "captchaFailed",
  // Payments
  "paymentAccessTokenInvalid",
  "orderInfoMissing",
  "paymentReferenceUnknown",
  "notificationSignatureInvalid",
  "notificationRefused",
  "notifiedAmountMismatch",
  "returnUrlInvalid",
  "returnUrlOffSite",
  "paymentServiceUnreachable",
  "paymentUnavailable",
  "paymentNotPrepared",
  "noOverdueFee",
  "overdueFeeAlreadyPaid",
  "checkoutNotFound",
  // Notifications to people
  "webhookVerifyTokenWrong",
  // Idempotency-Key
  "idempotencyKeyInvalid",
  "idempotencyKeyReused",
  "idempotencyKeyRunning",
  "requestRefusedBefore",
  // Locker kiosk
  "codeUnknown",
  "codeUsed",
  "codeReplaced",
  "codeExpired",
  "codeOfAnotherLocker",
  "codeOfAnotherNamedLocker",
  "rentNotWaitingForItems",
  "doorOpensOnlyWhileInside",
  "nothingToTakeOut",
  "rentOverduePayInApp",
  "pickupTimeEnded",
  "parcelOverdue",
  "codeNotForLocker",
  "noFreeDoor",
  // Demo
  "demoNotSeeded",
  "demoNoFreeDoor",
  // The request itself
  "invalidInput",
  "invalidJson",
  "nulCharacters",
  "bodyTooLarge",
  "contentTypeNotAccepted",
  "contentLengthMismatch",
  "formDataUnreadable",
  "requestNotProcessed",
  "addressInvalid",
  "routeNotFound",
  "methodNotAllowed",
  "eventStreamNotAccepted",
  "notImplemented",
  // Server faults
  "serverFault",
  "databaseUnavailable",
  "migrationsPending",
  "shuttingDown",
  "eventsUnavailable",
] as const;

export const MessageKey = z.enum(messageKeys);
export type MessageKey = z.infer<typeof MessageKey>;
