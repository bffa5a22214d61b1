import DOMPurify from "dompurify";

/**
 * The one way to put server-provided HTML on screen (banner sub-headings, service descriptions,
 * settings content). In the browser DOMPurify uses the page's window; on the server the entry
 * registers a DOMPurify bound to a jsdom window (`registerServerSanitizer`), so the same rule
 * applies to server-rendered HTML. Only formatting tags survive; links keep http(s) and mailto/tel.
 */

type Sanitize = (html: string) => string;

const allowedTags = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "ul",
  "ol",
  "li",
  "a",
  "span",
  "small",
  "h3",
  "h4",
];
const allowedAttributes = ["href", "title", "target", "rel"];
export const safeUrlPattern = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;

export const sanitizeOptions = {
  ALLOWED_TAGS: allowedTags,
  ALLOWED_ATTR: allowedAttributes,
  ALLOWED_URI_REGEXP: safeUrlPattern,
  FORBID_ATTR: ["style"],
};

let serverSanitize: Sanitize | undefined;

/** Called once by the server entry with a DOMPurify instance on a jsdom window. */
export function registerServerSanitizer(sanitize: Sanitize): void {
  serverSanitize = sanitize;
}

let browserPurifier: ReturnType<typeof DOMPurify> | undefined;

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return "";
  if (typeof window === "undefined") {
    if (!serverSanitize) throw new Error("No server sanitizer registered");
    return serverSanitize(html);
  }
  browserPurifier ??= DOMPurify(window);
  return browserPurifier.sanitize(html, sanitizeOptions) as string;
}

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
