/**
 * URL rules, kept apart from `sanitize.ts` so that code which only checks links does not pull
 * DOMPurify into its bundle (the landing page's budget). `sanitize.ts` re-exports both.
 */

/**
 * Schemes a link in server HTML may keep: http(s), mailto, tel, a path on this site, an anchor.
 * Not `//host` nor `/\\host`, which browsers read as another site.
 */
export const safeUrlPattern = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#)/i;

/**
 * Control characters inside a URL. A browser drops tabs and line breaks before it parses one, so
 * `/<tab>/evil.example` is read as `//evil.example`, another site, though it passes the pattern.
 */
const controlCharacter = /\p{Cc}/u;

/** A URL is followed only when its scheme is http(s) (or it is a path on this site). */
export function isSafeUrl(url: string | null | undefined): url is string {
  if (typeof url !== "string") return false;
  const value = url.trim();
  return safeUrlPattern.test(value) && !/^(mailto|tel|#)/i.test(value) && !controlCharacter.test(value);
}

/** A host and its port at the start of an address without a scheme (`example.com:8080/x`). */
const hostWithPort = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+):\d+(?:[/?#]|$)/i;

/**
 * Adds `https://` when a URL has no scheme (`example.com/x` → `https://example.com/x`); a host
 * with its port (`example.com:8080`) is no scheme.
 */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !hostWithPort.test(trimmed);
  if (scheme || trimmed.startsWith("/")) return trimmed;
  return `https://${trimmed.replace(/^\/\//, "")}`;
}
