/** Small helpers shared by the product's SVG pictures: palette, escaping, hashing, text layout. */

export const COLORS = {
  primary: "#5B2ED9",
  primaryDark: "#4321A8",
  primaryDeep: "#2A1570",
  primarySoft: "#EDE7FD",
  primaryTint: "#C9B8F6",
  accent: "#FFB020",
  accentSoft: "#FFE6B3",
  green: "#1F9D55",
  greenSoft: "#D5F2E1",
  red: "#D64545",
  ink: "#111827",
  ink2: "#374151",
  muted: "#6B7280",
  line: "#E5E7EB",
  surface: "#F5F6FA",
  white: "#FFFFFF",
  kraft: "#D9A066",
  kraftDark: "#B97F45",
  kraftLight: "#EBC08C",
  skin: "#F2C6A0",
  skinDark: "#C98E62",
} as const;

export const FONT = "'Plus Jakarta Sans', system-ui, sans-serif";

/** Escapes text for use in SVG element content and attribute values. */
export function esc(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** FNV-1a 32-bit hash of a string. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Seeded PRNG (mulberry32): the same seed always gives the same sequence. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** Rounds to 2 decimals to keep the markup short and stable. */
export function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

export interface SvgOptions {
  width: number;
  height: number;
  title: string;
  body: string;
  defs?: string;
}

/** Wraps a body in a complete, self-describing SVG document. */
export function svgDocument({ width, height, title, body, defs }: SvgOptions): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(title)}" font-family="${esc(FONT)}">`,
    `<title>${esc(title)}</title>`,
    defs ? `<defs>${defs}</defs>` : "",
    body,
    "</svg>",
  ].join("");
}

/** Rough width of a text run in the fallback sans-serif (bold glyphs are wider). */
export function textWidth(text: string, fontSize: number, weight = 400): number {
  let units = 0;
  for (const ch of text) {
    if (ch === " ") units += 0.3;
    else if ("il.,:;'|!".includes(ch)) units += 0.3;
    else if ("fjrt()-".includes(ch)) units += 0.4;
    else if ("mwMW".includes(ch)) units += 0.9;
    else if (ch >= "A" && ch <= "Z") units += 0.7;
    else if (ch >= "0" && ch <= "9") units += 0.6;
    else units += 0.6;
  }
  return units * fontSize * (weight >= 700 ? 1.12 : 1);
}

/** Greedy word wrap to a pixel width. */
export function wrapText(text: string, maxWidth: number, fontSize: number, weight = 400): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, fontSize, weight) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Word wrap with lines of similar length: the narrowest width that keeps the greedy line count,
 * so a header never ends with a lonely last word.
 */
export function balancedWrap(text: string, maxWidth: number, fontSize: number, weight = 400): string[] {
  const lines = wrapText(text, maxWidth, fontSize, weight);
  if (lines.length < 2) return lines;
  let low = 0;
  let high = maxWidth;
  while (high - low > 2) {
    const mid = (low + high) / 2;
    if (wrapText(text, mid, fontSize, weight).length > lines.length) low = mid;
    else high = mid;
  }
  return wrapText(text, high, fontSize, weight);
}

export interface TextOptions {
  x: number;
  y: number;
  size: number;
  weight?: number;
  fill?: string;
  anchor?: "start" | "middle" | "end";
  lineHeight?: number;
  letterSpacing?: number;
}

/** One or more lines of text; `y` is the baseline of the first line. */
export function text(lines: string | string[], o: TextOptions): string {
  const list = Array.isArray(lines) ? lines : [lines];
  const lh = o.lineHeight ?? o.size * 1.2;
  const attrs = [
    `x="${n(o.x)}"`,
    `y="${n(o.y)}"`,
    `font-family="${esc(FONT)}"`,
    `font-size="${n(o.size)}"`,
    `font-weight="${o.weight ?? 400}"`,
    `fill="${o.fill ?? COLORS.ink}"`,
    o.anchor && o.anchor !== "start" ? `text-anchor="${o.anchor}"` : "",
    o.letterSpacing ? `letter-spacing="${o.letterSpacing}"` : "",
  ]
    .filter(Boolean)
    .join(" ");
  if (list.length === 1) return `<text ${attrs}>${esc(list[0] ?? "")}</text>`;
  const spans = list
    .map((line, i) => `<tspan x="${n(o.x)}" dy="${i === 0 ? 0 : n(lh)}">${esc(line)}</tspan>`)
    .join("");
  return `<text ${attrs}>${spans}</text>`;
}

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const channel = (shift: number) => {
    const ca = (pa >> shift) & 255;
    const cb = (pb >> shift) & 255;
    return Math.round(ca + (cb - ca) * t);
  };
  const value = (channel(16) << 16) | (channel(8) << 8) | channel(0);
  return `#${value.toString(16).padStart(6, "0")}`;
}

export function translate(x: number, y: number, scale = 1): string {
  return scale === 1 ? `translate(${n(x)} ${n(y)})` : `translate(${n(x)} ${n(y)}) scale(${n(scale)})`;
}
