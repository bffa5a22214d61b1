import plusJakartaSans from "@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2?url";
import type { LinkDescriptor } from "react-router";

/**
 * Every page preloads the font its first screen draws (Plus Jakarta Sans, one variable file of
 * ~27 KB for the body text, labels and bold headlines alike), so its text is usually drawn in it
 * from the first paint instead of reflowing when the font swaps in. Found only through the
 * stylesheet's `@font-face`, it arrived after the first paint, and the swap moved a desktop web-view
 * screen by a layout shift of 0.05 (`e2e/layout-stability.e2e.test.ts`). When it still comes late
 * (a slow link), the metric-matched fallback (ADR 028) keeps the text where it is. Same file as the
 * shell's `@font-face`, so nothing is downloaded twice.
 */
export const fontPreloads: LinkDescriptor[] = [
  { rel: "preload", as: "font", type: "font/woff2", href: plusJakartaSans, crossOrigin: "anonymous" },
];
