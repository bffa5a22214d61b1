import * as z from "zod/mini";
import { defineCall } from "../define-call.ts";
import { Banner, ContentListQuery } from "../entities/content.ts";

/** Content: settings texts, banners, services, short links and pictures. */
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
