import regular from "@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-400-normal.woff2?url";
import semibold from "@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-600-normal.woff2?url";
import bold from "@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-700-normal.woff2?url";
import type { LinkDescriptor } from "react-router";

/**
 * Every page preloads the three weights its first screen draws (body text, labels and the header's
 * links, bold headlines; ~12 KB each), so its text is usually drawn in Plus Jakarta Sans from the
 * first paint instead of reflowing when the font swaps in. Found only through the stylesheet's
 * `@font-face`, they arrived after the first paint, and the swap moved a desktop web-view screen
 * by a layout shift of 0.05 (`e2e/layout-stability.e2e.test.ts`). When they still come late (a slow
 * link), the metric-matched fallback (ADR 028) keeps the text where it is. Same files as the shell's
 * `@fontsource` styles, so nothing is downloaded twice.
 */
export const fontPreloads: LinkDescriptor[] = [regular, semibold, bold].map((href) => ({
  rel: "preload",
  as: "font",
  type: "font/woff2",
  href,
  crossOrigin: "anonymous",
}));
