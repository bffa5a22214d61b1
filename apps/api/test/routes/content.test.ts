import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { ContentName, calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { call, failure, ok, scenario, useApp } from "../helpers.ts";

const app = useApp();

describe("settings", () => {
  it("has every content entry and the feature flags", async () => {
    const settings = ok(calls.settings, await call(app(), calls.settings));
    expect(settings.paxelbox_content.map((entry) => entry.name).sort()).toEqual(
      [...ContentName.options].sort(),
    );
    expect(settings.enabled_userapp_feature.map((flag) => flag.name).sort()).toEqual([
      "snap_bi_dropoff",
      "snap_bi_paxelbox",
      "yellowai",
    ]);
    const pickUp = settings.paxelbox_content.find((entry) => entry.name === "how_to_pick_up_items");
    expect(`${pickUp?.setting_value.description}${pickUp?.setting_value.description_bahasa}`).toContain(
      "{{door_number}}",
    );
  });
});

describe("banners and services", () => {
  it("respects language and limit", async () => {
    const id = ok(calls.banners, await call(app(), calls.banners, { query: { language: "id", limit: 1 } }));
    const en = ok(calls.banners, await call(app(), calls.banners, { query: { language: "en", limit: 1 } }));
    expect(id).toHaveLength(1);
    expect(en).toHaveLength(1);
    expect(id[0]?.header).not.toBe(en[0]?.header);
    const three = ok(
      calls.services,
      await call(app(), calls.services, { query: { language: "en", limit: 3 } }),
    );
    const all = ok(
      calls.services,
      await call(app(), calls.services, { query: { language: "en", limit: -1 } }),
    );
    expect(three).toHaveLength(3);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all[0]?.guides.length).toBeGreaterThan(0);
  });

  it("rejects a bad language or limit with a clear message", async () => {
    expect(failure(await call(app(), calls.banners, { query: { language: "fr" } }), 400)).toMatch(/language/);
    expect(failure(await call(app(), calls.services, { query: { limit: "many" } }), 400)).toMatch(/limit/);
    failure(await call(app(), calls.services, { query: { limit: -5 } }), 400);
  });
});

describe("short links", () => {
  it("resolves a fresh link and gives the spec's message for a missing one", async () => {
    const created = await scenario(app(), "short-link");
    const code = created.url.split("/o/")[1]!;
    const link = ok(calls.shortLink, await call(app(), calls.shortLink, { params: { code } }));
    expect(link.url).toMatch(/\/services$/);
    const missing = await scenario(app(), "short-link-missing");
    const params = { code: missing.url.split("/o/")[1]! };
    expect(
      failure(await call(app(), calls.shortLink, { params, headers: { "accept-language": "en" } }), 404),
    ).toBe("Your request could not be found. Please check your shortener address");
    expect(failure(await call(app(), calls.shortLink, { params }), 404)).toBe(
      "Permintaan kamu tidak dapat ditemukan. Silakan periksa alamat shortener kamu",
    );
    failure(await call(app(), calls.shortLink, { params: { code: "bad code!" } }), 400);
  });
});

describe("media", () => {
  it("serves the product's own SVG pictures and 404s unknown ones", async () => {
    const banners = ok(calls.banners, await call(app(), calls.banners, { query: { language: "id" } }));
    const response = await app().inject(banners[0]!.image_desktop_jpg);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg/);
    failure(await app().inject("/api/v1/media/banner/nope.svg"), 404);
    failure(await app().inject("/api/v1/media/secret/x.svg"), 400);
  });

  it("compresses pictures for clients that accept it", async () => {
    const banners = ok(calls.banners, await call(app(), calls.banners, { query: { language: "id" } }));
    const url = banners[0]!.image_mobile_jpg;
    const plain = await app().inject(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [header, encoding, decode] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["br;q=0, gzip;q=0.5", "gzip", gunzipSync],
    ] as const) {
      // Twice: the second answer comes from the compressed copy.
      for (let round = 0; round < 2; round++) {
        const response = await app().inject({ url, headers: { "accept-encoding": header } });
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-encoding"]).toBe(encoding);
        expect(response.headers["content-type"]).toMatch(/image\/svg\+xml/);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode(response.rawPayload).toString()).toBe(plain.body);
      }
    }
    const refused = await app().inject({ url, headers: { "accept-encoding": "identity, br;q=0" } });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });
});
