import { describe, expect, it } from "vitest";
import { banners, services } from "../db/seed/data/content.ts";
import { locations } from "../db/seed/data/locations.ts";
import { listMediaPaths, renderMedia, renderWordmark } from "./render-media.ts";

const MEDIA = "/api/v1/media/";

/** Splits a media URL into the renderMedia arguments. */
function split(url: string): [string, string] {
  expect(url.startsWith(MEDIA), url).toBe(true);
  const [kind, name, ...rest] = url.slice(MEDIA.length).split("/");
  expect(rest).toHaveLength(0);
  return [kind!, name!];
}

/** A light well-formedness check: one <svg> root, balanced tags, the required attributes. */
function expectSvg(svg: string | null, label: string): void {
  expect(svg, label).not.toBeNull();
  const markup = svg!;
  expect(markup.startsWith("<svg "), label).toBe(true);
  expect(markup.endsWith("</svg>"), label).toBe(true);
  const open = markup.slice(0, markup.indexOf(">"));
  expect(open).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(open).toMatch(/ viewBox="0 0 \d+ \d+"/);
  expect(open).toMatch(/ width="\d+"/);
  expect(open).toMatch(/ height="\d+"/);
  expect(open).toContain('role="img"');
  expect(markup).toMatch(/<title>[^<]+<\/title>/);
  // Balanced tags: walk every tag and keep a stack.
  const stack: string[] = [];
  for (const match of markup.matchAll(/<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>/g)) {
    const [, closing, name, , selfClosing] = match;
    if (selfClosing) continue;
    if (closing) expect(stack.pop(), `${label}: </${name}>`).toBe(name);
    else stack.push(name!);
  }
  expect(stack, label).toEqual([]);
  // No raw ampersands (every & starts an entity).
  expect(markup.replace(/&(amp|lt|gt|quot|#39);/g, "")).not.toContain("&");
}

describe("renderMedia", () => {
  it("renders every picture referenced by the content", () => {
    const urls = new Set<string>();
    for (const list of Object.values(banners)) {
      for (const b of list) {
        urls.add(b.image_desktop_jpg).add(b.image_mobile_jpg);
        urls.add(b.download_button.play_store_icon).add(b.download_button.app_store_icon);
      }
    }
    for (const list of Object.values(services)) {
      for (const s of list) {
        urls.add(s.image_desktop_jpg).add(s.image_mobile_jpg);
        urls.add(s.download_button.play_store_icon).add(s.download_button.app_store_icon);
        for (const g of s.guides) urls.add(g.image);
      }
    }
    for (const url of urls) expectSvg(renderMedia(...split(url)), url);
  });

  it("renders a locker photo for every location, each one different", () => {
    const seen = new Set<string>();
    for (const location of locations) {
      const svg = renderMedia("locker", `${location.code}.svg`);
      expectSvg(svg, location.code);
      expect(svg).toContain(`>${location.code}</text>`);
      seen.add(svg!.replace(location.code, ""));
    }
    expect(seen.size).toBe(locations.length);
  });

  it("renders the brand pictures, badges and placeholder", () => {
    for (const [kind, name] of [
      ["badge", "google-play.svg"],
      ["badge", "app-store.svg"],
      ["brand", "wordmark.svg"],
      ["brand", "icon-192.svg"],
      ["brand", "icon-512.svg"],
      ["misc", "no-content.svg"],
    ] as const) {
      expectSvg(renderMedia(kind, name), `${kind}/${name}`);
    }
    expect(renderMedia("brand", "icon-512.svg")).toContain('width="512"');
  });

  it("lists only paths that render", () => {
    const paths = listMediaPaths();
    expect(paths.length).toBeGreaterThan(locations.length);
    for (const path of paths) {
      const [kind, name] = path.split("/");
      expect(renderMedia(kind!, name!), path).not.toBeNull();
    }
  });

  it("returns null for unknown names", () => {
    for (const [kind, name] of [
      ["banner", "nope-desktop.svg"],
      ["banner", "rent-locker-id-tablet.svg"],
      ["service", "sewa-loker-wide.svg"],
      ["service", "unknown-desktop.svg"],
      ["guide", "sewa-loker-0.svg"],
      ["guide", "sewa-loker-9.svg"],
      ["guide", "loker-makanan-4.svg"],
      ["locker", "PXB-JKS-9999.svg"],
      ["locker", "../etc/passwd"],
      ["badge", "windows-store.svg"],
      ["brand", "icon-64.svg"],
      ["misc", "nothing.svg"],
      ["photos", "no-content.svg"],
    ] as const) {
      expect(renderMedia(kind, name), `${kind}/${name}`).toBeNull();
    }
  });

  it("is deterministic", () => {
    const code = locations[42]!.code;
    expect(renderMedia("locker", `${code}.svg`)).toBe(renderMedia("locker", `${code}.svg`));
    const url = banners.id[0]!.image_mobile_jpg;
    expect(renderMedia(...split(url))).toBe(renderMedia(...split(url)));
    expect(renderWordmark("Paxel")).toBe(renderWordmark("Paxel"));
  });

  it("puts the product name into the wordmark and escapes it", () => {
    expect(renderWordmark("Paxel")).toContain(">Paxel</tspan><tspan");
    expect(renderMedia("brand", "wordmark.svg", { productName: "Kirim" })).toContain(">Kirim</tspan>");
    const odd = renderWordmark('A&B <"x">');
    expectSvg(odd, "escaped wordmark");
    expect(odd).toContain("A&amp;B &lt;&quot;x&quot;&gt;");
  });

  it("draws the banner header into the banner picture", () => {
    const banner = banners.en[1]!;
    const svg = renderMedia(...split(banner.image_desktop_jpg))!;
    for (const word of banner.header.split(" ")) expect(svg).toContain(word);
  });
});
