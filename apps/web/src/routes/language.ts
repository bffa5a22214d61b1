import { redirect } from "react-router";
import { getServerConfig } from "../config/config.server";
import { textFormData } from "../lib/forms/limited-form-data.server";
import { isLanguage } from "../lib/i18n/language";
import { languageCookieMaxAgeSeconds, languageCookieName } from "../lib/offline/storage";
import { paths } from "../paths";
import type { Route } from "./+types/language";

/**
 * The language switch posted by a page whose scripts do not run (with them the page switches in
 * place): the choice goes to the cookie the server renders by, as the page's script would write
 * it, and the browser goes back to the page it came from (`to`), without a `lang` of its own that
 * would outweigh the choice. Only a path of this site is gone back to; anything else goes home.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await textFormData(request);
  const language = form.get("language");
  const to = backTo(form.get("to"));
  if (typeof language !== "string" || !isLanguage(language)) return redirect(to, 303);
  const secure = getServerConfig(context).secureCookies;
  const cookie = `${languageCookieName}=${language}; Path=/; Max-Age=${languageCookieMaxAgeSeconds}; SameSite=Lax${secure ? "; Secure" : ""}`;
  return redirect(to, { status: 303, headers: { "set-cookie": cookie } });
}

/** Opened as a page (a bookmark of the address): home. */
export function loader() {
  return redirect(paths.home.href());
}

/** The page to go back to: a path of this site, its `lang` dropped; home otherwise. */
function backTo(value: FormDataEntryValue | null): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return paths.home.href();
  }
  const base = "http://site.invalid";
  const url = new URL(value, base);
  // The path as the browser will read it: dot segments resolved (`/.//host` is `//host`).
  if (url.origin !== base || url.pathname.startsWith("//")) return paths.home.href();
  url.searchParams.delete("lang");
  return `${url.pathname}${url.search}`;
}
