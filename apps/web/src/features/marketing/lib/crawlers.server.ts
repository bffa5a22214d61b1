import type { ServerConfig } from "../../../config/env";
import { indexedPaths, uncrawledPaths } from "../../../pages";
import { paths } from "../../../paths";
import { languageAlternates } from "./seo.server";

/** Search engines read these once in a while: an hour in any cache is soon enough for a change. */
export const crawlerFileCacheControl = "public, max-age=3600";

/**
 * `robots.txt`: crawlers keep away from the screens opened with a member's token or a drop-off link
 * (they hold names, phones and pick-up codes; a crawler that met such a link would otherwise fetch
 * it) and from the package form, and find the sitemap at the public address. The hidden `/debug`
 * page is not named: it is linked nowhere and its own meta says `noindex`.
 */
export function robotsTxt(config: ServerConfig): string {
  return [
    "User-agent: *",
    ...uncrawledPaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL(paths.sitemap.href(), config.publicBaseUrl).href}`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * `sitemap.xml`: every indexed marketing page at each of its addresses (Indonesian, English and the
 * one without a language), each naming the others as its hreflang alternates, as the page's own
 * `<link rel="alternate">` do.
 */
export function sitemapXml(config: ServerConfig): string {
  const entries = indexedPaths.flatMap((path) => {
    const alternates = Object.entries(languageAlternates(config, path));
    const links = alternates.map(
      ([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href)}"/>`,
    );
    return alternates.map(([, href]) => [
      "  <url>",
      `    <loc>${escapeXml(href)}</loc>`,
      ...links,
      "  </url>",
    ]);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.flat(),
    "</urlset>",
    "",
  ].join("\n");
}
