/**
 * A drawn "photo" of the locker bank at a location, 800 x 600: wall, floor, lighting, a bank of
 * doors in several sizes with a screen column, a prop or two, and a caption plate with the code.
 * Every choice comes from a PRNG seeded with the box code, so each location looks different but
 * always the same.
 */

import { COLORS as C, esc, hashString, mix, n, pick, prng, svgDocument, text, textWidth } from "./svg.ts";

const W = 800;
const H = 600;

interface Look {
  wall: string;
  wallTexture: "plain" | "tiles" | "panels" | "brick" | "band";
  floor: string;
  floorPattern: "tiles" | "planks" | "polished";
  body: string;
  accent: string;
}

const WALLS = ["#EDE6DA", "#DDE3EA", "#E6ECE3", "#EFEBF6", "#D8D4CD", "#EADCCB", "#CFD8DC", "#F2EFE9"];
const FLOORS = ["#B8B2A7", "#9CA3AF", "#C9B59B", "#8D9096", "#D3CFC8", "#A88C6E", "#7C8088"];
const BODIES = [C.primary, "#374151", "#F3F4F6", "#1F2937", C.primaryDark, "#0F766E"];

function chooseLook(random: () => number): Look {
  const body = pick(random, BODIES);
  return {
    wall: pick(random, WALLS),
    wallTexture: pick(random, ["plain", "tiles", "panels", "brick", "band"] as const),
    floor: pick(random, FLOORS),
    floorPattern: pick(random, ["tiles", "planks", "polished"] as const),
    body,
    accent: body === C.primary || body === C.primaryDark ? C.accent : pick(random, [C.primary, C.accent]),
  };
}

function wall(look: Look, horizon: number, random: () => number): string {
  let s = `<rect width="${W}" height="${horizon}" fill="${look.wall}"/>`;
  const line = mix(look.wall, C.ink, 0.1);
  if (look.wallTexture === "tiles") {
    const size = pick(random, [50, 60, 80]);
    for (let x = size; x < W; x += size)
      s += `<path d="M${x} 60V${horizon}" stroke="${line}" stroke-width="1.5"/>`;
    for (let y = horizon - size; y > 60; y -= size)
      s += `<path d="M0 ${y}H${W}" stroke="${line}" stroke-width="1.5"/>`;
  } else if (look.wallTexture === "panels") {
    const panel = mix(look.wall, "#8B5E3C", 0.35);
    s += `<rect y="60" width="${W}" height="${horizon - 60}" fill="${panel}"/>`;
    for (let x = 0; x < W; x += 40) {
      s += `<rect x="${x}" y="60" width="3" height="${horizon - 60}" fill="${mix(panel, C.ink, 0.18)}"/>`;
    }
  } else if (look.wallTexture === "brick") {
    const rowH = 26;
    for (let row = 0, y = horizon - rowH; y > 60; row++, y -= rowH) {
      s += `<path d="M0 ${y}H${W}" stroke="${line}" stroke-width="2"/>`;
      for (let x = row % 2 ? 30 : 0; x < W; x += 60)
        s += `<path d="M${x} ${y}v${rowH}" stroke="${line}" stroke-width="2"/>`;
    }
  } else if (look.wallTexture === "band") {
    s += `<rect y="${horizon - 150}" width="${W}" height="26" fill="${look.accent}" opacity=".85"/>`;
    s += `<rect y="${horizon - 118}" width="${W}" height="6" fill="${mix(look.wall, C.ink, 0.15)}"/>`;
  }
  // Skirting board.
  s += `<rect y="${horizon - 14}" width="${W}" height="14" fill="${mix(look.wall, C.ink, 0.28)}"/>`;
  // Ceiling and downlights.
  s += `<rect width="${W}" height="60" fill="${mix(look.wall, C.ink, 0.55)}"/><rect y="56" width="${W}" height="4" fill="${mix(look.wall, C.ink, 0.35)}"/>`;
  for (const x of [140, 400, 660]) {
    s += `<ellipse cx="${x}" cy="58" rx="26" ry="4" fill="#FFF8E1"/>`;
    s += `<ellipse cx="${x}" cy="150" rx="150" ry="110" fill="url(#glow)"/>`;
  }
  return s;
}

function floor(look: Look, horizon: number): string {
  let s = `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="${look.floor}"/>`;
  const line = mix(look.floor, C.ink, 0.14);
  const vx = W / 2;
  if (look.floorPattern === "tiles") {
    for (let i = -10; i <= 10; i++) {
      const bottomX = vx + i * 110;
      const topX = vx + i * 56;
      s += `<path d="M${topX} ${horizon}L${bottomX} ${H}" stroke="${line}" stroke-width="1.5"/>`;
    }
    let y = horizon;
    let step = 14;
    while (y < H) {
      s += `<path d="M0 ${n(y)}H${W}" stroke="${line}" stroke-width="1.5"/>`;
      y += step;
      step *= 1.45;
    }
  } else if (look.floorPattern === "planks") {
    let y = horizon;
    let step = 10;
    let row = 0;
    while (y < H) {
      s += `<path d="M0 ${n(y)}H${W}" stroke="${line}" stroke-width="1.2"/>`;
      for (let x = row % 2 ? 60 : 0; x < W; x += 180)
        s += `<path d="M${x} ${n(y)}v${n(step)}" stroke="${line}" stroke-width="1.2"/>`;
      y += step;
      step *= 1.3;
      row++;
    }
  } else {
    s += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#shine)"/>`;
  }
  return s;
}

/** Door heights in twelfths of the door area; each list sums to 12. */
const COLUMN_PATTERNS: readonly (readonly number[])[] = [
  [1, 1, 2, 2, 3, 3],
  [2, 2, 3, 5],
  [3, 3, 6],
  [2, 2, 2, 2, 4],
  [4, 4, 4],
  [1, 1, 1, 1, 2, 6],
  [6, 6],
  [2, 3, 3, 4],
];

interface Bank {
  svg: string;
  x0: number;
  width: number;
}

function lockerBank(look: Look, horizon: number, random: () => number, code: string): Bank {
  const columns = 5 + Math.floor(random() * 4);
  const screenColumn = 1 + Math.floor(random() * (columns - 2));
  const colW = 64;
  const screenW = 86;
  const width = (columns - 1) * colW + screenW + 16;
  const height = 350;
  const x0 = Math.round((W - width) / 2 + (random() - 0.5) * 80);
  const y0 = horizon - height + 14;
  const body = look.body;
  const light = body === "#F3F4F6";
  const door = light ? "#FFFFFF" : mix(body, C.white, 0.12);
  const doorEdge = mix(body, C.ink, light ? 0.18 : 0.3);
  const frame = mix(body, C.ink, light ? 0.08 : 0.18);
  const label = light ? C.muted : mix(door, C.white, 0.55);

  let s = "";
  // Contact shadow and floor shadow.
  s += `<ellipse cx="${x0 + width / 2}" cy="${horizon + 14}" rx="${width * 0.62}" ry="18" fill="${C.ink}" opacity=".22"/>`;
  // Right side depth.
  s += `<polygon points="${x0 + width},${y0 + 6} ${x0 + width + 18},${y0 + 16} ${x0 + width + 18},${y0 + height - 2} ${x0 + width},${y0 + height}" fill="${mix(body, C.ink, 0.38)}"/>`;
  s += `<rect x="${x0}" y="${y0}" width="${width}" height="${height}" rx="8" fill="${frame}"/>`;
  // Top band with the box mark and an accent light strip.
  s += `<rect x="${x0}" y="${y0}" width="${width}" height="40" rx="8" fill="${mix(body, C.ink, light ? 0.04 : 0.08)}"/>`;
  s += `<rect x="${x0 + 8}" y="${y0 + 34}" width="${width - 16}" height="4" rx="2" fill="${look.accent}"/>`;
  s += `<g transform="translate(${x0 + 14} ${y0 + 9})"><rect width="22" height="22" rx="5" fill="${light ? C.primary : C.white}"/><rect x="5" y="5" width="5" height="12" fill="${light ? C.white : body}"/><rect x="12" y="5" width="5" height="5" fill="${light ? C.white : body}"/><rect x="12" y="12" width="5" height="5" fill="${C.accent}"/></g>`;
  s += `<rect x="${x0 + 44}" y="${y0 + 16}" width="${Math.min(120, width / 4)}" height="8" rx="4" fill="${light ? C.line : mix(body, C.white, 0.3)}"/>`;

  const top = y0 + 48;
  const area = height - 48 - 26;
  let x = x0 + 8;
  let number = 1;
  for (let col = 0; col < columns; col++) {
    if (col === screenColumn) {
      const cx = x + screenW / 2;
      s += `<rect x="${x + 2}" y="${top}" width="${screenW - 4}" height="${area}" rx="4" fill="${mix(frame, C.ink, 0.15)}"/>`;
      // Screen with a simple start page.
      s += `<rect x="${x + 8}" y="${top + 10}" width="${screenW - 16}" height="74" rx="5" fill="#0F172A"/>`;
      s += `<rect x="${x + 12}" y="${top + 14}" width="${screenW - 24}" height="66" rx="3" fill="#1E3A8A" opacity=".6"/>`;
      s += `<rect x="${x + 18}" y="${top + 22}" width="${screenW - 44}" height="6" rx="3" fill="${C.white}" opacity=".9"/>`;
      s += `<rect x="${x + 18}" y="${top + 33}" width="${screenW - 56}" height="5" rx="2.5" fill="${C.white}" opacity=".55"/>`;
      s += `<rect x="${x + 18}" y="${top + 52}" width="${screenW - 36}" height="16" rx="8" fill="${look.accent === C.primary ? C.accent : look.accent}"/>`;
      // Scanner, card reader, speaker.
      s += `<rect x="${cx - 18}" y="${top + 96}" width="36" height="18" rx="4" fill="#0B1220"/><circle cx="${cx + 10}" cy="${top + 105}" r="3" fill="#34D399"/>`;
      s += `<rect x="${cx - 14}" y="${top + 124}" width="28" height="8" rx="2" fill="#0B1220"/>`;
      for (let i = 0; i < 4; i++)
        s += `<rect x="${cx - 16}" y="${top + 142 + i * 6}" width="32" height="2.5" rx="1.2" fill="#0B1220" opacity=".55"/>`;
      const lower = top + 176;
      const lowerH = area - 176;
      s += `<rect x="${x + 6}" y="${lower}" width="${screenW - 12}" height="${lowerH}" rx="3" fill="${door}" stroke="${doorEdge}" stroke-width="1"/>`;
      x += screenW;
      continue;
    }
    const pattern = pick(random, COLUMN_PATTERNS);
    let y = top;
    for (const units of pattern) {
      const h = (units / 12) * area - 4;
      const dx = x + 3;
      const dw = colW - 6;
      s += `<rect x="${dx}" y="${n(y)}" width="${dw}" height="${n(h)}" rx="3" fill="${door}" stroke="${doorEdge}" stroke-width="1"/>`;
      // Soft highlight on the upper half of each door.
      s += `<rect x="${dx + 2}" y="${n(y + 2)}" width="${dw - 4}" height="${n(Math.max(2, h * 0.35))}" rx="2" fill="${C.white}" opacity="${light ? 0.5 : 0.07}"/>`;
      const lockH = Math.min(12, h - 8);
      const lockY = y + Math.min(h / 2, 24) - lockH / 2;
      s += `<rect x="${dx + dw - 12}" y="${n(lockY)}" width="6" height="${n(lockH)}" rx="2" fill="${doorEdge}"/>`;
      s += `<circle cx="${dx + dw - 18}" cy="${n(lockY + lockH / 2)}" r="1.6" fill="${random() < 0.85 ? "#34D399" : "#F87171"}"/>`;
      if (h > 22) {
        s += text(String(number).padStart(2, "0"), {
          x: dx + 6,
          y: y + 13,
          size: 9,
          weight: 700,
          fill: label,
        });
      }
      number++;
      y += h + 4;
    }
    x += colW;
  }
  // Plinth.
  s += `<rect x="${x0}" y="${y0 + height - 22}" width="${width}" height="22" rx="4" fill="${mix(body, C.ink, 0.45)}"/>`;
  for (let i = 0; i < Math.floor(width / 40); i++) {
    s += `<rect x="${x0 + 14 + i * 40}" y="${y0 + height - 14}" width="22" height="3" rx="1.5" fill="${C.ink}" opacity=".35"/>`;
  }
  const reflection =
    look.floorPattern === "polished"
      ? `<linearGradient id="reflection" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${body}" stop-opacity=".22"/><stop offset="1" stop-color="${body}" stop-opacity="0"/></linearGradient><rect x="${x0}" y="${y0 + height}" width="${width}" height="80" fill="url(#reflection)"/>`
      : "";
  return { svg: `<g data-code="${esc(code)}">${s}</g>${reflection}`, x0, width };
}

function plant(x: number, floorY: number, random: () => number): string {
  const pot = pick(random, ["#E5E7EB", "#374151", "#C2410C", "#FFFFFF"]);
  let leaves = "";
  const count = 7;
  for (let i = 0; i < count; i++) {
    const angle = -150 + (i * 120) / (count - 1) + (random() - 0.5) * 10;
    const len = 70 + random() * 40;
    const rad = (angle * Math.PI) / 180;
    const tx = x + Math.cos(rad) * len;
    const ty = floorY - 70 + Math.sin(rad) * len;
    leaves += `<path d="M${x} ${floorY - 66}Q${n((x + tx) / 2 - 12)} ${n((floorY - 66 + ty) / 2)} ${n(tx)} ${n(ty)}Q${n((x + tx) / 2 + 12)} ${n((floorY - 66 + ty) / 2 + 8)} ${x} ${floorY - 66}Z" fill="${i % 2 ? "#2F855A" : "#38A169"}"/>`;
  }
  return `<ellipse cx="${x}" cy="${floorY + 4}" rx="40" ry="8" fill="${C.ink}" opacity=".2"/>${leaves}<path d="M${x - 28} ${floorY - 70}H${x + 28}L${x + 22} ${floorY}H${x - 22}Z" fill="${pot}"/><rect x="${x - 30}" y="${floorY - 74}" width="60" height="8" rx="3" fill="${mix(pot, C.ink, 0.15)}"/>`;
}

function bin(x: number, floorY: number): string {
  return `<ellipse cx="${x}" cy="${floorY + 4}" rx="30" ry="6" fill="${C.ink}" opacity=".2"/><rect x="${x - 22}" y="${floorY - 78}" width="44" height="78" rx="6" fill="#6B7280"/><rect x="${x - 25}" y="${floorY - 84}" width="50" height="10" rx="4" fill="#4B5563"/><rect x="${x - 12}" y="${floorY - 60}" width="24" height="16" rx="3" fill="${C.green}"/>`;
}

function sign(x: number, y: number, accent: string): string {
  return `<rect x="${x}" y="${y}" width="110" height="74" rx="6" fill="${C.white}" stroke="${mix(C.line, C.ink, 0.1)}" stroke-width="2"/><rect x="${x + 10}" y="${y + 10}" width="34" height="34" rx="6" fill="${accent}"/><path d="M${x + 18} ${y + 27}h16m-6-7 7 7-7 7" fill="none" stroke="${C.white}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/><rect x="${x + 52}" y="${y + 14}" width="48" height="7" rx="3.5" fill="${C.ink2}"/><rect x="${x + 52}" y="${y + 28}" width="36" height="6" rx="3" fill="${C.muted}"/><rect x="${x + 10}" y="${y + 54}" width="90" height="6" rx="3" fill="${C.line}"/>`;
}

function extinguisher(x: number, y: number): string {
  return `<rect x="${x}" y="${y}" width="40" height="70" rx="4" fill="${C.white}" stroke="${C.red}" stroke-width="3"/><rect x="${x + 12}" y="${y + 14}" width="16" height="46" rx="7" fill="${C.red}"/><rect x="${x + 16}" y="${y + 8}" width="8" height="8" fill="${C.ink}"/>`;
}

function bench(x: number, floorY: number): string {
  return `<ellipse cx="${x + 60}" cy="${floorY + 4}" rx="70" ry="6" fill="${C.ink}" opacity=".18"/><rect x="${x}" y="${floorY - 46}" width="120" height="12" rx="4" fill="#8B5E3C"/><rect x="${x + 10}" y="${floorY - 34}" width="8" height="34" fill="#374151"/><rect x="${x + 102}" y="${floorY - 34}" width="8" height="34" fill="#374151"/>`;
}

function caption(code: string): string {
  const size = 18;
  const width = Math.ceil(textWidth(code, size, 700)) + 62;
  const x = W - 18 - width;
  const y = H - 18 - 44;
  return `<g><rect x="${x}" y="${y}" width="${width}" height="44" rx="10" fill="${C.white}" opacity=".94"/><rect x="${x + 12}" y="${y + 11}" width="22" height="22" rx="5" fill="${C.primary}"/><rect x="${x + 17}" y="${y + 16}" width="5" height="12" fill="${C.white}"/><rect x="${x + 24}" y="${y + 16}" width="5" height="5" fill="${C.white}"/><rect x="${x + 24}" y="${y + 23}" width="5" height="5" fill="${C.accent}"/>${text(code, { x: x + 44, y: y + 28.5, size, weight: 700, fill: C.ink })}</g>`;
}

export function renderLockerPhoto(code: string, title: string): string {
  const seed = hashString(code);
  const random = prng(seed);
  const look = chooseLook(random);
  const horizon = 440 + Math.floor(random() * 30);
  const defs = [
    `<radialGradient id="glow"><stop offset="0" stop-color="#FFFFFF" stop-opacity=".35"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="shine" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFFFFF" stop-opacity=".25"/><stop offset=".5" stop-color="#FFFFFF" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity=".12"/></linearGradient>`,
    `<linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FFFFFF" stop-opacity=".16"/><stop offset=".6" stop-color="#FFFFFF" stop-opacity="0"/></linearGradient>`,
    `<radialGradient id="vignette" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity=".32"/></radialGradient>`,
    `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency=".85" numOctaves="2" seed="${seed % 1000}" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/></filter>`,
  ].join("");

  let body = wall(look, horizon, random);
  body += floor(look, horizon);
  const bank = lockerBank(look, horizon, random, code);
  // Wall props beside the locker, on the side with more room.
  const leftRoom = bank.x0;
  const rightRoom = W - bank.x0 - bank.width - 18;
  const signOnLeft = leftRoom >= rightRoom;
  const room = Math.max(leftRoom, rightRoom);
  const signColour = look.accent === C.accent ? C.primary : look.accent;
  if (room >= 150 && random() < 0.8) {
    const sx = signOnLeft ? (leftRoom - 110) / 2 : W - (rightRoom + 110) / 2;
    body += sign(Math.round(sx), horizon - 250, signColour);
  }
  const otherRoom = Math.min(leftRoom, rightRoom);
  if (otherRoom >= 70 && random() < 0.5) {
    const ex = signOnLeft ? W - (rightRoom + 40) / 2 : (leftRoom - 40) / 2;
    body += extinguisher(Math.round(ex), horizon - 170);
  }
  body += bank.svg;
  // Floor props in front.
  const prop = random();
  // Floor props stand on the sign's side: the extinguisher hangs low on the other side.
  if (prop < 0.4) body += plant(signOnLeft ? 70 : W - 70, horizon + 40, random);
  else if (prop < 0.65) body += bin(signOnLeft ? 60 : W - 60, horizon + 36);
  else if (prop < 0.85) body += bench(signOnLeft ? 10 : W - 130, horizon + 50);
  body += `<rect width="${W}" height="${H}" fill="url(#light)"/>`;
  body += `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`;
  body += `<rect width="${W}" height="${H}" filter="url(#grain)" opacity=".07"/>`;
  body += caption(code);
  return svgDocument({ width: W, height: H, title, body, defs });
}
