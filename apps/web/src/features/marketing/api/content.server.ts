import { calls, type Language } from "@paxelbox/contract";
import type { ApiClient } from "../../../lib/http/api-client";
import { sanitizeHtml } from "../../../lib/security/sanitize";
import { cutWords, htmlToText } from "../lib/excerpt";
import type { BannerData, LockerPage, ServiceCardData, ServiceData } from "../types";

/**
 * Marketing content for server loaders, through the loader's `serverApiClient` (real HTTP to the
 * API). A failed
 * call gives an empty list (spec §8 "Failed list calls set empty lists"): the page shows an empty
 * section, never an error.
 */

/**
 * What a page's content calls met: `failed` once one of them did. A page drawn with a failed call's
 * empty section is not the page, so no shared cache may keep it (`degradedPageHeaders`).
 */
export interface ContentOutcome {
  failed: boolean;
}

async function orEmpty<T>(work: Promise<T[]>, outcome?: ContentOutcome): Promise<T[]> {
  try {
    return await work;
  } catch (error) {
    if (outcome) outcome.failed = true;
    console.warn("[marketing] content call failed:", error instanceof Error ? error.message : error);
    return [];
  }
}

/** A content list asked for in a language: `limit` items, -1 for all. */
export interface ContentQuery {
  language: Language;
  limit: number;
}

/**
 * Banners; `limit` 1 on the landing page (spec §9), -1 (all) on the services page. `sub_heading`
 * is sanitised here, on the server, before it is rendered or sent to the browser.
 */
export async function fetchBanners(api: ApiClient, query: ContentQuery, outcome?: ContentOutcome) {
  const banners: BannerData[] = await orEmpty(api.request(calls.banners, { query }), outcome);
  return banners.map((banner) => ({ ...banner, sub_heading: sanitizeHtml(banner.sub_heading) }));
}

/** Services, `description` sanitised on the server; `limit` -1 (all) on the services page. */
export async function fetchServices(api: ApiClient, query: ContentQuery, outcome?: ContentOutcome) {
  const services: ServiceData[] = await orEmpty(api.request(calls.services, { query }), outcome);
  return services.map((service) => ({ ...service, description: sanitizeHtml(service.description) }));
}

/** Landing cards: the first services (three, spec §9), descriptions sanitised and cut to 15 words. */
export async function fetchServiceCards(
  api: ApiClient,
  query: ContentQuery,
  outcome?: ContentOutcome,
): Promise<ServiceCardData[]> {
  const services = await fetchServices(api, query, outcome);
  return services.map((service) => ({
    title: service.title,
    slug: service.slug,
    excerpt: cutWords(htmlToText(service.description)),
    image_desktop_jpg: service.image_desktop_jpg,
    image_mobile_jpg: service.image_mobile_jpg,
  }));
}

/**
 * The locker finder's list as the server draws it: every location, or a search (`q`); further
 * pages and searches of a page whose scripts run are asked for by the browser.
 */
export async function fetchLockerPage(
  api: ApiClient,
  limit: number,
  q?: string,
  outcome?: ContentOutcome,
): Promise<LockerPage | null> {
  try {
    return await api.request(calls.lockerLocations, { query: { q, limit, offset: 0 } });
  } catch (error) {
    if (outcome) outcome.failed = true;
    console.warn("[marketing] locker locations failed:", error instanceof Error ? error.message : error);
    return null;
  }
}

/** The overdue state of a drop-off order (public summary), or null when the lookup fails. */
export async function fetchOverdueStatus(api: ApiClient, orderid: string): Promise<string | null> {
  try {
    const detail = await api.request(calls.overdueDropoffDetail, {
      params: { orderid },
      token: null,
    });
    return detail.overdueStatus;
  } catch {
    return null;
  }
}
