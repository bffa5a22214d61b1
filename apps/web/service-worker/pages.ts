/**
 * Page-cache rules shared by the service worker and the page (`src/lib/service-worker.ts`).
 */

/** Cache names of kept pages start with this; the rest is the release. */
export const pageCachePrefix = "paxelbox-pages-";

/** Messages the page posts to the service worker. */
export const swMessages = { keepPage: "keep-page", keepAssets: "keep-assets" } as const;

/** Web-view pages: their server copy is a skeleton that does not depend on the query. */
const webViewPaths = [/^\/order\/?$/, /^\/order-status(\/.*)?$/, /^\/overduepayment(\/.*)?$/];

export function isWebViewPath(pathname: string): boolean {
  return webViewPaths.some((pattern) => pattern.test(pathname));
}

/**
 * What a page's server copy is drawn from besides its path and language: the package form is drawn
 * for one locker (its door sizes and name), so a copy kept for one box never opens for another; the
 * guest-book form for one business type (Individu or Business), whose choice it shows.
 */
const drawnFrom: Record<string, readonly string[]> = {
  "/package": ["boxId", "name"],
  "/guest-book": ["business_type"],
};

/**
 * The key a page is kept under: web-view pages by path alone (their query carries tokens and ids
 * the skeleton does not use); other pages by path, `lang` (the language links) and what their copy
 * is drawn from (`drawnFrom`).
 */
export function pageCacheKey(href: string): string {
  const url = new URL(href);
  const key = new URL(url.pathname, url.origin);
  if (!isWebViewPath(url.pathname)) {
    const path = url.pathname.replace(/(.)\/$/, "$1");
    for (const name of ["lang", ...(drawnFrom[path] ?? [])]) {
      const value = url.searchParams.get(name);
      if (value) key.searchParams.set(name, value);
    }
  }
  return key.href;
}
