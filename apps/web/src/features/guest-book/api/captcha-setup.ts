import { type CaptchaSetup, calls } from "@paxelbox/contract";
import { request } from "../../../lib/http/api-client";

/** How this server wants the guest book proven human: an ALTCHA challenge or a reCAPTCHA v3 site key. */
export function fetchCaptchaSetup(signal?: AbortSignal): Promise<CaptchaSetup> {
  return request(calls.captcha, { signal });
}

/** The address the ALTCHA widget is told to fetch its challenges from (its fetch goes through `request`). */
export const captchaSetupPath = calls.captcha.path;
