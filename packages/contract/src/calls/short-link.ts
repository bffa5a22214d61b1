import { defineCall } from "../define-call.ts";
import { ShortLink, ShortLinkParams } from "../entities/content.ts";

/** Content: settings texts, banners, services, short links and pictures. */
export const shortLink = defineCall({
  id: "shortLink",
  method: "GET",
  path: "/api/v1/shortlinks/{code}",
  summary: "Target of a short link",
  tag: "content",
  auth: "none",
  statuses: [429],
  params: ShortLinkParams,
  response: ShortLink,
});
