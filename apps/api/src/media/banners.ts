/**
 * Banner pictures: the banner's header text on the left (top on mobile) and an illustration.
 * Desktop 1440 x 560, mobile 750 x 750.
 */

import { blob, sparkle } from "./art.ts";
import { stage } from "./scenes.ts";
import { balancedWrap, COLORS as C, hashString, mix, svgDocument, text, translate } from "./svg.ts";

export interface BannerArt {
  /** Illustration stage name (see scenes.ts). */
  stage: string;
  theme: "violet" | "night" | "light";
}

/** Banner art by banner base name (the language suffix, e.g. "-id", is stripped). */
export const BANNER_ART: Record<string, BannerArt> = {
  "rent-locker": { stage: "rent-locker", theme: "violet" },
  "send-parcel": { stage: "send-parcel", theme: "night" },
  "get-app": { stage: "get-app", theme: "light" },
};

interface Theme {
  from: string;
  to: string;
  text: string;
  blobA: string;
  blobB: string;
  underline: string;
}

const THEMES: Record<BannerArt["theme"], Theme> = {
  violet: {
    from: C.primary,
    to: "#7A4DF0",
    text: C.white,
    blobA: "#6C3FE6",
    blobB: "#8A63F2",
    underline: C.accent,
  },
  night: {
    from: C.primaryDeep,
    to: C.primaryDark,
    text: C.white,
    blobA: "#3A2090",
    blobB: C.primary,
    underline: C.accent,
  },
  light: {
    from: C.surface,
    to: C.primarySoft,
    text: C.ink,
    blobA: C.white,
    blobB: C.accentSoft,
    underline: C.primary,
  },
};

function gradient(id: string, theme: Theme, vertical: boolean): string {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient>`;
}

/** Fits the header into at most `maxLines` lines by shrinking the font size. */
function fitHeader(header: string, maxWidth: number, size: number, maxLines: number) {
  let fontSize = size;
  let lines = balancedWrap(header, maxWidth, fontSize, 800);
  while (lines.length > maxLines && fontSize > 24) {
    fontSize -= 2;
    lines = balancedWrap(header, maxWidth, fontSize, 800);
  }
  return { fontSize, lines };
}

/** A small row of "feature" icons under the header: locker, pin, QR. */
function iconRow(x: number, y: number, theme: Theme): string {
  const chip = theme.text === C.white ? "rgba(255,255,255,0.16)" : C.white;
  const ink = theme.text === C.white ? C.white : C.primary;
  const item = (dx: number, glyph: string) =>
    `<g transform="${translate(x + dx, y)}"><rect width="52" height="52" rx="14" fill="${chip}"/>${glyph}</g>`;
  const locker = `<rect x="14" y="12" width="24" height="28" rx="4" fill="none" stroke="${ink}" stroke-width="3"/><path d="M26 12v28M14 26h12" stroke="${ink}" stroke-width="3"/><rect x="29" y="28" width="6" height="9" fill="${C.accent}"/>`;
  const mapPin = `<path d="M26 41s-11-11-11-18a11 11 0 0 1 22 0c0 7-11 18-11 18z" fill="none" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/><circle cx="26" cy="23" r="4" fill="${C.accent}"/>`;
  const qrGlyph = `<path d="M14 14h9v9h-9zM29 14h9v9h-9zM14 29h9v9h-9z" fill="none" stroke="${ink}" stroke-width="3"/><path d="M30 30h3v3h-3zM35 35h3v3h-3z" fill="${C.accent}"/>`;
  return item(0, locker) + item(66, mapPin) + item(132, qrGlyph);
}

export function renderBanner(name: string, header: string, variant: "desktop" | "mobile"): string | null {
  const base = name.replace(/-(id|en)$/, "");
  const art = BANNER_ART[base];
  if (!art) return null;
  const theme = THEMES[art.theme];
  const seed = hashString(name);
  const illustration = stage(art.stage, hashString(base));
  if (illustration === null) return null;
  const gid = `bg-${base}-${variant}`;

  if (variant === "desktop") {
    const width = 1440;
    const height = 560;
    const { fontSize, lines } = fitHeader(header, 600, 64, 3);
    const lineHeight = Math.round(fontSize * 1.14);
    const blockHeight = lines.length * lineHeight + 40 + 52;
    const top = (height - blockHeight) / 2 + fontSize * 0.86;
    let body = `<rect width="${width}" height="${height}" fill="url(#${gid})"/>`;
    body += blob(1080, 300, 300, theme.blobA, seed, 0.9);
    body += blob(1330, 80, 120, theme.blobB, seed + 1, 0.7);
    body += blob(80, 520, 140, theme.blobA, seed + 2, 0.6);
    body += sparkle(760, 90, 14, C.accent) + sparkle(1390, 470, 10, mix(theme.blobB, C.white, 0.3));
    body += text(lines, { x: 112, y: top, size: fontSize, weight: 800, fill: theme.text, lineHeight });
    const underlineY = top + (lines.length - 1) * lineHeight + 26;
    body += `<rect x="112" y="${underlineY}" width="88" height="8" rx="4" fill="${theme.underline}"/>`;
    body += iconRow(112, underlineY + 32, theme);
    body += `<g transform="${translate(790, 30, 1)}">${illustration}</g>`;
    return svgDocument({ width, height, title: header, body, defs: gradient(gid, theme, false) });
  }

  const size = 750;
  const { fontSize, lines } = fitHeader(header, 630, 56, 3);
  const lineHeight = Math.round(fontSize * 1.14);
  const top = 64 + fontSize * 0.86;
  const underlineY = top + (lines.length - 1) * lineHeight + 24;
  const stageTop = underlineY + 22;
  const stageScale = Math.min(1, (size - stageTop - 10) / 500);
  const stageX = (size - 600 * stageScale) / 2;
  let body = `<rect width="${size}" height="${size}" fill="url(#${gid})"/>`;
  body += blob(400, 520, 260, theme.blobA, seed, 0.9);
  body += blob(680, 120, 110, theme.blobB, seed + 1, 0.6);
  body += sparkle(690, 300, 12, C.accent);
  body += text(lines, { x: 60, y: top, size: fontSize, weight: 800, fill: theme.text, lineHeight });
  body += `<rect x="60" y="${underlineY}" width="80" height="8" rx="4" fill="${theme.underline}"/>`;
  body += `<g transform="${translate(stageX, stageTop, stageScale)}">${illustration}</g>`;
  return svgDocument({ width: size, height: size, title: header, body, defs: gradient(gid, theme, true) });
}
