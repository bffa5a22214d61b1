import type { ServerConfig } from "../../../config/env";
import {
  createI18n,
  ensureLanguage,
  isLanguage,
  type Language,
  requestLanguage,
  type TKey,
} from "../../../lib/i18n/i18n";
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

/** Title, description, canonical and hreflang alternates of a page (see `seoMeta`). */
export async function buildSeo(
  config: ServerConfig,
  request: Request,
  language: Language,
  keys: { title: TKey; description: TKey },
  image?: string | null,
): Promise<Seo> {
  const t = await serverT(config, language);
  const { pathname, searchParams } = new URL(request.url);
  const inLanguage = (lang: Language) => absoluteUrl(config, `${pathname}?lang=${lang}`);
  // The address as asked for, without other parameters: `/` (the default) or `/?lang=…`.
  const canonical = isLanguage(searchParams.get("lang"))
    ? inLanguage(language)
    : absoluteUrl(config, pathname);
  return {
    title: t(keys.title),
    description: t(keys.description),
    language,
    siteName: t("marketing.seo.siteName"),
    url: canonical,
    alternates: { id: inLanguage("id"), en: inLanguage("en"), "x-default": absoluteUrl(config, pathname) },
    image: image ? absoluteUrl(config, image) : undefined,
  };
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
