import { lazyModule } from "./lazy-module";

/**
 * DOMPurify (~11 KB) is not part of a page's first scripts: `lib/sanitize.ts` loads on demand
 * (with the settings, or by a loader on the server). Code that renders synchronously (settings
 * texts) reads it here and re-renders when it arrives (`useLazyModule(sanitizer)`).
 */
export const sanitizer = lazyModule(() => import("./sanitize"));

/** The sanitiser once it has loaded. */
export function readySanitizer(): ((html: string) => string) | undefined {
  return sanitizer.current()?.sanitizeHtml;
}
