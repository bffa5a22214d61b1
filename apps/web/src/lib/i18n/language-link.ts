import { useLocation } from "react-router";
import { type Language, useT } from "./i18n";

/** `to` with `lang` when it is a path of this site that names none; any other address as it is. */
export function withLanguage(to: string, language: Language): string {
  if (!to.startsWith("/") || to.startsWith("//")) return to;
  const url = new URL(to, "http://site.invalid");
  if (url.searchParams.has("lang")) return to;
  url.searchParams.set("lang", language);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The page's language when its address names it (`?lang=`: a search engine's hreflang link, a
 * message's link), else null. The site's links and GET forms carry it on: without scripts (a slow
 * phone before they arrive) the next page would otherwise open in the cookie's language, Indonesian
 * by default. The address is the same on the server and in the browser, so hydration agrees; a
 * language switched since drops the query (`useLanguageRevalidation`).
 */
export function useAddressLanguage(): Language | null {
  const { search } = useLocation();
  const { language } = useT();
  return new URLSearchParams(search).get("lang") === language ? language : null;
}

/** Links of this site in the language the address names (`useAddressLanguage`). */
export function useLanguageLink(): (to: string) => string {
  const language = useAddressLanguage();
  return (to) => (language ? withLanguage(to, language) : to);
}
