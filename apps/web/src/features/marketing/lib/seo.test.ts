import { describe, expect, it } from "vitest";
import type { BannerData } from "../types";
import { bannerPreloadMeta, type Seo, seoMeta } from "./seo";

const seo: Seo = {
  title: "PaxelBox smart lockers",
  description: "Lockers at more than 260 locations.",
  language: "en",
  siteName: "PaxelBox",
  url: "https://box.example/?lang=en",
  alternates: {
    id: "https://box.example/?lang=id",
    en: "https://box.example/?lang=en",
    "x-default": "https://box.example/",
  },
  preview: [
    { name: "twitter:card", content: "summary_large_image" },
    { property: "og:image", content: "https://box.example/banner.svg" },
  ],
};

describe("marketing meta", () => {
  it("has title, description, Open Graph and the hreflang alternates", () => {
    const tags = seoMeta(seo);
    expect(tags).toContainEqual({ title: "PaxelBox smart lockers" });
    expect(tags).toContainEqual({ name: "description", content: "Lockers at more than 260 locations." });
    expect(tags).toContainEqual({ property: "og:locale", content: "en_US" });
    expect(tags).toContainEqual({ property: "og:locale:alternate", content: "id_ID" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://box.example/banner.svg" });
    for (const lang of ["id", "en", "x-default"] as const) {
      expect(tags).toContainEqual({
        tagName: "link",
        rel: "alternate",
        hrefLang: lang,
        href: seo.alternates[lang],
      });
    }
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: seo.url });
    expect(seoMeta(null)).toEqual([]);
  });

  it("preloads the banner picture that applies to the screen, never an unsafe address", () => {
    const banner = {
      image_mobile_jpg: "/api/v1/media/banner/a-mobile.svg",
      image_desktop_jpg: "javascript:alert(1)",
    } as BannerData;
    const tags = bannerPreloadMeta(banner);
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({
      rel: "preload",
      as: "image",
      href: banner.image_mobile_jpg,
      fetchPriority: "high",
    });
  });
});
