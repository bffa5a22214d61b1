/**
 * Flat illustration pieces (phone, locker, parcel, people, ...) drawn in local coordinates and
 * placed with a translate/scale. Every piece is deterministic: randomness comes from a seed.
 */

import { COLORS as C, mix, n, prng, text, translate } from "./svg.ts";

/* ----------------------------------------------------------------------------------------------
 * Basics
 * ------------------------------------------------------------------------------------------- */

/** A soft organic blob around (cx, cy). */
export function blob(cx: number, cy: number, r: number, fill: string, seed: number, opacity = 1): string {
  const random = prng(seed);
  const count = 7;
  const points: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * Math.PI * 2;
    const radius = r * (0.82 + random() * 0.3);
    points.push([cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius]);
  }
  // Closed Catmull-Rom spline converted to cubic Béziers.
  let d = "";
  for (let i = 0; i < count; i++) {
    const p0 = points[(i - 1 + count) % count]!;
    const p1 = points[i]!;
    const p2 = points[(i + 1) % count]!;
    const p3 = points[(i + 2) % count]!;
    if (i === 0) d += `M${n(p1[0])} ${n(p1[1])}`;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0]!)} ${n(c1[1]!)} ${n(c2[0]!)} ${n(c2[1]!)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `<path d="${d}Z" fill="${fill}"${opacity < 1 ? ` opacity="${opacity}"` : ""}/>`;
}

export function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.12): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${C.ink}" opacity="${opacity}"/>`;
}

export function sparkle(x: number, y: number, r: number, fill: string): string {
  const k = r * 0.28;
  return `<path d="M${n(x)} ${n(y - r)} Q${n(x + k)} ${n(y - k)} ${n(x + r)} ${n(y)} Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + r)} Q${n(x - k)} ${n(y + k)} ${n(x - r)} ${n(y)} Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - r)}Z" fill="${fill}"/>`;
}

export function checkBadge(cx: number, cy: number, r: number, fill: string = C.green): string {
  const s = r / 20;
  return `<g transform="${translate(cx, cy)}"><circle r="${n(r)}" fill="${fill}"/><path d="M${n(-9 * s)} ${n(0)} L${n(-3 * s)} ${n(6 * s)} L${n(9 * s)} ${n(-6 * s)}" fill="none" stroke="${C.white}" stroke-width="${n(4 * s)}" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

export function numberBadge(cx: number, cy: number, r: number, value: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${C.primary}"/>${text(String(value), {
    x: cx,
    y: cy + r * 0.36,
    size: r,
    weight: 800,
    fill: C.white,
    anchor: "middle",
  })}`;
}

/** Map pin, local box 40 x 52, tip at (20, 52). */
export function pin(x: number, y: number, scale: number, fill: string = C.primary): string {
  return `<g transform="${translate(x, y, scale)}"><path d="M20 52C20 52 0 31 0 19.5A20 20 0 0 1 40 19.5C40 31 20 52 20 52Z" fill="${fill}"/><circle cx="20" cy="19.5" r="7.5" fill="${C.white}"/></g>`;
}

/** A pseudo QR code (21 x 21 modules, three finder patterns) drawn in a size x size square. */
export function qr(x: number, y: number, size: number, seed: number, fill: string = C.ink): string {
  const random = prng(seed);
  const m = size / 21;
  const finder = (r: number, c: number) => (r < 8 && c < 8) || (r < 8 && c > 12) || (r > 12 && c < 8);
  let d = "";
  const cell = (r: number, c: number) => {
    d += `M${n(x + c * m)} ${n(y + r * m)}h${n(m)}v${n(m)}h${n(-m)}z`;
  };
  for (let r = 0; r < 21; r++) {
    for (let c = 0; c < 21; c++) {
      if (finder(r, c)) continue;
      if (r === 6 || c === 6) {
        if ((r + c) % 2 === 0) cell(r, c);
        continue;
      }
      if (random() < 0.48) cell(r, c);
    }
  }
  const eye = (r: number, c: number) => {
    const ex = x + c * m;
    const ey = y + r * m;
    return `<rect x="${n(ex)}" y="${n(ey)}" width="${n(7 * m)}" height="${n(7 * m)}" fill="${fill}"/><rect x="${n(ex + m)}" y="${n(ey + m)}" width="${n(5 * m)}" height="${n(5 * m)}" fill="${C.white}"/><rect x="${n(ex + 2 * m)}" y="${n(ey + 2 * m)}" width="${n(3 * m)}" height="${n(3 * m)}" fill="${fill}"/>`;
  };
  return `<path d="${d}" fill="${fill}"/>${eye(0, 0)}${eye(0, 14)}${eye(14, 0)}`;
}

/** A parcel in three-quarter view inside the box (x, y, w, h). */
export function parcel(
  x: number,
  y: number,
  w: number,
  h: number,
  options: { label?: boolean; tone?: "kraft" | "amber" | "violet" } = {},
): string {
  const tone = options.tone ?? "kraft";
  const front = tone === "amber" ? C.accent : tone === "violet" ? C.primaryTint : C.kraft;
  const side = mix(front, C.ink, 0.18);
  const top = mix(front, C.white, 0.3);
  const tape = mix(front, C.white, 0.55);
  const d = Math.min(w, h) * 0.22;
  const fw = w - d;
  const fh = h - d;
  const t = Math.max(3, fw * 0.08);
  const mid = x + fw / 2;
  let svg = `<polygon points="${n(x)},${n(y + d)} ${n(x + d)},${n(y)} ${n(x + w)},${n(y)} ${n(x + fw)},${n(y + d)}" fill="${top}"/>`;
  svg += `<polygon points="${n(x + fw)},${n(y + d)} ${n(x + w)},${n(y)} ${n(x + w)},${n(y + fh)} ${n(x + fw)},${n(y + h)}" fill="${side}"/>`;
  svg += `<rect x="${n(x)}" y="${n(y + d)}" width="${n(fw)}" height="${n(fh)}" fill="${front}"/>`;
  svg += `<polygon points="${n(mid - t)},${n(y + d)} ${n(mid - t + d)},${n(y)} ${n(mid + t + d)},${n(y)} ${n(mid + t)},${n(y + d)}" fill="${tape}"/>`;
  svg += `<rect x="${n(mid - t)}" y="${n(y + d)}" width="${n(2 * t)}" height="${n(fh * 0.34)}" fill="${tape}"/>`;
  if (options.label) {
    const lw = fw * 0.46;
    const lh = fh * 0.3;
    const lx = x + fw * 0.08;
    const ly = y + d + fh * 0.55;
    svg += `<rect x="${n(lx)}" y="${n(ly)}" width="${n(lw)}" height="${n(lh)}" rx="${n(lh * 0.08)}" fill="${C.white}"/>`;
    const bars = 9;
    for (let i = 0; i < bars; i++) {
      const bw = i % 3 === 0 ? lw * 0.05 : lw * 0.025;
      svg += `<rect x="${n(lx + lw * 0.1 + (i * lw * 0.8) / bars)}" y="${n(ly + lh * 0.2)}" width="${n(bw)}" height="${n(lh * 0.42)}" fill="${C.ink}"/>`;
    }
    svg += `<rect x="${n(lx + lw * 0.1)}" y="${n(ly + lh * 0.72)}" width="${n(lw * 0.6)}" height="${n(lh * 0.1)}" fill="${C.muted}"/>`;
  }
  return svg;
}

/** A paper food bag with steam, local box 80 x 110. */
export function foodBag(x: number, y: number, scale: number, steam = true): string {
  const s = steam
    ? `<path d="M30 8c-6 6 6 10 0 18M44 4c-6 7 6 11 0 20M56 10c-5 5 5 9 0 16" fill="none" stroke="${C.muted}" stroke-width="3" stroke-linecap="round" opacity=".55"/>`
    : "";
  return `<g transform="${translate(x, y, scale)}">${s}<path d="M12 38h56l6 72H6z" fill="${C.kraft}"/><path d="M12 38h56l-4 10H16z" fill="${C.kraftDark}"/><path d="M28 38v-6a12 12 0 0 1 24 0v6" fill="none" stroke="${C.kraftDark}" stroke-width="4"/><circle cx="40" cy="76" r="15" fill="${C.accent}"/><path d="M35 67v8a3 3 0 0 0 6 0v-8M38 67v18M45 67q4 5 0 11v7" fill="none" stroke="${C.white}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

/** Backpack, local box 70 x 92. */
export function backpack(x: number, y: number, scale: number, fill: string = C.green): string {
  const dark = mix(fill, C.ink, 0.25);
  return `<g transform="${translate(x, y, scale)}"><path d="M22 14a13 13 0 0 1 26 0" fill="none" stroke="${dark}" stroke-width="6"/><rect x="4" y="12" width="62" height="80" rx="18" fill="${fill}"/><rect x="14" y="50" width="42" height="30" rx="9" fill="${dark}"/><rect x="14" y="50" width="42" height="8" rx="4" fill="${mix(fill, C.white, 0.3)}"/><rect x="30" y="26" width="10" height="14" rx="3" fill="${C.accent}"/></g>`;
}

/** Notification bell in a circle. */
export function bell(cx: number, cy: number, r: number): string {
  const s = r / 28;
  return `<g transform="${translate(cx, cy)}"><circle r="${n(r)}" fill="${C.accent}"/><g transform="scale(${n(s)})"><path d="M-12 8V-2a12 12 0 0 1 24 0V8l4 5h-32z" fill="${C.white}"/><circle cy="17" r="4" fill="${C.white}"/></g><circle cx="${n(r * 0.62)}" cy="${n(-r * 0.62)}" r="${n(r * 0.26)}" fill="${C.red}"/></g>`;
}

/** Circular "return" arrow. */
export function returnArrow(cx: number, cy: number, r: number, stroke: string = C.primary): string {
  const w = Math.max(4, r * 0.18);
  return `<g transform="${translate(cx, cy)}"><path d="M${n(r)} 0A${n(r)} ${n(r)} 0 1 1 ${n(r * 0.5)} ${n(-r * 0.866)}" fill="none" stroke="${stroke}" stroke-width="${n(w)}" stroke-linecap="round"/><path d="M${n(r * 0.5 - w * 1.6)} ${n(-r * 0.866 - w * 1.4)}L${n(r * 0.5 + w * 0.6)} ${n(-r * 0.866)}L${n(r * 0.5 - w * 0.9)} ${n(-r * 0.866 + w * 1.8)}" fill="none" stroke="${stroke}" stroke-width="${n(w)}" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

/** A payment card, local 120 x 76. */
export function card(x: number, y: number, scale: number, fill: string = C.primary): string {
  return `<g transform="${translate(x, y, scale)}"><rect width="120" height="76" rx="12" fill="${fill}"/><rect y="16" width="120" height="12" fill="${mix(fill, C.ink, 0.35)}"/><rect x="12" y="40" width="22" height="16" rx="4" fill="${C.accent}"/><rect x="44" y="44" width="54" height="6" rx="3" fill="${C.white}" opacity=".7"/><rect x="44" y="56" width="32" height="6" rx="3" fill="${C.white}" opacity=".5"/></g>`;
}

export function coin(cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${C.accent}"/><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * 0.72)}" fill="none" stroke="${mix(C.accent, C.ink, 0.2)}" stroke-width="${n(r * 0.12)}"/>`;
}

/** Clock face. */
export function clock(cx: number, cy: number, r: number): string {
  return `<g transform="${translate(cx, cy)}"><circle r="${n(r)}" fill="${C.white}" stroke="${C.primary}" stroke-width="${n(r * 0.14)}"/><path d="M0 ${n(-r * 0.55)}V0L${n(r * 0.4)} ${n(r * 0.25)}" fill="none" stroke="${C.ink}" stroke-width="${n(r * 0.12)}" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

/** A label sticker with a barcode, local 110 x 70. */
export function returnLabel(x: number, y: number, scale: number, rotate = 0): string {
  let bars = "";
  for (let i = 0; i < 14; i++) {
    const w = i % 4 === 0 ? 4 : 2;
    bars += `<rect x="${12 + i * 6}" y="30" width="${w}" height="26" fill="${C.ink}"/>`;
  }
  return `<g transform="${translate(x, y, scale)} rotate(${rotate} 55 35)"><rect width="110" height="70" rx="6" fill="${C.white}" stroke="${C.line}" stroke-width="2"/><rect x="12" y="10" width="50" height="8" rx="4" fill="${C.primary}"/><path d="M80 10h18v12H80z" fill="${C.accent}"/>${bars}</g>`;
}

/* ----------------------------------------------------------------------------------------------
 * Phone and its screens (screen area 134 x 280)
 * ------------------------------------------------------------------------------------------- */

/** A phone, local box 150 x 300, with screen content in a 134 x 280 area. */
export function phone(x: number, y: number, scale: number, screen: string, tilt = 0): string {
  const rot = tilt ? ` rotate(${tilt} 75 150)` : "";
  return `<g transform="${translate(x, y, scale)}${rot}"><rect x="6" y="10" width="150" height="300" rx="26" fill="${C.ink}" opacity=".12"/><rect width="150" height="300" rx="26" fill="${C.ink}"/><rect x="8" y="10" width="134" height="280" rx="19" fill="${C.white}"/><g transform="translate(8 10)">${screen}</g><rect x="57" y="15" width="36" height="8" rx="4" fill="${C.ink}"/></g>`;
}

function bar(x: number, y: number, w: number, h: number, fill: string, opacity = 1): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}" fill="${fill}"${opacity < 1 ? ` opacity="${opacity}"` : ""}/>`;
}

function screenHeader(fill: string = C.primary): string {
  return `<path d="M0 19A19 19 0 0 1 19 0H115A19 19 0 0 1 134 19V52H0Z" fill="${fill}"/>${bar(14, 30, 56, 7, C.white)}${bar(96, 30, 24, 7, C.white, 0.5)}`;
}

function screenButton(y: number, fill: string = C.primary): string {
  return `<rect x="12" y="${y}" width="110" height="24" rx="12" fill="${fill}"/>${bar(45, y + 9, 44, 6, C.white)}`;
}

export function screenMap(): string {
  return `<rect width="134" height="280" rx="19" fill="#E4F1E7"/><path d="M0 150C30 140 50 170 80 160S120 130 134 136V176C110 170 90 196 60 196S20 180 0 186Z" fill="#CFE4F6"/><rect x="14" y="30" width="36" height="30" rx="4" fill="#D3E8D8"/><rect x="84" y="70" width="36" height="40" rx="4" fill="#D3E8D8"/><path d="M0 104L134 74M62 26L78 240M0 226L134 206" stroke="${C.white}" stroke-width="9" fill="none"/>${pin(20, 62, 0.45, C.accent)}${pin(94, 124, 0.45, C.accent)}${pin(48, 78, 0.9, C.primary)}<rect x="8" y="186" width="118" height="82" rx="12" fill="${C.white}"/><rect x="18" y="198" width="26" height="26" rx="6" fill="${C.primarySoft}"/><rect x="24" y="203" width="6" height="16" rx="1" fill="${C.primary}"/><rect x="32" y="203" width="6" height="7" rx="1" fill="${C.primary}"/><rect x="32" y="212" width="6" height="7" rx="1" fill="${C.accent}"/>${bar(52, 201, 62, 7, C.ink2)}${bar(52, 214, 44, 6, C.muted, 0.6)}<rect x="18" y="236" width="98" height="22" rx="11" fill="${C.primary}"/>${bar(46, 244, 42, 6, C.white)}`;
}

export function screenQr(seed: number, door = "12"): string {
  return `<rect width="134" height="280" rx="19" fill="${C.surface}"/>${screenHeader()}<rect x="17" y="64" width="100" height="100" rx="10" fill="${C.white}"/>${qr(25, 72, 84, seed)}<rect x="35" y="174" width="64" height="30" rx="15" fill="${C.accentSoft}"/>${text(door, { x: 67, y: 196, size: 18, weight: 800, fill: C.ink, anchor: "middle" })}${bar(27, 216, 80, 6, C.muted, 0.6)}${bar(39, 228, 56, 6, C.muted, 0.4)}${screenButton(244)}`;
}

export function screenSizes(): string {
  const cell = (x: number, y: number, label: string, selected: boolean) =>
    `<rect x="${x}" y="${y}" width="51" height="44" rx="9" fill="${selected ? C.primary : C.white}" stroke="${selected ? C.primary : C.line}" stroke-width="2"/>${text(label, { x: x + 25.5, y: y + 28, size: 15, weight: 800, fill: selected ? C.white : C.ink2, anchor: "middle" })}`;
  return `<rect width="134" height="280" rx="19" fill="${C.surface}"/>${screenHeader()}${cell(12, 62, "S", false)}${cell(71, 62, "M", true)}${cell(12, 114, "L", false)}${cell(71, 114, "XL", false)}<rect x="12" y="168" width="110" height="64" rx="10" fill="${C.white}"/>${bar(20, 178, 46, 6, C.muted, 0.7)}${bar(86, 178, 28, 6, C.muted, 0.7)}${bar(20, 192, 38, 6, C.muted, 0.7)}${bar(92, 192, 22, 6, C.muted, 0.7)}${bar(20, 212, 34, 8, C.ink2)}${bar(78, 212, 36, 8, C.primary)}${screenButton(244)}`;
}

export function screenForm(): string {
  const field = (y: number, w: number) =>
    `${bar(12, y, 40, 5, C.muted, 0.7)}<rect x="12" y="${y + 9}" width="110" height="24" rx="7" fill="${C.surface}" stroke="${C.line}" stroke-width="1.5"/>${bar(20, y + 18, w, 6, C.ink2, 0.8)}`;
  return `<rect width="134" height="280" rx="19" fill="${C.white}"/>${screenHeader()}${field(62, 60)}${field(104, 48)}${field(146, 70)}<rect x="12" y="190" width="110" height="42" rx="8" fill="${C.primarySoft}" stroke="${C.primary}" stroke-width="1.5" stroke-dasharray="5 4"/><rect x="56" y="201" width="22" height="17" rx="4" fill="${C.primary}"/><circle cx="67" cy="209.5" r="5" fill="${C.white}"/>${screenButton(244)}`;
}

export function screenChat(seed: number): string {
  return `<rect width="134" height="280" rx="19" fill="${C.surface}"/>${screenHeader(C.ink2)}<circle cx="22" cy="33" r="0" fill="none"/><rect x="10" y="62" width="96" height="36" rx="10" fill="${C.white}"/>${bar(18, 72, 70, 6, C.ink2, 0.8)}${bar(18, 84, 50, 6, C.muted, 0.6)}<rect x="10" y="106" width="92" height="108" rx="10" fill="${C.white}"/>${qr(18, 114, 76, seed)}${bar(18, 198, 56, 6, C.muted, 0.6)}<rect x="50" y="224" width="74" height="30" rx="10" fill="${C.primary}"/>${bar(60, 236, 40, 6, C.white)}${checkBadge(112, 239, 7, C.green)}`;
}

export function screenFood(): string {
  const row = (y: number, fill: string, selected: boolean) =>
    `<rect x="10" y="${y}" width="114" height="44" rx="10" fill="${C.white}" stroke="${selected ? C.accent : C.white}" stroke-width="2"/><circle cx="32" cy="${y + 22}" r="14" fill="${fill}"/><path d="M22 ${y + 22}h20a10 10 0 0 1-20 0z" fill="${C.white}"/>${bar(54, y + 13, 48, 6, C.ink2, 0.85)}${bar(54, y + 26, 30, 6, C.accent)}`;
  return `<rect width="134" height="280" rx="19" fill="${C.surface}"/>${screenHeader(C.accent)}${row(62, "#F59E8B", true)}${row(114, "#8FD3A6", false)}${row(166, "#F7C873", false)}${screenButton(244, C.primary)}`;
}

export function screenShop(): string {
  return `<rect width="134" height="280" rx="19" fill="${C.white}"/>${screenHeader()}<rect x="12" y="62" width="110" height="96" rx="10" fill="${C.surface}"/><path d="M48 80l12-6h14l12 6 8 14-10 5v37H50V99l-10-5z" fill="${C.accent}"/><path d="M60 74a7 7 0 0 0 14 0" fill="none" stroke="${mix(C.accent, C.ink, 0.25)}" stroke-width="3"/>${bar(12, 170, 80, 7, C.ink2)}${bar(12, 184, 50, 6, C.muted, 0.6)}<rect x="12" y="202" width="110" height="30" rx="8" fill="${C.primarySoft}"/>${returnArrow(30, 217, 7, C.primary)}${bar(44, 214, 62, 6, C.primary)}${screenButton(244)}`;
}

export function screenCamera(): string {
  const corner = (x: number, y: number, dx: number, dy: number) =>
    `<path d="M${x} ${y + dy}V${y}H${x + dx}" fill="none" stroke="${C.white}" stroke-width="3" stroke-linecap="round"/>`;
  return `<rect width="134" height="280" rx="19" fill="${C.ink2}"/><rect x="0" y="40" width="134" height="170" fill="#4B5563"/>${parcel(34, 78, 66, 82, { label: true })}${corner(18, 58, 16, 16)}${corner(116, 58, -16, 16)}${corner(18, 192, 16, -16)}${corner(116, 192, -16, -16)}<circle cx="67" cy="244" r="18" fill="${C.white}"/><circle cx="67" cy="244" r="13" fill="${C.white}" stroke="${C.ink2}" stroke-width="2"/>`;
}

export function screenStatus(): string {
  const step = (y: number, done: boolean, last = false) =>
    `<circle cx="24" cy="${y}" r="7" fill="${done ? C.green : C.line}"/>${last ? "" : `<rect x="22.5" y="${y + 7}" width="3" height="30" fill="${done ? C.green : C.line}"/>`}${bar(40, y - 7, 64, 6, C.ink2, done ? 0.85 : 0.4)}${bar(40, y + 3, 40, 5, C.muted, 0.5)}`;
  return `<rect width="134" height="280" rx="19" fill="${C.white}"/>${screenHeader()}<rect x="12" y="62" width="110" height="40" rx="10" fill="${C.greenSoft}"/>${checkBadge(32, 82, 10)}${bar(50, 76, 60, 6, C.green)}${bar(50, 88, 40, 5, C.green, 0.6)}${step(124, true)}${step(161, true)}${step(198, false, true)}${screenButton(244)}`;
}

/* ----------------------------------------------------------------------------------------------
 * Locker (illustration style)
 * ------------------------------------------------------------------------------------------- */

export interface LockerArtOptions {
  columns: number;
  /** Column index that holds the screen. */
  screenColumn: number;
  seed: number;
  body?: string;
  door?: string;
  /** Door to draw open: column index (not the screen column) and door index from the top. */
  open?: { column: number; door: number };
  /** What sits inside the open door. */
  inside?: "parcel" | "food" | "backpack" | "empty";
  /** Food lockers get a warm stripe and a food icon on the top band. */
  food?: boolean;
  /** Door number shown large on the open door's frame. */
  highlight?: boolean;
}

export interface LockerArt {
  svg: string;
  width: number;
  height: number;
  /** Opening of the open door in local coordinates. */
  opening: { x: number; y: number; w: number; h: number } | null;
  /** Screen centre in local coordinates. */
  screen: { x: number; y: number };
  /** QR scanner under the screen, in local coordinates. */
  scanner: { x: number; y: number };
}

const COLUMN_W = 58;
const SCREEN_W = 74;
const LOCKER_H = 300;
const DOOR_TOP = 40;
const DOOR_AREA = 240;
const PATTERNS: readonly (readonly number[])[] = [
  [2, 2, 3, 5],
  [3, 3, 6],
  [4, 4, 4],
  [2, 3, 3, 4],
  [6, 6],
  [2, 2, 2, 3, 3],
  [3, 4, 5],
];

export function lockerArt(o: LockerArtOptions): LockerArt {
  const random = prng(o.seed);
  const body = o.body ?? C.primary;
  const door = o.door ?? mix(body, C.white, 0.14);
  const edge = mix(body, C.ink, 0.22);
  const width = 12 + (o.columns - 1) * COLUMN_W + SCREEN_W;
  let svg = `<rect x="0" y="0" width="${width}" height="${LOCKER_H}" rx="12" fill="${body}"/>`;
  svg += `<rect x="0" y="${LOCKER_H - 12}" width="${width}" height="12" rx="4" fill="${edge}"/>`;
  // Top band with the box mark.
  svg += `<rect x="10" y="9" width="${width - 20}" height="22" rx="6" fill="${edge}"/>`;
  const light = parseInt(body.slice(1, 3), 16) > 200;
  const markBg = light ? C.primary : C.white;
  const markFg = light ? C.white : body;
  svg += `<g transform="translate(18 12)"><rect width="16" height="16" rx="4" fill="${markBg}"/><rect x="3.5" y="3.5" width="4" height="9" fill="${markFg}"/><rect x="8.5" y="3.5" width="4" height="4" fill="${markFg}"/><rect x="8.5" y="8.5" width="4" height="4" fill="${C.accent}"/></g>`;
  if (o.food) {
    svg += `<rect x="42" y="17" width="${Math.max(20, width - 60)}" height="6" rx="3" fill="${C.accent}"/>`;
  }
  let opening: LockerArt["opening"] = null;
  let screen = { x: 0, y: 0 };
  let scanner = { x: 0, y: 0 };
  let overlay = "";
  let x = 6;
  let doorNumber = 1;
  for (let col = 0; col < o.columns; col++) {
    if (col === o.screenColumn) {
      const sx = x + 3;
      svg += `<rect x="${sx}" y="${DOOR_TOP}" width="${SCREEN_W - 6}" height="${DOOR_AREA}" rx="4" fill="${edge}"/>`;
      svg += `<rect x="${sx + 6}" y="${DOOR_TOP + 8}" width="${SCREEN_W - 18}" height="56" rx="5" fill="#1E293B"/>`;
      svg += `<rect x="${sx + 10}" y="${DOOR_TOP + 13}" width="${SCREEN_W - 26}" height="46" rx="3" fill="#3B82F6" opacity=".25"/>`;
      svg += bar(sx + 14, DOOR_TOP + 20, 30, 5, C.white, 0.9);
      svg += bar(sx + 14, DOOR_TOP + 30, 20, 4, C.white, 0.6);
      svg += `<rect x="${sx + 14}" y="${DOOR_TOP + 42}" width="${SCREEN_W - 34}" height="11" rx="5.5" fill="${C.accent}"/>`;
      svg += `<rect x="${sx + (SCREEN_W - 6) / 2 - 14}" y="${DOOR_TOP + 74}" width="28" height="14" rx="4" fill="#0F172A"/><circle cx="${sx + (SCREEN_W - 6) / 2 + 8}" cy="${DOOR_TOP + 81}" r="2.5" fill="#34D399"/>`;
      for (let i = 0; i < 4; i++) {
        svg += `<rect x="${sx + 16}" y="${DOOR_TOP + 100 + i * 6}" width="${SCREEN_W - 38}" height="2.5" rx="1.2" fill="#0F172A" opacity=".5"/>`;
      }
      // Two doors under the screen.
      svg += `<rect x="${sx + 4}" y="${DOOR_TOP + 130}" width="${SCREEN_W - 14}" height="52" rx="4" fill="${door}"/>`;
      svg += `<rect x="${sx + 4}" y="${DOOR_TOP + 186}" width="${SCREEN_W - 14}" height="50" rx="4" fill="${door}"/>`;
      screen = { x: sx + (SCREEN_W - 6) / 2, y: DOOR_TOP + 36 };
      scanner = { x: sx + (SCREEN_W - 6) / 2, y: DOOR_TOP + 81 };
      x += SCREEN_W;
      continue;
    }
    const pattern = PATTERNS[Math.floor(random() * PATTERNS.length)]!;
    let y = DOOR_TOP;
    const openIndex = o.open && o.open.column === col ? Math.min(o.open.door, pattern.length - 1) : -1;
    pattern.forEach((units, index) => {
      const h = (units / 12) * DOOR_AREA - 4;
      const dx = x + 3;
      const dw = COLUMN_W - 6;
      if (index === openIndex) {
        svg += `<rect x="${dx}" y="${y}" width="${dw}" height="${n(h)}" rx="3" fill="#1F2937"/>`;
        svg += `<rect x="${dx}" y="${y}" width="${dw}" height="${n(Math.min(10, h / 5))}" fill="#111827" opacity=".6"/>`;
        opening = { x: dx, y, w: dw, h };
        const inside = o.inside ?? "empty";
        if (inside === "parcel") {
          const ph = Math.min(h - 8, 44);
          svg += parcel(dx + 6, y + h - ph, dw - 12, ph);
        }
        if (inside === "food") {
          const k = Math.min((dw * 0.8) / 80, (h - 6) / 110);
          svg += foodBag(dx + dw / 2 - 40 * k, y + h - 110 * k, k, false);
        }
        if (inside === "backpack") {
          const k = Math.min((dw * 0.8) / 70, (h - 6) / 92);
          svg += backpack(dx + dw / 2 - 35 * k, y + h - 92 * k, k, C.green);
        }
        // The door swung open towards the viewer (drawn as a skewed panel).
        overlay += `<polygon points="${dx + dw},${y} ${dx + dw + 26},${n(y - 6)} ${dx + dw + 26},${n(y + h + 6)} ${dx + dw},${n(y + h)}" fill="${mix(door, C.white, 0.25)}" stroke="${edge}" stroke-width="1.5"/>`;
        overlay += `<rect x="${dx + dw + 18}" y="${n(y + h / 2 - 6)}" width="3" height="12" rx="1.5" fill="${edge}"/>`;
      } else {
        svg += `<rect x="${dx}" y="${y}" width="${dw}" height="${n(h)}" rx="3" fill="${door}"/>`;
        svg += `<rect x="${dx + dw - 9}" y="${n(y + Math.min(h / 2, 22) - 5)}" width="3" height="10" rx="1.5" fill="${edge}"/>`;
        if (h > 26) {
          svg += text(String(doorNumber).padStart(2, "0"), {
            x: dx + 6,
            y: y + 12,
            size: 8,
            weight: 700,
            fill: mix(door, C.ink, 0.45),
          });
        }
      }
      doorNumber++;
      y += h + 4;
    });
    x += COLUMN_W;
  }
  return { svg: svg + overlay, width, height: LOCKER_H, opening, screen, scanner };
}

/** Places a locker art at (x, y) with a scale, returning the markup and absolute helper points. */
export function placeLocker(art: LockerArt, x: number, y: number, scale: number) {
  const abs = (px: number, py: number) => ({ x: x + px * scale, y: y + py * scale });
  return {
    svg: `<g transform="${translate(x, y, scale)}">${art.svg}</g>`,
    opening: art.opening
      ? { ...abs(art.opening.x, art.opening.y), w: art.opening.w * scale, h: art.opening.h * scale }
      : null,
    screen: abs(art.screen.x, art.screen.y),
    scanner: abs(art.scanner.x, art.scanner.y),
    width: art.width * scale,
    height: art.height * scale,
  };
}

/* ----------------------------------------------------------------------------------------------
 * People and vehicles
 * ------------------------------------------------------------------------------------------- */

export interface PersonOptions {
  shirt: string;
  pants?: string;
  skin?: string;
  hair?: string;
  hijab?: boolean;
  pose?: "stand" | "phone" | "carry" | "wave";
  /** Item drawn in the hands for the carry pose. */
  holding?: string;
}

/** A friendly flat person, local box 100 x 210 (feet at y = 208). */
export function person(x: number, y: number, scale: number, o: PersonOptions): string {
  const skin = o.skin ?? C.skin;
  const hair = o.hair ?? C.ink;
  const pants = o.pants ?? C.ink2;
  const pose = o.pose ?? "stand";
  const arm = mix(o.shirt, C.ink, 0.12);
  let s = "";
  // Legs and shoes.
  s += `<rect x="33" y="140" width="15" height="62" rx="7" fill="${pants}"/><rect x="52" y="140" width="15" height="62" rx="7" fill="${pants}"/>`;
  s += `<ellipse cx="39" cy="204" rx="11" ry="5" fill="${C.ink}"/><ellipse cx="61" cy="204" rx="11" ry="5" fill="${C.ink}"/>`;
  // Back arm for phone / wave poses.
  if (pose === "wave") {
    s += `<path d="M74 74L90 46" stroke="${arm}" stroke-width="13" stroke-linecap="round"/><circle cx="91" cy="42" r="7" fill="${skin}"/>`;
  }
  // Torso.
  s += `<path d="M28 74Q28 60 42 60H58Q72 60 72 74L76 148H24Z" fill="${o.shirt}"/>`;
  // Neck and head.
  s += `<rect x="44" y="48" width="12" height="14" rx="4" fill="${skin}"/>`;
  if (o.hijab) {
    s += `<path d="M26 40A24 24 0 0 1 74 40V58Q74 72 50 74Q26 72 26 58Z" fill="${hair}"/><circle cx="50" cy="38" r="17" fill="${skin}"/><path d="M31 34A19 19 0 0 1 69 34Q60 22 50 22Q40 22 31 34Z" fill="${hair}"/>`;
  } else {
    s += `<circle cx="50" cy="34" r="20" fill="${skin}"/><path d="M28.5 38Q25 12 50 11Q75 12 71.5 38Q70 27 62 24Q54 30 40 27Q32 28 28.5 38Z" fill="${hair}"/>`;
  }
  s += `<circle cx="43" cy="37" r="2" fill="${C.ink}"/><circle cx="57" cy="37" r="2" fill="${C.ink}"/><path d="M44 45Q50 49 56 45" fill="none" stroke="${C.ink}" stroke-width="2" stroke-linecap="round"/>`;
  // Front arms.
  if (pose === "phone") {
    s += `<path d="M32 76L26 124" stroke="${arm}" stroke-width="13" stroke-linecap="round"/><circle cx="26" cy="128" r="7" fill="${skin}"/>`;
    s += `<path d="M68 76L80 104L66 96" stroke="${arm}" stroke-width="13" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
    s += `<rect x="58" y="76" width="18" height="30" rx="4" fill="${C.ink}" transform="rotate(-12 67 91)"/><rect x="61" y="80" width="12" height="21" rx="2" fill="${C.primaryTint}" transform="rotate(-12 67 91)"/><circle cx="64" cy="99" r="6.5" fill="${skin}"/>`;
  } else if (pose === "carry") {
    s += `<path d="M32 78L38 108L50 112" stroke="${arm}" stroke-width="13" stroke-linecap="round" stroke-linejoin="round" fill="none"/><path d="M68 78L62 108L50 112" stroke="${arm}" stroke-width="13" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
    if (o.holding) s += o.holding;
    s += `<circle cx="36" cy="112" r="6.5" fill="${skin}"/><circle cx="64" cy="112" r="6.5" fill="${skin}"/>`;
  } else {
    s += `<path d="M32 76L26 124" stroke="${arm}" stroke-width="13" stroke-linecap="round"/><circle cx="26" cy="128" r="7" fill="${skin}"/>`;
    if (pose !== "wave") {
      s += `<path d="M68 76L74 124" stroke="${arm}" stroke-width="13" stroke-linecap="round"/><circle cx="74" cy="128" r="7" fill="${skin}"/>`;
    }
  }
  return `<g transform="${translate(x, y, scale)}">${s}</g>`;
}

/** A delivery scooter with a top box, local box 220 x 140. */
export function scooter(x: number, y: number, scale: number, body: string = C.primary): string {
  const dark = mix(body, C.ink, 0.3);
  const wheel = (cx: number) =>
    `<circle cx="${cx}" cy="112" r="26" fill="${C.ink}"/><circle cx="${cx}" cy="112" r="11" fill="${C.line}"/>`;
  return `<g transform="${translate(x, y, scale)}">${wheel(46)}${wheel(178)}<path d="M30 96Q34 70 70 70H124L150 40H168L158 70Q196 74 204 104H154Q142 84 120 96Z" fill="${body}"/><path d="M70 70H124L118 60H76Z" fill="${dark}"/><rect x="150" y="28" width="34" height="8" rx="4" fill="${C.ink}"/><rect x="20" y="14" width="74" height="58" rx="8" fill="${C.accent}"/><rect x="20" y="14" width="74" height="12" rx="6" fill="${mix(C.accent, C.ink, 0.18)}"/><rect x="44" y="40" width="26" height="16" rx="4" fill="${C.white}" opacity=".85"/><circle cx="198" cy="94" r="5" fill="${C.accentSoft}"/></g>`;
}

/** A dashed route line. */
export function route(d: string, stroke: string = C.primary): string {
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="4" stroke-linecap="round" stroke-dasharray="2 12"/>`;
}

/** A curved arrow from (x1, y1) to (x2, y2). */
export function arrow(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string = C.accent,
  bend = 40,
): string {
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2 - bend;
  const angle = Math.atan2(y2 - my, x2 - mx);
  const head = 12;
  const a1 = angle + Math.PI * 0.82;
  const a2 = angle - Math.PI * 0.82;
  return `<path d="M${n(x1)} ${n(y1)}Q${n(mx)} ${n(my)} ${n(x2)} ${n(y2)}" fill="none" stroke="${stroke}" stroke-width="6" stroke-linecap="round"/><path d="M${n(x2 + Math.cos(a1) * head)} ${n(y2 + Math.sin(a1) * head)}L${n(x2)} ${n(y2)}L${n(x2 + Math.cos(a2) * head)} ${n(y2 + Math.sin(a2) * head)}" fill="none" stroke="${stroke}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** Scan beam between a phone and a scanner. */
export function scanBeam(x1: number, y1: number, x2: number, y2: number): string {
  return `<path d="M${n(x1)} ${n(y1 - 18)}L${n(x2)} ${n(y2)}L${n(x1)} ${n(y1 + 18)}Z" fill="${C.green}" opacity=".18"/><path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke="${C.green}" stroke-width="3" stroke-dasharray="4 6" stroke-linecap="round"/>`;
}
