import { defineCall } from "../define-call.ts";
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
