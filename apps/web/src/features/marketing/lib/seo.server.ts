import type { MetaDescriptor } from "react-router";
import type { ServerConfig } from "../../../config/env";
import {
  createI18n,
  ensureLanguage,
  type Language,
  requestLanguage,
  type TKey,
} from "../../../lib/i18n/i18n";
import { isLanguage } from "../../../lib/i18n/language";
import { isSafeUrl } from "../../../lib/security/safe-url";
import { pagePath } from "../../../paths";
import type { Seo } from "./seo";

/** A translator for one language on the server (for texts a loader hands to `meta`). */
export async function serverT(config: ServerConfig, language: Language) {
  await ensureLanguage(language);
  const i18n = createI18n(language, { product: config.public.productName });
  return (key: TKey) => i18n.t(key) as string;
}

/**
 * Absolute URL of a path on the site: at its configured public address (PUBLIC_BASE_URL), never the
 * Host the request named — a shared cache (ADR 021) would keep a page whose canonical and
 * alternates point wherever a forged Host said.
 */
function absoluteUrl(config: ServerConfig, path: string): string {
  return new URL(path, config.publicBaseUrl).href;
}

/** The site's square icon, opaque (a transparent one previews on black in some apps). */
export const shareIcon = { path: "/icons/maskable-512.png", size: 512 } as const;

/**
 * A link preview's picture: the page's own (a banner, wide), else the site's icon, so a page without
 * one (say, the guest book's, sent in a chat) still shows the brand. A banner's address the content
 * gives is an editor's: one that is no http(s) address or does not parse (`https://`, a space in
 * the host) gives the icon, not a failed page.
 */
function previewTags(config: ServerConfig, image: string | null | undefined): MetaDescriptor[] {
  const picture = isSafeUrl(image) ? URL.parse(image.trim(), config.publicBaseUrl) : null;
  if (picture) {
    return [
      { name: "twitter:card", content: "summary_large_image" },
      { property: "og:image", content: picture.href },
    ];
  }
  const size = String(shareIcon.size);
  return [
    { name: "twitter:card", content: "summary" },
    { property: "og:image", content: absoluteUrl(config, shareIcon.path) },
    { property: "og:image:width", content: size },
    { property: "og:image:height", content: size },
  ];
}

/** Title, description, canonical and hreflang alternates of a page (see `seoMeta`). */
export async function buildSeo(
  config: ServerConfig,
  request: Request,
  language: Language,
  keys: { title: TKey; description: TKey },
  image?: string | null,
): Promise<Seo> {
  const t = await serverT(config, language);
  const url = new URL(request.url);
  const { searchParams } = url;
  // One address per page: `/services/` (where the service links lead) is `/services`.
  const pathname = pagePath(url.pathname);
  const alternates = languageAlternates(config, pathname);
  // The address as asked for, without other parameters: `/` (the default) or `/?lang=…`.
  const canonical = isLanguage(searchParams.get("lang")) ? alternates[language] : alternates["x-default"];
  return {
    title: t(keys.title),
    description: t(keys.description),
    language,
    siteName: t("marketing.seo.siteName"),
    url: canonical,
    alternates,
    preview: previewTags(config, image),
  };
}

/**
 * A page's address in each language (`?lang=`) and without one (`x-default`: the stored choice, else
 * Indonesian), at the public address: its hreflang alternates, and its entries in the sitemap.
 */
export function languageAlternates(config: ServerConfig, pathname: string): Seo["alternates"] {
  const inLanguage = (lang: Language) => absoluteUrl(config, `${pathname}?lang=${lang}`);
  return { id: inLanguage("id"), en: inLanguage("en"), "x-default": absoluteUrl(config, pathname) };
}

/** The language a page is rendered in and its SEO, for a page whose texts do not depend on content. */
export async function pageSeo(
  config: ServerConfig,
  request: Request,
  keys: { title: TKey; description: TKey },
) {
  const language = requestLanguage(request);
  return { language, seo: await buildSeo(config, request, language, keys) };
}
