import * as z from "zod/mini";
import { defineCall } from "../define-call.ts";
import { ContentListQuery, Service } from "../entities/content.ts";

/** Content: settings texts, banners, services, short links and pictures. */
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
