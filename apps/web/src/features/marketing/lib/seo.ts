import type { MetaDescriptor } from "react-router";
import type { Language } from "../../../lib/i18n/i18n";
import { isSafeUrl } from "../../../lib/security/safe-url";
import type { BannerData } from "../types";
import { artBreakpoint } from "./media";

/**
 * What a marketing page tells search engines and link previews: title, description, Open Graph
 * and the `hreflang` alternates. Built by the route's loader on the server (`seo.server.ts`), in the
 * language the page is rendered in, and turned into tags by the route's `meta`.
 */
export interface Seo {
  title: string;
  description: string;
  language: Language;
  siteName: string;
  /** Canonical address: the page as asked for (`/path`, or `/path?lang=…` for a language link). */
  url: string;
  /** The page in each language, and the address without a language (x-default). */
  alternates: Record<Language | "x-default", string>;
  /** The link preview's picture (`og:image`) and its `twitter:card`, chosen on the server. */
  preview: MetaDescriptor[];
}

const ogLocales: Record<Language, string> = { id: "id_ID", en: "en_US" };

export function seoMeta(seo: Seo | undefined | null): MetaDescriptor[] {
  if (!seo) return [];
  const other: Language = seo.language === "id" ? "en" : "id";
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.url },
    { property: "og:locale", content: ogLocales[seo.language] },
    { property: "og:locale:alternate", content: ogLocales[other] },
    { tagName: "link", rel: "canonical", href: seo.url },
    { tagName: "link", rel: "alternate", hrefLang: "id", href: seo.alternates.id },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: seo.alternates.en },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: seo.alternates["x-default"] },
    ...seo.preview,
  ];
}

/**
 * Preloads of the first banner's picture, the page's largest image: the mobile picture below the
 * art breakpoint, the desktop one from it up (the browser fetches only the one that applies).
 */
export function bannerPreloadMeta(banner: BannerData | undefined | null): MetaDescriptor[] {
  if (!banner) return [];
  const tags: MetaDescriptor[] = [];
  if (isSafeUrl(banner.image_mobile_jpg)) {
    tags.push({
      tagName: "link",
      rel: "preload",
      as: "image",
      href: banner.image_mobile_jpg,
      media: `(max-width: ${artBreakpoint - 0.02}px)`,
      fetchPriority: "high",
    });
  }
  if (isSafeUrl(banner.image_desktop_jpg)) {
    tags.push({
      tagName: "link",
      rel: "preload",
      as: "image",
      href: banner.image_desktop_jpg,
      media: `(min-width: ${artBreakpoint}px)`,
      fetchPriority: "high",
    });
  }
  return tags;
}
