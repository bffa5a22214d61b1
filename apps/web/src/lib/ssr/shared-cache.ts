import { pagePath, paths } from "../../paths";
import { isLanguage } from "../i18n/language";

/**
 * Marketing HTML a shared cache (a CDN) may keep (ADR 021). Only the landing page and the services
 * page, and only when the address holds nothing but the language: `/?orderid=…&token=…` looks an
 * order up and sends its visitor on, and other queries are not worth a cache entry of their own.
 * A `lang` that names no language (`?lang=EN`, `?lang=`) leaves the page to the cookie's language,
 * which the address does not say: such a page is not shared.
 * Such a page depends on nothing but its address and its language — no nonce, no user agent, no
 * sampling — so one copy serves every visitor who asks in that language.
 */
const sharedPaths: ReadonlySet<string> = new Set([paths.home.pattern, paths.services.pattern]);
const sharedQuery: ReadonlySet<string> = new Set(["lang"]);

export function isSharedPage(url: URL, method = "GET"): boolean {
  if (method.toUpperCase() !== "GET" || !sharedPaths.has(pagePath(url.pathname))) return false;
  for (const name of url.searchParams.keys()) if (!sharedQuery.has(name)) return false;
  return !url.searchParams.has("lang") || isLanguage(url.searchParams.get("lang"));
}

/**
 * Browsers ask again each time (a language switch or a new banner shows at once); a shared cache
 * keeps a copy 5 minutes, then serves it up to a day while it fetches a fresh one, and for a day
 * when this server fails.
 */
export const sharedPageCacheControl =
  "public, max-age=0, s-maxage=300, stale-while-revalidate=86400, stale-if-error=86400";

/**
 * Every other page, unless its route says more (a member's data: `private, no-store`): it names its
 * scripts by this response's nonce and may hold what a visitor typed or was told, so no shared cache
 * keeps it, and a browser asks again before showing its copy.
 */
export const pageCacheControl = "private, no-cache";

/**
 * A shared page drawn while one of its content calls failed (its section empty, spec §8): kept by
 * no shared cache, which would serve the empty page to every visitor, and never reach for its
 * `stale-if-error` copy, since this server did answer.
 */
export const degradedPageHeaders = { "cache-control": pageCacheControl } as const;

/**
 * What else a shared page varies on. With a `lang` query the address names the language; without,
 * the `language` cookie does (the site's only cookie), so the cache keeps a copy per cookie.
 */
export function sharedPageVary(url: URL): string | null {
  return url.searchParams.has("lang") ? null : "Cookie";
}
