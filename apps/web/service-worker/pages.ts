import { isLanguage } from "../src/lib/i18n/language.ts";
import { isWebViewPath, pageAt, pages } from "../src/pages.ts";

/**
 * The service worker's page-cache rules; what each page is comes from the route registry
 * (`src/pages.ts`). The page's code imports none of this (`messages.ts`), so that it does not
 * carry the registry.
 */
export { isWebViewPath, pages as registeredPages };

/** Cache names of kept pages start with this; the rest is the release. */
export const pageCachePrefix = "paxelbox-pages-";

/**
 * The key a page is kept under: web-view pages by path alone (their query carries tokens and ids
 * the skeleton does not use); other pages by path, `lang` (the language links) and what their copy
 * is drawn from (the registry's `drawnFrom`). A `lang` the site does not serve (`EN`, `fr`) is left
 * out, as the server leaves it out: that page is drawn in the visitor's stored language.
 */
export function pageCacheKey(href: string): string {
  const url = new URL(href);
  const key = new URL(url.pathname, url.origin);
  if (!isWebViewPath(url.pathname)) {
    const lang = url.searchParams.get("lang");
    if (isLanguage(lang)) key.searchParams.set("lang", lang);
    for (const name of pageAt(url.pathname)?.drawnFrom ?? []) {
      const value = url.searchParams.get(name);
      if (value) key.searchParams.set(name, value);
    }
  }
  return key.href;
}

/**
 * Whether the page at `href`, answered with `cacheControl`, is kept as fetched: not one whose
 * address carries a token (the copy would be that member's), nor one drawn for a visitor's search
 * (the registry's `searchedBy`), nor one its server said to keep nowhere (`no-store`: an order
 * link's landing, the guest book's confirmation of one send). A web-view page is kept apart from
 * this, by path alone.
 */
export function keepsAsFetched(href: string, cacheControl: string | null): boolean {
  if (/(?:^|,)\s*no-store\s*(?:,|$)/i.test(cacheControl ?? "")) return false;
  const url = new URL(href);
  const searched = pageAt(url.pathname)?.searchedBy ?? [];
  return !["token", ...searched].some((name) => url.searchParams.has(name));
}
