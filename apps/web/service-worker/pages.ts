import { isWebViewPath, pageAt } from "../src/pages.ts";

/**
 * The service worker's page-cache rules; what each page is comes from the route registry
 * (`src/pages.ts`). The page's code imports none of this (`messages.ts`), so that it does not
 * carry the registry.
 */
export { isWebViewPath };

/** Cache names of kept pages start with this; the rest is the release. */
export const pageCachePrefix = "paxelbox-pages-";

/**
 * The key a page is kept under: web-view pages by path alone (their query carries tokens and ids
 * the skeleton does not use); other pages by path, `lang` (the language links) and what their copy
 * is drawn from (the registry's `drawnFrom`).
 */
export function pageCacheKey(href: string): string {
  const url = new URL(href);
  const key = new URL(url.pathname, url.origin);
  if (!isWebViewPath(url.pathname)) {
    for (const name of ["lang", ...(pageAt(url.pathname)?.drawnFrom ?? [])]) {
      const value = url.searchParams.get(name);
      if (value) key.searchParams.set(name, value);
    }
  }
  return key.href;
}
