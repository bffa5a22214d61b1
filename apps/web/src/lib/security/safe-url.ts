/**
 * URL rules, kept apart from `sanitize.ts` so that code which only checks links does not pull
 * DOMPurify into its bundle (the landing page's budget). `sanitize.ts` re-exports both.
 */

/**
 * Schemes a link in server HTML may keep: http(s), mailto, tel, a path on this site, an anchor.
 * Not `//host` nor `/\\host`, which browsers read as another site.
 */
export const safeUrlPattern = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#)/i;

/** A URL is followed only when its scheme is http(s) (or it is a path on this site). */
export function isSafeUrl(url: string | null | undefined): url is string {
  return typeof url === "string" && safeUrlPattern.test(url.trim()) && !/^(mailto|tel|#)/i.test(url.trim());
}

/** Adds `https://` when a URL has no scheme (`example.com/x` → `https://example.com/x`). */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith("/")) return trimmed;
  return `https://${trimmed.replace(/^\/\//, "")}`;
}
