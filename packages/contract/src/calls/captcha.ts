import { defineCall } from "../define-call.ts";
import { CaptchaSetup } from "../entities/guest-book.ts";

/** Marketing: the partnership guest book. */
export const captcha = defineCall({
  id: "captcha",
  method: "GET",
  path: "/api/v1/captcha",
  summary: "Captcha for the guest book: an ALTCHA challenge, or the reCAPTCHA site key",
  tag: "marketing",
  auth: "none",
  response: CaptchaSetup,
});
