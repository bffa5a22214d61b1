import { GuestBookForm } from "@paxelbox/contract";
import { redirect } from "react-router";
import type { ServerConfig } from "../../../config/env";
import { type FieldErrors, fieldErrors, postedText, refuse } from "../../../lib/forms/action.server";
import { textFormData } from "../../../lib/forms/limited-form-data.server";
import { isApiError } from "../../../lib/http/api-error";
import type { Language, TKey } from "../../../lib/i18n/i18n";
import { paths } from "../../../paths";
import { sendGuestBook } from "../api/send-guest-book.server";
import { fieldMessageKey } from "./field-messages";
import { captchaField, type GuestBookField, guestBookFields } from "./fields";
import { CaptchaUnavailableError, sendErrorMessage } from "./send-error";
import { sentCookieHeader } from "./sent-cookie.server";
import { toSubmission } from "./submission";

export interface GuestBookActionContext {
  /** The web server's configuration (`getServerConfig`). */
  config: ServerConfig;
  /** The page's language (its `lang` query, else the language cookie). */
  language: Language;
  /** The page's texts in that language. */
  t: (key: TKey) => string;
}

/**
 * The schema's messages (the spec's English words) in the page's language: the page shows them as
 * they come, before it has loaded the schemas itself (which a page without scripts never does).
 */
function translated(errors: FieldErrors<GuestBookField>, t: GuestBookActionContext["t"]) {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => {
      const key = fieldMessageKey(message);
      return [field, key ? t(key) : message];
    }),
  ) as FieldErrors<GuestBookField>;
}

/** The refused send's status: the API's limit is the visitor's too; its failures are a gateway's. */
function refusedStatus(status: number): number {
  if (status === 429) return 429;
  return status === 0 || status >= 500 ? 502 : 400;
}

/**
 * The guest book's action (spec §5, §7, §8), for a form posted by the page's script or by the
 * browser alone. The contract's schema checks the fields, as in the browser; then the captcha's
 * answer, which only a script can give (ALTCHA's proof of work, reCAPTCHA): without one the form is
 * refused with the note that says so, every field kept. Else the API is called for the visitor, and
 * the browser is sent on to the confirmation (Post/Redirect/Get) with the mark that lets it open
 * (`sent-cookie.server.ts`). A refusal by the API (captcha, limit, failure) is the spec's message
 * for the whole form, every field kept.
 */
export async function guestBookAction(request: Request, { config, language, t }: GuestBookActionContext) {
  const formData = await textFormData(request);
  const values = postedText(formData, guestBookFields);
  // A ticked checkbox posts its value ("on"); an unticked one posts nothing.
  const parsed = GuestBookForm.safeParse({ ...values, term_check: values.term_check !== "" });
  const scripted = formData.has(captchaField);
  const noScript = scripted ? undefined : t("marketing.guestBook.captchaNoScriptRefused");

  if (!parsed.success) {
    const errors = translated(fieldErrors<GuestBookField>(parsed.error), t);
    return refuse<GuestBookField>({ values, errors, formError: noScript });
  }
  if (noScript) return refuse<GuestBookField>({ values, errors: {}, formError: noScript });

  const texts = {
    generic: t("errors.serverError"),
    captchaPrefix: t("marketing.guestBook.captchaErrorPrefix"),
  };
  const token = postedText(formData, [captchaField])[captchaField].trim();
  // The script could not get an answer (spec §8, captcha token missing): nothing to ask the API.
  if (!token) {
    return refuse<GuestBookField>({
      values,
      errors: {},
      formError: sendErrorMessage(new CaptchaUnavailableError("No captcha answer"), texts),
    });
  }
  try {
    const result = await sendGuestBook(config, request, language, toSubmission(parsed.data, token));
    // A page opened in a language by its address (`?lang=`) stays in it.
    const lang = new URL(request.url).searchParams.get("lang") === language ? language : undefined;
    return redirect(paths.guestBook.submitted.href({ lang }), {
      status: 303,
      headers: { "set-cookie": await sentCookieHeader(config, result) },
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return refuse<GuestBookField>(
      { values, errors: {}, formError: sendErrorMessage(error, texts) },
      refusedStatus(error.status),
      error.retryAfter,
    );
  }
}
