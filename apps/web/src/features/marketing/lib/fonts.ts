import regular from "@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-400-normal.woff2?url";
import bold from "@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-700-normal.woff2?url";
import type { LinkDescriptor } from "react-router";

/**
 * The marketing pages preload the two font weights of their first screen (body text and bold
 * headlines), so the text is usually drawn in Plus Jakarta Sans from the start instead of
 * reflowing when the font swaps in (a layout shift on slow connections). Same files as the
 * shell's `@fontsource` styles, so nothing is downloaded twice.
 */
export const fontPreloads: LinkDescriptor[] = [regular, bold].map((href) => ({
  rel: "preload",
  as: "font",
  type: "font/woff2",
  href,
  crossOrigin: "anonymous",
}));
