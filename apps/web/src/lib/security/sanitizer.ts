import { lazyModule } from "../ui/lazy-module";

/**
 * DOMPurify (`lib/sanitize.ts`, ~11 KB) is in no page's first scripts: it is imported on demand,
 * for settings the browser fetches itself and for marketing HTML that arrives after hydration.
 */
export const sanitizer = lazyModule(() => import("./sanitize"));
