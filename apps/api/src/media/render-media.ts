/**
 * The product's own pictures, generated as SVG. `renderMedia(kind, name)` answers the media route
 * `/api/v1/media/<kind>/<name>`; it returns null for names that do not exist.
 *
 * Kinds and names:
 * - banner/<name>-desktop.svg (1440 x 560), banner/<name>-mobile.svg (750 x 750)
 * - service/<slug>-desktop.svg (1200 x 675), service/<slug>-mobile.svg (750 x 560)
 * - guide/<slug>-<n>.svg (480 x 360)
 * - locker/<code>.svg (800 x 600)
 * - badge/google-play.svg, badge/app-store.svg
 * - brand/wordmark.svg, brand/icon-192.svg, brand/icon-512.svg
 * - misc/no-content.svg
 */

import { banners, services } from "../db/seed/data/content.ts";
import { locations, type SeedLocation } from "../db/seed/data/locations.ts";
import { renderBanner } from "./banners.ts";
import {
  renderAppIcon,
  renderAppStoreBadge,
  renderGooglePlayBadge,
  renderNoContent,
  renderWordmark,
} from "./brand.ts";
import { renderLockerPhoto } from "./locker-photo.ts";
import { guideCount, renderGuide, renderService } from "./scenes.ts";

export { renderWordmark } from "./brand.ts";

export const MEDIA_BASE = "/api/v1/media";
export const MEDIA_CONTENT_TYPE = "image/svg+xml; charset=utf-8";
export const DEFAULT_PRODUCT_NAME = "Paxel";

export interface RenderMediaOptions {
  /** Product name for the wordmark and icons (default "Paxel", shown as "PaxelBox"). */
  productName?: string;
}

/** URL path of the locker photo of a location. */
export function lockerPhotoUrl(code: string): string {
  return `${MEDIA_BASE}/locker/${code}.svg`;
}

export const NO_CONTENT_URL = `${MEDIA_BASE}/misc/no-content.svg`;

let locationIndex: Map<string, SeedLocation> | null = null;
function locationByCode(code: string): SeedLocation | undefined {
  if (!locationIndex) locationIndex = new Map(locations.map((location) => [location.code, location]));
  return locationIndex.get(code);
}

function bannerHeader(name: string): string | null {
  const suffix = `/banner/${name}-desktop.svg`;
  for (const list of Object.values(banners)) {
    for (const banner of list) {
      if (banner.image_desktop_jpg.endsWith(suffix)) return banner.header;
    }
  }
  return null;
}

function serviceBySlug(slug: string) {
  return services.id.find((service) => service.slug === slug) ?? null;
}

const cache = new Map<string, string>();

function render(kind: string, file: string, productName: string): string | null {
  switch (kind) {
    case "banner": {
      const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(desktop|mobile)$/.exec(file);
      if (!match) return null;
      const header = bannerHeader(match[1]!);
      return header === null ? null : renderBanner(match[1]!, header, match[2] as "desktop" | "mobile");
    }
    case "service": {
      const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(desktop|mobile)$/.exec(file);
      if (!match) return null;
      const service = serviceBySlug(match[1]!);
      return service ? renderService(service.slug, match[2] as "desktop" | "mobile", service.title) : null;
    }
    case "guide": {
      const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([1-9][0-9]?)$/.exec(file);
      if (!match) return null;
      const service = serviceBySlug(match[1]!);
      const step = Number(match[2]);
      const guide = service?.guides[step - 1];
      if (!service || !guide || step > guideCount(service.slug)) return null;
      return renderGuide(service.slug, step, `${service.title} ${step}: ${guide.description}`);
    }
    case "locker": {
      const location = locationByCode(file);
      return location ? renderLockerPhoto(location.code, `Loker ${location.name} (${location.code})`) : null;
    }
    case "badge":
      if (file === "google-play") return renderGooglePlayBadge();
      if (file === "app-store") return renderAppStoreBadge();
      return null;
    case "brand":
      if (file === "wordmark") return renderWordmark(productName);
      if (file === "icon-192") return renderAppIcon(192, productName);
      if (file === "icon-512") return renderAppIcon(512, productName);
      return null;
    case "misc":
      return file === "no-content" ? renderNoContent() : null;
    default:
      return null;
  }
}

/**
 * SVG markup for `<kind>/<name>` (name with or without the `.svg` extension), or null when no such
 * picture exists. Deterministic: the same input always gives the same markup.
 */
export function renderMedia(kind: string, name: string, options: RenderMediaOptions = {}): string | null {
  if (!/^[a-z]+$/.test(kind) || name.length > 120) return null;
  const file = name.endsWith(".svg") ? name.slice(0, -4) : name;
  if (!/^[A-Za-z0-9-]+$/.test(file)) return null;
  const productName = (options.productName ?? DEFAULT_PRODUCT_NAME).trim() || DEFAULT_PRODUCT_NAME;
  const key = `${kind}/${file}/${productName}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const svg = render(kind, file, productName);
  // Only existing pictures are cached, so the cache is bounded by the set of known names.
  if (svg !== null) cache.set(key, svg);
  return svg;
}

/** Every picture path the product serves (kind/name.svg), e.g. for warm-up or link checks. */
export function listMediaPaths(): string[] {
  const paths = new Set<string>();
  for (const list of Object.values(banners)) {
    for (const banner of list) {
      paths.add(banner.image_desktop_jpg.slice(MEDIA_BASE.length + 1));
      paths.add(banner.image_mobile_jpg.slice(MEDIA_BASE.length + 1));
      paths.add(banner.download_button.play_store_icon.slice(MEDIA_BASE.length + 1));
      paths.add(banner.download_button.app_store_icon.slice(MEDIA_BASE.length + 1));
    }
  }
  for (const list of Object.values(services)) {
    for (const service of list) {
      paths.add(service.image_desktop_jpg.slice(MEDIA_BASE.length + 1));
      paths.add(service.image_mobile_jpg.slice(MEDIA_BASE.length + 1));
      for (const guide of service.guides) paths.add(guide.image.slice(MEDIA_BASE.length + 1));
    }
  }
  for (const location of locations) paths.add(`locker/${location.code}.svg`);
  for (const extra of [
    "brand/wordmark.svg",
    "brand/icon-192.svg",
    "brand/icon-512.svg",
    "misc/no-content.svg",
  ]) {
    paths.add(extra);
  }
  return [...paths];
}
