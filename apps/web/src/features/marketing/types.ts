import type { Banner, LockerListItem, Service } from "@paxelbox/contract";

/**
 * The plain data marketing loaders hand to the page (no schemas reach the browser bundle).
 * Entities keep the contract's field names; only derived values are added.
 */

/** A banner as the API sends it (`sub_heading` is server HTML: render it only through `ServerHtml`). */
export type BannerData = Banner;

/** A service card of the landing page: the description already cut to 15 words, as plain text. */
export interface ServiceCardData {
  title: Service["title"];
  slug: Service["slug"];
  excerpt: string;
  image_desktop_jpg: Service["image_desktop_jpg"];
  image_mobile_jpg: Service["image_mobile_jpg"];
}

/** A full service of the services page (`description` is server HTML). */
export type ServiceData = Service;

export type LockerLocation = LockerListItem;

/** One page of the locker finder. */
export interface LockerPage {
  total: number;
  items: LockerLocation[];
}
