import { data } from "react-router";
import { errorMessage, isApiError } from "../http/api-client";
import { type Language, languageFromCookieHeader } from "../i18n/i18n";
import { isLanguage } from "../i18n/language";

/** A field's first message, as the contract's schema words it (the page translates it). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What a route action answers to a form it refuses: what was typed, and why it was refused. */
export interface Refused<F extends string> {
  values: Partial<Record<F, string>>;
  errors: FieldErrors<F>;
  /** A message for the whole form (the API refused it, a step only a script can finish…). */
  formError?: string;
}

interface Issues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The text a form posted for each of `fields` (a missing field is ""; files are left out). */
export function postedText<F extends string>(formData: FormData, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = formData.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as Record<F, string>;
}

/** The first message of each field of a failed parse (by the issue's first path segment). */
export function fieldErrors<F extends string>(error: Issues): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in errors)) errors[field as F] = issue.message;
  }
  return errors;
}

/**
 * The member's page a form was posted from: its token — the address's (`linkToken`), else the one
 * the page posted (the address loses it once the page has checked it, `RequireUser`) — and the
 * language the page is shown in, posted with it (the API's messages), else the cookie's. The forms
 * post them as the hidden fields `token` and `language`.
 */
export function postingPage(
  request: Request,
  formData: FormData,
  addressToken: string | null,
): { token: string | null; language: Language } {
  const page = postedText(formData, ["token", "language"]);
  return {
    token: addressToken ?? (page.token.trim() || null),
    language: isLanguage(page.language)
      ? page.language
      : languageFromCookieHeader(request.headers.get("cookie")),
  };
}

/** How long a visitor refused for too many requests waits when the API did not say: a minute. */
const defaultRetryAfterSeconds = 60;

/**
 * The answer to a refused form: 400 (422 would do; 400 is what the API answers) with what was typed,
 * so the page shows it again with its messages, with or without scripts. A 429 says when to try
 * again, as every 429 does (docs/security.md): the API's `Retry-After` (seconds or a date), else a
 * minute; the route's `headers` puts it on the page (`withRetryAfter`).
 */
export function refuse<F extends string>(refused: Refused<F>, status = 400, retryAfter?: string) {
  if (status !== 429) return data(refused, { status });
  const value = retryAfter?.trim() ?? "";
  const valid = /^\d+$/.test(value) || !Number.isNaN(Date.parse(value));
  return data(refused, {
    status,
    headers: { "retry-after": valid ? value : String(defaultRetryAfterSeconds) },
  });
}

/** A route's own headers, with the `Retry-After` of its action's refusal (`refuse`) when it has one. */
export function withRetryAfter(own: HeadersInit, actionHeaders: Headers): Headers {
  const headers = new Headers(own);
  const retryAfter = actionHeaders.get("retry-after");
  if (retryAfter) headers.set("retry-after", retryAfter);
  return headers;
}

/**
 * A form the API refused (spec §8 'Oops...'): with the API's status when it is the visitor's (4xx),
 * else 502; its message (else "": the page's own 'something wrong' text); and a 429's wait.
 */
export function refuseForApi<F extends string>(error: unknown, values: Partial<Record<F, string>> = {}) {
  const status = isApiError(error) && error.status >= 400 && error.status < 500 ? error.status : 502;
  const retryAfter = isApiError(error) ? error.retryAfter : undefined;
  return refuse<F>({ values, errors: {}, formError: errorMessage(error, "") }, status, retryAfter);
}
