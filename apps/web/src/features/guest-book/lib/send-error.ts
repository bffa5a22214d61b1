import { errorMessage, isApiError } from "../../../lib/http/api-error";

/**
 * The guest-book send's error popups (spec §8): the server's own message under 'Oops...', else the
 * generic 'A server error occurred…'. A captcha that failed (the server answers 400 with
 * `data.reason = "captcha"`) or could not be obtained reads 'Recaptcha Error: ' + the generic text.
 */

export class CaptchaUnavailableError extends Error {
  override readonly name = "CaptchaUnavailableError";
}

export function isCaptchaFailure(error: unknown): boolean {
  if (error instanceof CaptchaUnavailableError) return true;
  if (!isApiError(error) || error.status !== 400) return false;
  const data = error.data;
  return typeof data === "object" && data !== null && (data as { reason?: unknown }).reason === "captcha";
}

export interface SendErrorTexts {
  /** 'A server error occurred, please contact our Customer Service' in the page's language. */
  generic: string;
  /** 'Recaptcha Error: ' */
  captchaPrefix: string;
}

export function sendErrorMessage(error: unknown, texts: SendErrorTexts): string {
  if (isCaptchaFailure(error)) return `${texts.captchaPrefix}${texts.generic}`;
  return errorMessage(error, texts.generic);
}
