import { defineCall } from "../define-call.ts";
import { CaptchaSetup, GuestBookResult, GuestBookSubmission } from "../entities/guest-book.ts";

/** Marketing: the partnership guest book. */

export const sendGuestBook = defineCall({
  id: "sendGuestBook",
  method: "POST",
  path: "/api/v1/guest-book",
  summary: "Send the partnership guest book; returns the white-paper links",
  tag: "marketing",
  auth: "none",
  body: GuestBookSubmission,
  bodyType: "multipart",
  response: GuestBookResult,
});

export const captcha = defineCall({
  id: "captcha",
  method: "GET",
  path: "/api/v1/captcha",
  summary: "Captcha for the guest book: an ALTCHA challenge, or the reCAPTCHA site key",
  tag: "marketing",
  auth: "none",
  response: CaptchaSetup,
});
