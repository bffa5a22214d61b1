import { isWebViewPath, pageAt } from "../src/pages.ts";

/**
 * Page-cache rules shared by the service worker and the page (`src/lib/service-worker.ts`); what
 * each page is comes from the route registry (`src/pages.ts`).
 */
export { isWebViewPath };

/** Cache names of kept pages start with this; the rest is the release. */
export const pageCachePrefix = "paxelbox-pages-";

/** Messages the page posts to the service worker. */
export const swMessages = { keepPage: "keep-page", keepAssets: "keep-assets" } as const;

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
