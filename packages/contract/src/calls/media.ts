import { ImageBytes } from "../common.ts";
import { defineCall } from "../define-call.ts";
import { MediaParams } from "../entities/demo.ts";

/** Content: settings texts, banners, services, short links and pictures. */
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
