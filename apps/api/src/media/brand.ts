/** Wordmark, app icons, store badges and the "no image" placeholder. */

import { blob, parcel } from "./art.ts";
import { COLORS as C, esc, FONT, n, svgDocument, text, textWidth } from "./svg.ts";

/** The box mark: a violet rounded square with a small locker (two columns, one amber door). */
function boxMark(x: number, y: number, size: number): string {
  const s = size / 48;
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(s)})"><rect width="48" height="48" rx="12" fill="${C.primary}"/><rect x="10" y="9" width="28" height="30" rx="4" fill="${C.white}"/><rect x="14" y="13" width="9" height="22" rx="2" fill="${C.primary}"/><rect x="25" y="13" width="9" height="10" rx="2" fill="${C.primary}"/><rect x="25" y="25" width="9" height="10" rx="2" fill="${C.accent}"/></g>`;
}

/** The wordmark "<productName>Box" with the box mark; the name part is ink, "Box" is violet. */
export function renderWordmark(productName: string): string {
  const name = productName.trim() || "Paxel";
  const size = 32;
  const nameWidth = textWidth(name, size, 800);
  const boxWidth = textWidth("Box", size, 800);
  const width = Math.ceil(64 + nameWidth + boxWidth + 16);
  const height = 64;
  const body = `${boxMark(8, 8, 48)}<text x="66" y="43" font-family="${esc(FONT)}" font-size="${size}" font-weight="800" letter-spacing="-0.5"><tspan fill="${C.ink}">${esc(name)}</tspan><tspan fill="${C.primary}">Box</tspan></text>`;
  return svgDocument({ width, height, title: `${name}Box`, body });
}

/** Square app icon: the locker mark on the brand colour (kept inside the maskable safe zone). */
export function renderAppIcon(size: number, productName: string): string {
  const s = size / 512;
  const body = `<rect width="${size}" height="${size}" rx="${n(size * 0.22)}" fill="${C.primary}"/><g transform="scale(${n(s)})"><circle cx="430" cy="86" r="40" fill="#6C3FE6"/><rect x="146" y="122" width="220" height="268" rx="28" fill="${C.white}"/><rect x="176" y="152" width="72" height="208" rx="12" fill="${C.primary}"/><rect x="264" y="152" width="72" height="96" rx="12" fill="${C.primary}"/><rect x="264" y="264" width="72" height="96" rx="12" fill="${C.accent}"/><rect x="226" y="250" width="10" height="28" rx="5" fill="${C.white}"/><rect x="146" y="396" width="220" height="14" rx="7" fill="#4321A8"/></g>`;
  return svgDocument({ width: size, height: size, title: `${productName.trim() || "Paxel"}Box`, body });
}

function badgeFrame(width: number, height: number, body: string, title: string): string {
  return svgDocument({
    width,
    height,
    title,
    body: `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="10" fill="#000000" stroke="#A6A6A6"/>${body}`,
  });
}

/** A store badge in the product's own style: "GET IT ON / Google Play". */
export function renderGooglePlayBadge(): string {
  const glyph = `<path d="M16 13.5L16 40.5Q16 43 18.2 41.8L40 29.2Q42 28 40 26.8L18.2 14.2Q16 13 16 13.5Z" fill="none" stroke="${C.white}" stroke-width="2.6" stroke-linejoin="round"/><path d="M16.5 14L30 27L16.5 40" fill="none" stroke="${C.white}" stroke-width="2" stroke-linejoin="round" opacity=".7"/>`;
  const body = `${glyph}${text("GET IT ON", { x: 52, y: 22, size: 9, weight: 600, fill: C.white, letterSpacing: 0.6 })}${text("Google Play", { x: 51, y: 41, size: 18, weight: 600, fill: C.white })}`;
  return badgeFrame(192, 54, body, "Get it on Google Play");
}

/** A store badge in the product's own style: "Download on the / App Store". */
export function renderAppStoreBadge(): string {
  const glyph = `<rect x="13" y="12" width="30" height="30" rx="8" fill="none" stroke="${C.white}" stroke-width="2.4"/><path d="M22 35L28 19L34 35M24 30H32" fill="none" stroke="${C.white}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`;
  const body = `${glyph}${text("Download on the", { x: 52, y: 22, size: 9, weight: 600, fill: C.white, letterSpacing: 0.3 })}${text("App Store", { x: 51, y: 41, size: 19, weight: 600, fill: C.white })}`;
  return badgeFrame(192, 54, body, "Download on the App Store");
}

/** Friendly placeholder for a missing picture, 800 x 600, bilingual. */
export function renderNoContent(): string {
  const body = `<rect width="800" height="600" fill="${C.surface}"/>${blob(400, 270, 190, C.primarySoft, 7)}<g transform="translate(290 150)"><rect width="220" height="170" rx="18" fill="${C.white}" stroke="${C.line}" stroke-width="3"/><circle cx="160" cy="52" r="18" fill="${C.accent}"/><path d="M20 150L80 84L122 126L146 104L200 150Z" fill="${C.primaryTint}"/><path d="M20 150L80 84L122 126" fill="none" stroke="${C.primary}" stroke-width="4" stroke-linejoin="round"/></g>${parcel(468, 262, 84, 86)}${text("Gambar belum tersedia", { x: 400, y: 410, size: 28, weight: 700, fill: C.ink2, anchor: "middle" })}${text("Image not available", { x: 400, y: 446, size: 20, weight: 500, fill: C.muted, anchor: "middle" })}`;
  return svgDocument({ width: 800, height: 600, title: "Gambar belum tersedia / Image not available", body });
}
