import DOMPurify from "dompurify";
import { safeUrlPattern } from "./safe-url";

export { isSafeUrl, safeUrlPattern, withScheme } from "./safe-url";

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

export const sanitizeOptions = {
  ALLOWED_TAGS: allowedTags,
  ALLOWED_ATTR: allowedAttributes,
  ALLOWED_URI_REGEXP: safeUrlPattern,
  // DOMPurify holds every attribute outside its own list of plain ones to the URL pattern: a link's
  // `target` and `rel` are words, not addresses.
  ADD_URI_SAFE_ATTR: ["target", "rel"],
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
