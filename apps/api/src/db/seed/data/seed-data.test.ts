import { describe, expect, it } from "vitest";
import { banners, paxelboxContent, services, shortLinks, userAppFeatures } from "./content.ts";
import { locations } from "./locations.ts";
import { mouthTypes } from "./sizes.ts";

function wordCount(html: string): number {
  return html
    .replace(/<[^>]+>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
}

describe("locations", () => {
  it("has more than 260 locations (the spec's landing text) and fewer than 270, with unique codes", () => {
    expect(locations.length).toBeGreaterThan(260);
    expect(locations.length).toBeLessThan(270);
    const codes = new Set(locations.map((location) => location.code));
    expect(codes.size).toBe(locations.length);
    for (const code of codes) expect(code).toMatch(/^PXB-(JKP|JKU|JKB|JKS|JKT|BGR|DPK|TNG|TGS|BKS)-\d{4}$/);
  });

  it("keeps coordinates inside Jabodetabek", () => {
    for (const location of locations) {
      expect(location.latitude).toBeLessThanOrEqual(-6.1);
      expect(location.latitude).toBeGreaterThanOrEqual(-6.65);
      expect(location.longitude).toBeGreaterThanOrEqual(106.55);
      expect(location.longitude).toBeLessThanOrEqual(107.1);
    }
  });

  it("fills every text in both languages", () => {
    for (const location of locations) {
      for (const key of [
        "name",
        "area",
        "city",
        "address",
        "description",
        "descriptionBahasa",
        "operationalHour",
        "operationalHourBahasa",
      ] as const) {
        expect(location[key].trim(), `${location.code} ${key}`).not.toBe("");
      }
      expect(location.address).toMatch(/Kec\. .+ \d{5}$/);
    }
  });

  it("covers every area of Jabodetabek", () => {
    const areas = new Set(locations.map((location) => location.area));
    for (const area of [
      "Jakarta Pusat",
      "Jakarta Utara",
      "Jakarta Barat",
      "Jakarta Selatan",
      "Jakarta Timur",
      "Bogor",
      "Depok",
      "Tangerang",
      "Tangerang Selatan",
      "Bekasi",
    ]) {
      expect(areas.has(area), area).toBe(true);
    }
  });

  it("never repeats a description on two neighbouring locations", () => {
    for (let i = 1; i < locations.length; i++) {
      expect(locations[i]!.description).not.toBe(locations[i - 1]!.description);
    }
  });
});

describe("content", () => {
  it("has three banners per language with the three button styles", () => {
    for (const language of ["id", "en"] as const) {
      const list = banners[language];
      expect(list).toHaveLength(3);
      expect(list.some((b) => b.button.is_article && b.button.article !== null)).toBe(true);
      expect(list.some((b) => !b.button.is_article && b.button.other_url !== null)).toBe(true);
      const plain = list.find((b) => b.button.text_button === "");
      expect(plain?.button.other_url).toBeNull();
      expect(plain?.button.is_article).toBe(false);
      expect(plain?.is_with_download_button).toBe(true);
      for (const banner of list) {
        expect(banner.image_desktop_jpg).toMatch(/^\/api\/v1\/media\/banner\/[a-z0-9-]+-desktop\.svg$/);
        expect(banner.image_mobile_jpg).toMatch(/^\/api\/v1\/media\/banner\/[a-z0-9-]+-mobile\.svg$/);
        if (banner.button.article)
          expect(banner.button.article.created_at_date_only).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it("has the same services, by slug, in both languages", () => {
    expect(services.id.length).toBeGreaterThanOrEqual(4);
    expect(services.id.map((s) => s.slug)).toEqual(services.en.map((s) => s.slug));
    for (const language of ["id", "en"] as const) {
      for (const service of services[language]) {
        expect(service.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        const words = wordCount(service.description);
        expect(words, `${language} ${service.slug}`).toBeGreaterThanOrEqual(25);
        expect(words, `${language} ${service.slug}`).toBeLessThanOrEqual(60);
        expect(service.video_url).toBeNull();
        expect(service.guides.length).toBeGreaterThanOrEqual(3);
        expect(service.guides.length).toBeLessThanOrEqual(5);
        service.guides.forEach((guide, index) => {
          expect(guide.image).toBe(`/api/v1/media/guide/${service.slug}-${index + 1}.svg`);
          expect(guide.description.trim()).not.toBe("");
        });
      }
    }
  });

  it("has the eight instruction texts, naming the door with the token", () => {
    expect(paxelboxContent.map((c) => c.name).sort()).toEqual(
      [
        "attention_pick_up_dropoff",
        "attention_pick_up_items",
        "how_to_open_locker",
        "how_to_pick_up_dropoff",
        "how_to_pick_up_items",
        "how_to_put_items",
        "how_to_stop_rent",
        "stop_rent_countdown_instruction",
      ].sort(),
    );
    for (const { name, setting_value: v } of paxelboxContent) {
      for (const value of [v.title, v.title_bahasa, v.description, v.description_bahasa]) {
        expect(value.trim(), name).not.toBe("");
      }
      expect(v.description, name).toContain("{{door_number}}");
      expect(v.description_bahasa, name).toContain("{{door_number}}");
    }
  });

  it("has the feature flags and short links", () => {
    expect(userAppFeatures.map((f) => f.name)).toEqual(["snap_bi_paxelbox", "snap_bi_dropoff", "yellowai"]);
    expect(shortLinks.length).toBeGreaterThanOrEqual(4);
    expect(new Set(shortLinks.map((l) => l.code)).size).toBe(shortLinks.length);
    for (const link of shortLinks) expect(link.code).toMatch(/^[a-z0-9]+$/);
    expect(shortLinks.some((l) => !/^https?:\/\//.test(l.url))).toBe(true);
  });
});

describe("door sizes", () => {
  it("lists every door size of the spec with its label", () => {
    expect(mouthTypes.map((m) => [m.name, m.label])).toEqual([
      ["S", "Small"],
      ["M", "Medium"],
      ["L", "Large"],
      ["XL", "Extra Large"],
      ["S Food", "Small Food"],
      ["M Food", "Medium Food"],
      ["L Food", "Large Food"],
      ["XL Food", "Extra Large Food"],
      ["SELIBOX", "Seli Box"],
    ]);
    for (const m of mouthTypes) {
      for (const value of [
        m.height,
        m.depth,
        m.width,
        m.defaultUsePrice,
        m.overduePricePerHour,
        m.dropoffOverduePricePerDay,
      ]) {
        expect(Number.isInteger(value) && value > 0, m.name).toBe(true);
      }
    }
  });
});
