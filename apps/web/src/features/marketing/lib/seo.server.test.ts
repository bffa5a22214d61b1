import { describe, expect, it } from "vitest";
import { parseWebEnv } from "../../../config/env";
import { buildSeo, pageSeo } from "./seo.server";

const keys = {
  title: "marketing.seo.guestBookTitle",
  description: "marketing.seo.guestBookDescription",
} as const;

describe("the pages' canonical and alternate addresses", () => {
  it("are at the configured public address, whatever Host the request named", async () => {
    const config = parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" });
    const request = new Request("http://attacker.example/guest-book?lang=en&utm_source=x", {
      headers: { host: "attacker.example", "x-forwarded-host": "attacker.example" },
    });
    const { seo } = await pageSeo(config, request, keys);
    expect(seo.url).toBe("https://box.example/guest-book?lang=en");
    expect(seo.alternates).toEqual({
      id: "https://box.example/guest-book?lang=id",
      en: "https://box.example/guest-book?lang=en",
      "x-default": "https://box.example/guest-book",
    });
  });

  it("are one page's for an address with a trailing slash (where the service links lead)", async () => {
    const config = parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" });
    for (const path of ["/services/", "/services//?lang=en"]) {
      const { seo } = await pageSeo(config, new Request(`https://box.example${path}`), keys);
      expect(seo.url, path).toMatch(/^https:\/\/box\.example\/services(\?lang=en)?$/);
      expect(seo.alternates, path).toEqual({
        id: "https://box.example/services?lang=id",
        en: "https://box.example/services?lang=en",
        "x-default": "https://box.example/services",
      });
    }
  });

  it("keep the landing page's own address", async () => {
    const config = parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" });
    const { seo } = await pageSeo(config, new Request("https://box.example/"), keys);
    expect(seo.url).toBe("https://box.example/");
    expect(seo.alternates["x-default"]).toBe("https://box.example/");
  });

  it("preview a page without a picture of its own with the site's icon, at its size", async () => {
    const config = parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" });
    const { seo } = await pageSeo(config, new Request("http://attacker.example/guest-book"), keys);
    expect(seo.preview).toEqual([
      { name: "twitter:card", content: "summary" },
      { property: "og:image", content: "https://box.example/icons/maskable-512.png" },
      { property: "og:image:width", content: "512" },
      { property: "og:image:height", content: "512" },
    ]);
  });

  it("preview a page with a banner with the banner, wide", async () => {
    const config = parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" });
    const seo = await buildSeo(config, new Request("https://box.example/"), "en", keys, "/media/banner.jpg");
    expect(seo.preview).toEqual([
      { name: "twitter:card", content: "summary_large_image" },
      { property: "og:image", content: "https://box.example/media/banner.jpg" },
    ]);
  });

  it("preview with the icon when the banner's address is no http(s) address or does not parse", async () => {
    const config = parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" });
    for (const image of [
      "https://",
      "https://cdn.example .com/b.jpg",
      "javascript:alert(1)",
      "//evil.example/b.jpg",
    ]) {
      const seo = await buildSeo(config, new Request("https://box.example/"), "en", keys, image);
      expect(seo.preview, image).toContainEqual({
        property: "og:image",
        content: "https://box.example/icons/maskable-512.png",
      });
    }
  });
});
