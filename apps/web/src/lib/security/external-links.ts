import type { Language } from "@paxelbox/contract";
import type { PublicConfig } from "../../config/public-config";

/**
 * Links to the company's other sites (spec §2), built from the configured base URLs with the
 * locale in the path: `{base}/{locale}/{page}`.
 */

export type ExternalPage =
  | "ourService"
  | "newsAndPromos"
  | "antarkanKebaikan"
  | "partnership"
  | "helpAndSupport"
  | "aboutUs"
  | "termsAndConditions"
  | "privacyPolicy"
  | "trackShipments"
  | "checkRates";

type Site = "main" | "corporate" | "partner";

/** Which site hosts each page, and its path there. */
export const externalPages: Record<ExternalPage, { site: Site; path: string }> = {
  ourService: { site: "main", path: "our-service" },
  newsAndPromos: { site: "main", path: "news-and-promos" },
  antarkanKebaikan: { site: "main", path: "antarkan-kebaikan" },
  trackShipments: { site: "main", path: "track-shipments" },
  /** The shipping-rate checker opens on the main site's home page. */
  checkRates: { site: "main", path: "?cek_ongkir=true" },
  helpAndSupport: { site: "main", path: "help-and-support" },
  aboutUs: { site: "corporate", path: "about-us" },
  termsAndConditions: { site: "corporate", path: "terms-and-conditions" },
  privacyPolicy: { site: "corporate", path: "privacy-policy" },
  partnership: { site: "partner", path: "partnership" },
};

function siteBase(config: PublicConfig, site: Site): string {
  const base =
    site === "main"
      ? config.mainSiteUrl
      : site === "corporate"
        ? config.corporateSiteUrl
        : config.partnerSiteUrl;
  return base.replace(/\/+$/, "");
}

export function externalLink(config: PublicConfig, language: Language, page: ExternalPage): string {
  const { site, path } = externalPages[page];
  const base = `${siteBase(config, site)}/${language}`;
  return path.startsWith("?") ? `${base}${path}` : `${base}/${path}`;
}

/** An article on the main site: `/news-and-promos/detail/{date}/{slug}` (banners, spec §3). */
export function articleLink(config: PublicConfig, language: Language, date: string, slug: string): string {
  return `${siteBase(config, "main")}/${language}/news-and-promos/detail/${encodeURIComponent(date)}/${encodeURIComponent(slug)}`;
}
