import * as z from "zod/mini";
import { ImageBytes } from "../common.ts";
import { defineCall } from "../define-call.ts";
import { Banner, ContentListQuery, Service, ShortLink, ShortLinkParams } from "../entities/content.ts";
import { MediaParams } from "../entities/demo.ts";
import { Settings } from "../entities/settings.ts";

/** Content: settings texts, banners, services, short links and pictures. */

export const settings = defineCall({
  id: "settings",
  method: "GET",
  path: "/api/v1/settings",
  summary: "Content texts and user-app feature flags",
  tag: "content",
  auth: "none",
  response: Settings,
});

export const banners = defineCall({
  id: "banners",
  method: "GET",
  path: "/api/v1/content/banners",
  summary: "Banners in a language (limit -1: all)",
  tag: "content",
  auth: "none",
  query: ContentListQuery,
  response: z.array(Banner),
});

export const services = defineCall({
  id: "services",
  method: "GET",
  path: "/api/v1/content/services",
  summary: "Services in a language (limit -1: all)",
  tag: "content",
  auth: "none",
  query: ContentListQuery,
  response: z.array(Service),
});

export const shortLink = defineCall({
  id: "shortLink",
  method: "GET",
  path: "/api/v1/shortlinks/{code}",
  summary: "Target of a short link",
  tag: "content",
  auth: "none",
  params: ShortLinkParams,
  response: ShortLink,
});

export const media = defineCall({
  id: "media",
  method: "GET",
  path: "/api/v1/media/{kind}/{name}",
  summary: "The product's own pictures (SVG)",
  tag: "content",
  auth: "none",
  params: MediaParams,
  response: ImageBytes,
  responseType: "image",
});
