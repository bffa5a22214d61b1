import { describe, expect, it } from "vitest";
import { fallbackPublicConfig } from "../../config/public-config";
import { articleLink, externalLink, externalPages } from "./external-links";

const config = {
  ...fallbackPublicConfig,
  mainSiteUrl: "https://www.main.test",
  corporateSiteUrl: "https://corp.test/",
  partnerSiteUrl: "https://partner.test",
};

describe("external links", () => {
  it("puts the locale in the path", () => {
    expect(externalLink(config, "id", "ourService")).toBe("https://www.main.test/id/our-service");
    expect(externalLink(config, "en", "newsAndPromos")).toBe("https://www.main.test/en/news-and-promos");
    expect(externalLink(config, "en", "antarkanKebaikan")).toBe("https://www.main.test/en/antarkan-kebaikan");
    expect(externalLink(config, "id", "trackShipments")).toBe("https://www.main.test/id/track-shipments");
    expect(externalLink(config, "id", "helpAndSupport")).toBe("https://www.main.test/id/help-and-support");
    expect(externalLink(config, "en", "aboutUs")).toBe("https://corp.test/en/about-us");
    expect(externalLink(config, "id", "termsAndConditions")).toBe(
      "https://corp.test/id/terms-and-conditions",
    );
    expect(externalLink(config, "id", "privacyPolicy")).toBe("https://corp.test/id/privacy-policy");
    expect(externalLink(config, "en", "partnership")).toBe("https://partner.test/en/partnership");
  });

  it("opens the rate checker with ?cek_ongkir=true", () => {
    expect(externalLink(config, "id", "checkRates")).toBe("https://www.main.test/id?cek_ongkir=true");
  });

  it("covers every page of spec §2", () => {
    const pathsInSpec = [
      "our-service",
      "news-and-promos",
      "antarkan-kebaikan",
      "partnership",
      "help-and-support",
      "about-us",
      "terms-and-conditions",
      "privacy-policy",
      "track-shipments",
      "?cek_ongkir=true",
    ];
    expect(
      Object.values(externalPages)
        .map((page) => page.path)
        .sort(),
    ).toEqual(pathsInSpec.sort());
  });

  it("links banner articles to the main site", () => {
    expect(articleLink(config, "id", "2025-08-17", "promo merdeka")).toBe(
      "https://www.main.test/id/news-and-promos/detail/2025-08-17/promo%20merdeka",
    );
  });
});
