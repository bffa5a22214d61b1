import { describe, expect, it } from "vitest";
import { parseWebEnv } from "../../../config/env";
import { pageAt } from "../../../pages";
import { robotsTxt, sitemapXml } from "./crawlers.server";

const config = parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" });

describe("robots.txt", () => {
  const lines = robotsTxt(config).split("\n");
  const disallowed = lines.filter((line) => line.startsWith("Disallow: ")).map((line) => line.slice(10));

  it("keeps crawlers off every screen opened with a token or a link, and the package form", () => {
    expect(disallowed).toEqual(["/package", "/order", "/order-status", "/overduepayment"]);
    for (const path of [
      "/order",
      "/order-status",
      "/order-status/action",
      "/overduepayment",
      "/overduepayment/success-payment",
      "/package",
    ]) {
      expect(
        disallowed.some((rule) => path === rule || path.startsWith(`${rule}/`)),
        path,
      ).toBe(true);
      expect(pageAt(path)?.kind, path).not.toBe("marketing");
    }
  });

  it("lets them crawl the marketing pages, and names neither the hidden debug page nor the demo", () => {
    for (const path of ["/", "/services", "/guest-book", "/debug", "/demo/inbox"]) {
      expect(
        disallowed.some((rule) => path.startsWith(rule)),
        path,
      ).toBe(false);
    }
    expect(robotsTxt(config)).not.toMatch(/debug|demo/);
  });

  it("points at the sitemap at the public address", () => {
    expect(lines).toContain("Sitemap: https://box.example/sitemap.xml");
    expect(lines[0]).toBe("User-agent: *");
  });
});

describe("sitemap.xml", () => {
  const xml = sitemapXml(parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" }));
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it("lists each indexed marketing page in Indonesian, in English and without a language", () => {
    expect(locs).toEqual([
      "https://box.example/?lang=id",
      "https://box.example/?lang=en",
      "https://box.example/",
      "https://box.example/services?lang=id",
      "https://box.example/services?lang=en",
      "https://box.example/services",
      "https://box.example/guest-book?lang=id",
      "https://box.example/guest-book?lang=en",
      "https://box.example/guest-book",
    ]);
    expect(xml).not.toContain("/guest-book/submitted");
  });

  it("gives every address its page's hreflang alternates, as the page's links do", () => {
    const entries = xml.split("<url>").slice(1);
    expect(entries).toHaveLength(9);
    for (const entry of entries.filter((text) => text.includes("/services"))) {
      expect(entry).toContain(
        '<xhtml:link rel="alternate" hreflang="id" href="https://box.example/services?lang=id"/>',
      );
      expect(entry).toContain(
        '<xhtml:link rel="alternate" hreflang="en" href="https://box.example/services?lang=en"/>',
      );
      expect(entry).toContain(
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://box.example/services"/>',
      );
    }
  });

  it("is XML in the sitemap namespace", () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"',
      ),
    ).toBe(true);
    expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
  });
});
