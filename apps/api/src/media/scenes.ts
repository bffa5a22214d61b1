/**
 * Illustrated scenes: the how-to-use guide steps (480 x 360), the service pictures and the
 * illustration "stages" used by the banners. Scenes carry no words, so one picture serves both
 * languages (the banner header is added by banners.ts).
 */

import {
  arrow,
  backpack,
  bell,
  blob,
  card,
  checkBadge,
  clock,
  coin,
  foodBag,
  lockerArt,
  numberBadge,
  parcel,
  person,
  phone,
  pin,
  placeLocker,
  returnArrow,
  returnLabel,
  route,
  scanBeam,
  scooter,
  screenCamera,
  screenChat,
  screenFood,
  screenForm,
  screenMap,
  screenQr,
  screenShop,
  screenSizes,
  screenStatus,
  shadow,
  sparkle,
} from "./art.ts";
import { COLORS as C, hashString, mix, svgDocument, translate } from "./svg.ts";

/* ----------------------------------------------------------------------------------------------
 * Guide steps, 480 x 360
 * ------------------------------------------------------------------------------------------- */

type GuideScene = (seed: number) => string;

function phoneOnRight(_seed: number, locker: ReturnType<typeof placeLocker>, screen: string): string {
  const px = 318;
  const py = 96;
  const scale = 0.66;
  const qrCentre = { x: px + 75 * scale, y: py + 125 * scale };
  return `${scanBeam(qrCentre.x - 40, qrCentre.y, locker.scanner.x + 10, locker.scanner.y)}${shadow(370, 330, 60, 8)}${phone(px, py, scale, screen, -8)}${sparkle(300, 70, 9, C.accent)}${sparkle(440, 250, 6, C.primaryTint)}`;
}

const GUIDE_SCENES: Record<string, readonly GuideScene[]> = {
  "sewa-loker": [
    // 1. Open the app and pick a location.
    (seed) => {
      const locker = placeLocker(lockerArt({ columns: 3, screenColumn: 1, seed }), 318, 196, 0.45);
      return `${shadow(210, 334, 80, 9)}${phone(136, 30, 1, screenMap())}${shadow(364, 334, 56, 6)}${locker.svg}${pin(330, 58, 1.5, C.accent)}${sparkle(108, 90, 10, C.accent)}${sparkle(430, 120, 7, C.primaryTint)}`;
    },
    // 2. Choose size and duration, pay.
    (_seed) =>
      `${shadow(200, 334, 80, 9)}${phone(124, 30, 1, screenSizes())}<g transform="${translate(292, 168)} rotate(-10 60 38)">${card(0, 0, 1.1)}</g>${coin(320, 292, 20)}${coin(356, 282, 16)}${checkBadge(410, 120, 22)}${sparkle(96, 120, 9, C.accent)}${sparkle(430, 300, 6, C.primary)}`,
    // 3. Scan the QR at the locker screen.
    (seed) => {
      const locker = placeLocker(lockerArt({ columns: 3, screenColumn: 1, seed }), 78, 46, 0.95);
      return `${shadow(174, 334, 110, 9)}${locker.svg}${phoneOnRight(seed, locker, screenQr(seed, "07"))}`;
    },
    // 4. Door opens; put things in and close.
    (seed) => {
      const locker = placeLocker(
        lockerArt({ columns: 3, screenColumn: 0, seed, open: { column: 2, door: 1 }, inside: "empty" }),
        78,
        46,
        0.95,
      );
      const o = locker.opening!;
      return `${shadow(174, 334, 110, 9)}${locker.svg}${shadow(390, 334, 44, 6)}${backpack(352, 214, 1.1, C.green)}${arrow(360, 200, o.x + o.w / 2, o.y + o.h / 2, C.accent, 70)}${sparkle(430, 90, 8, C.accent)}`;
    },
    // 5. Pick up later.
    (seed) => {
      const locker = placeLocker(
        lockerArt({ columns: 3, screenColumn: 1, seed, open: { column: 0, door: 2 }, inside: "empty" }),
        78,
        46,
        0.95,
      );
      return `${shadow(174, 334, 110, 9)}${locker.svg}${shadow(360, 334, 52, 7)}${person(306, 118, 1.02, {
        shirt: C.accent,
        pants: C.ink2,
        hair: "#3F2A1D",
        pose: "carry",
        holding: backpack(30, 84, 0.58, C.green),
      })}${checkBadge(420, 96, 22)}`;
    },
  ],
  "titip-paket": [
    (_seed) =>
      `${shadow(190, 334, 80, 9)}${phone(112, 30, 1, screenForm())}${shadow(352, 334, 50, 7)}${person(
        302,
        118,
        1.02,
        {
          shirt: C.primary,
          pants: C.ink,
          hair: C.ink,
          pose: "phone",
        },
      )}${sparkle(86, 110, 9, C.accent)}${sparkle(440, 90, 7, C.primaryTint)}`,
    (_seed) =>
      `${shadow(190, 334, 80, 9)}${phone(112, 30, 1, screenCamera())}${shadow(370, 334, 64, 8)}${parcel(306, 196, 128, 136, { label: true })}<g transform="${translate(300, 96)}"><rect width="120" height="48" rx="12" fill="${C.white}"/><rect x="10" y="10" width="28" height="28" rx="7" fill="${C.primarySoft}"/><rect x="46" y="10" width="28" height="28" rx="7" fill="${C.primary}"/><rect x="82" y="10" width="28" height="28" rx="7" fill="${C.primarySoft}"/></g>${sparkle(90, 100, 9, C.accent)}`,
    (seed) => {
      const locker = placeLocker(
        lockerArt({ columns: 3, screenColumn: 1, seed, open: { column: 0, door: 2 }, inside: "parcel" }),
        78,
        46,
        0.95,
      );
      return `${shadow(174, 334, 110, 9)}${locker.svg}${phoneOnRight(seed, locker, screenQr(seed, "14"))}`;
    },
    (seed) =>
      `${shadow(170, 334, 80, 9)}${phone(92, 30, 1, screenChat(seed))}${shadow(350, 334, 50, 7)}${person(
        296,
        118,
        1.02,
        {
          shirt: C.green,
          pants: C.ink2,
          hair: C.primaryDark,
          hijab: true,
          pose: "wave",
        },
      )}${bell(276, 70, 24)}`,
  ],
  "retur-paket": [
    (_seed) =>
      `${shadow(190, 334, 80, 9)}${phone(112, 30, 1, screenShop())}<circle cx="366" cy="128" r="58" fill="${C.white}"/>${returnArrow(366, 128, 34, C.primary)}${shadow(372, 334, 50, 6)}${parcel(322, 228, 98, 102)}${sparkle(90, 110, 9, C.accent)}`,
    (_seed) =>
      `${shadow(240, 334, 120, 10)}${parcel(136, 120, 210, 214, { label: true })}${returnLabel(318, 58, 1, 12)}<path d="M358 150q16 24 -6 44" fill="none" stroke="${C.muted}" stroke-width="4" stroke-linecap="round" stroke-dasharray="2 9"/>${sparkle(110, 96, 10, C.accent)}${sparkle(420, 230, 7, C.primary)}`,
    (seed) => {
      const locker = placeLocker(
        lockerArt({
          columns: 3,
          screenColumn: 2,
          seed,
          body: C.ink2,
          door: "#4B5563",
          open: { column: 0, door: 3 },
          inside: "parcel",
        }),
        78,
        46,
        0.95,
      );
      return `${shadow(174, 334, 110, 9)}${locker.svg}${phoneOnRight(seed, locker, screenQr(seed, "22"))}`;
    },
    (seed) => {
      const locker = placeLocker(lockerArt({ columns: 2, screenColumn: 0, seed }), 36, 92, 0.78);
      return `${route("M150 300C220 330 260 250 300 280", C.primary)}${shadow(110, 334, 80, 8)}${locker.svg}${shadow(360, 334, 96, 8)}${scooter(250, 192, 0.95)}${parcel(274, 150, 62, 52)}${checkBadge(420, 92, 22)}`;
    },
  ],
  "loker-makanan": [
    (_seed) =>
      `${shadow(190, 334, 80, 9)}${phone(112, 30, 1, screenFood())}${shadow(370, 334, 56, 7)}${foodBag(318, 178, 1.4)}${sparkle(90, 110, 9, C.accent)}${clock(420, 86, 24)}`,
    (seed) => {
      const locker = placeLocker(
        lockerArt({
          columns: 3,
          screenColumn: 1,
          seed,
          body: C.green,
          food: true,
          open: { column: 2, door: 1 },
          inside: "food",
        }),
        78,
        46,
        0.95,
      );
      return `${shadow(174, 334, 110, 9)}${locker.svg}${shadow(392, 334, 44, 6)}${foodBag(356, 206, 1.1)}${bell(402, 86, 26)}`;
    },
    (seed) => {
      const locker = placeLocker(
        lockerArt({
          columns: 3,
          screenColumn: 0,
          seed,
          body: C.green,
          food: true,
          open: { column: 1, door: 0 },
          inside: "empty",
        }),
        78,
        46,
        0.95,
      );
      return `${shadow(174, 334, 110, 9)}${locker.svg}${shadow(360, 334, 52, 7)}${person(306, 118, 1.02, {
        shirt: C.primary,
        pants: C.ink,
        hair: "#3F2A1D",
        pose: "carry",
        holding: foodBag(28, 70, 0.55, true),
      })}${checkBadge(420, 96, 22)}`;
    },
  ],
};

/** Number of guide pictures drawn for a service slug (0 when unknown). */
export function guideCount(slug: string): number {
  return GUIDE_SCENES[slug]?.length ?? 0;
}

export function guideSlugs(): string[] {
  return Object.keys(GUIDE_SCENES);
}

export function renderGuide(slug: string, step: number, title: string): string | null {
  const scene = GUIDE_SCENES[slug]?.[step - 1];
  if (!scene) return null;
  const seed = hashString(`${slug}-${step}`);
  const body = `<rect width="480" height="360" fill="${C.surface}"/>${blob(250, 190, 150, C.primarySoft, seed)}${blob(420, 60, 60, C.accentSoft, seed + 1, 0.8)}${scene(seed)}${numberBadge(40, 40, 20, step)}`;
  return svgDocument({ width: 480, height: 360, title, body });
}

/* ----------------------------------------------------------------------------------------------
 * Stages: 600 x 500 compositions used by service pictures and banners
 * ------------------------------------------------------------------------------------------- */

type Stage = (seed: number) => string;

const STAGES: Record<string, Stage> = {
  "sewa-loker": (seed) => {
    const locker = placeLocker(
      lockerArt({ columns: 4, screenColumn: 1, seed, open: { column: 3, door: 3 }, inside: "backpack" }),
      40,
      58,
      1.3,
    );
    const qrAt = { x: 430 + 75 * 0.85, y: 150 + 125 * 0.85 };
    return `${shadow(210, 462, 190, 14)}${locker.svg}${scanBeam(qrAt.x - 50, qrAt.y, locker.scanner.x + 14, locker.scanner.y)}${shadow(500, 462, 70, 9)}${phone(430, 150, 0.85, screenQr(seed, "09"), 8)}${clock(530, 100, 30)}${sparkle(420, 80, 12, C.accent)}`;
  },
  "titip-paket": (seed) => {
    const locker = placeLocker(
      lockerArt({ columns: 4, screenColumn: 2, seed, open: { column: 0, door: 2 }, inside: "parcel" }),
      30,
      58,
      1.3,
    );
    return `${shadow(200, 462, 190, 14)}${locker.svg}${shadow(500, 462, 70, 9)}${person(420, 130, 1.55, {
      shirt: C.accent,
      pants: C.ink2,
      hair: C.ink,
      pose: "carry",
      holding: parcel(24, 80, 52, 48),
    })}${pin(540, 40, 1.3, C.primary)}`;
  },
  "retur-paket": (seed) => {
    const locker = placeLocker(
      lockerArt({ columns: 3, screenColumn: 1, seed, body: C.ink2, door: "#4B5563" }),
      330,
      118,
      1.1,
    );
    return `${shadow(460, 462, 130, 12)}${locker.svg}${shadow(190, 462, 150, 14)}${parcel(60, 200, 250, 262, { label: true })}${returnLabel(250, 150, 1.1, 14)}<circle cx="150" cy="110" r="62" fill="${C.white}"/>${returnArrow(150, 110, 36, C.primary)}${sparkle(300, 90, 12, C.accent)}`;
  },
  "loker-makanan": (seed) => {
    const locker = placeLocker(
      lockerArt({
        columns: 4,
        screenColumn: 1,
        seed,
        body: C.green,
        food: true,
        open: { column: 2, door: 1 },
        inside: "food",
      }),
      40,
      58,
      1.3,
    );
    return `${shadow(210, 462, 190, 14)}${locker.svg}${shadow(500, 462, 70, 9)}${foodBag(440, 250, 1.9)}${bell(530, 110, 34)}${clock(420, 86, 26)}`;
  },
  // Banner stages.
  "rent-locker": (seed) => {
    const locker = placeLocker(
      lockerArt({
        columns: 4,
        screenColumn: 1,
        seed,
        body: C.white,
        door: "#EEF0F6",
        open: { column: 3, door: 1 },
        inside: "backpack",
      }),
      60,
      58,
      1.3,
    );
    return `${shadow(240, 462, 190, 14, 0.25)}${locker.svg}${shadow(510, 462, 70, 9, 0.25)}${phone(440, 150, 0.85, screenQr(seed, "05"), 8)}${coin(560, 110, 26)}${coin(520, 70, 18)}`;
  },
  "send-parcel": (seed) => {
    const locker = placeLocker(
      lockerArt({
        columns: 3,
        screenColumn: 1,
        seed,
        body: C.white,
        door: "#EEF0F6",
        open: { column: 0, door: 2 },
        inside: "parcel",
      }),
      40,
      98,
      1.22,
    );
    return `${shadow(170, 462, 160, 14, 0.25)}${locker.svg}${shadow(470, 462, 70, 9, 0.25)}${person(
      390,
      130,
      1.55,
      {
        shirt: C.accent,
        pants: C.ink,
        hair: C.ink,
        pose: "carry",
        holding: parcel(24, 80, 52, 48),
      },
    )}${pin(540, 30, 1.2, C.accent)}${route("M330 90C380 40 460 40 520 70", C.accent)}`;
  },
  "get-app": (_seed) =>
    `${shadow(300, 470, 200, 14)}<g transform="${translate(110, 90)} rotate(-8 75 150)">${phone(0, 0, 1.2, screenMap())}</g>${phone(300, 50, 1.3, screenStatus())}${bell(530, 80, 32)}${checkBadge(90, 120, 26)}${pin(480, 330, 1.1, C.accent)}`,
};

export function stage(name: string, seed: number): string | null {
  const draw = STAGES[name];
  return draw ? draw(seed) : null;
}

/* ----------------------------------------------------------------------------------------------
 * Service pictures
 * ------------------------------------------------------------------------------------------- */

const SERVICE_TINTS: Record<string, readonly [string, string]> = {
  "sewa-loker": [C.primarySoft, C.accentSoft],
  "titip-paket": ["#FFF1D6", C.primarySoft],
  "retur-paket": ["#E6E8F0", C.primarySoft],
  "loker-makanan": [C.greenSoft, C.accentSoft],
};

export function serviceSlugs(): string[] {
  return Object.keys(SERVICE_TINTS);
}

export function renderService(slug: string, variant: "desktop" | "mobile", title: string): string | null {
  const tints = SERVICE_TINTS[slug];
  const art = stage(slug, hashString(slug));
  if (!tints || art === null) return null;
  const [tint, second] = tints;
  const seed = hashString(`${slug}-${variant}`);
  const width = variant === "desktop" ? 1200 : 750;
  const height = variant === "desktop" ? 675 : 560;
  const scale = variant === "desktop" ? 1.2 : 1.0;
  const sx = (width - 600 * scale) / 2;
  const sy = height - 500 * scale - (variant === "desktop" ? 40 : 30);
  const floor = mix(tint, C.ink, 0.06);
  let body = `<rect width="${width}" height="${height}" fill="${C.surface}"/>`;
  body += blob(width * 0.5, height * 0.55, Math.min(width, height) * 0.42, tint, seed);
  body += blob(width * 0.12, height * 0.2, height * 0.2, second, seed + 1, 0.9);
  body += blob(width * 0.9, height * 0.25, height * 0.16, second, seed + 2, 0.7);
  body += `<rect x="0" y="${height - 70}" width="${width}" height="70" fill="${floor}" opacity=".5"/>`;
  for (let i = 0; i < 6; i++) {
    body += `<circle cx="${width * 0.08 + i * 18}" cy="${height * 0.72}" r="3" fill="${C.primaryTint}"/>`;
    body += `<circle cx="${width * 0.92 - i * 18}" cy="${height * 0.12}" r="3" fill="${C.primaryTint}"/>`;
  }
  body += `<g transform="${translate(sx, sy, scale)}">${art}</g>`;
  return svgDocument({ width, height, title, body });
}
