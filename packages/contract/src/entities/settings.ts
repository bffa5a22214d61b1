import * as z from "zod/mini";
import { ServerHtml } from "../common.ts";

/** Names of the content entries of spec §3; texts may contain the `{{door_number}}` token. */
export const ContentName = z.enum([
  "how_to_pick_up_items",
  "how_to_stop_rent",
  "how_to_open_locker",
  "stop_rent_countdown_instruction",
  "how_to_pick_up_dropoff",
  "how_to_put_items",
  "attention_pick_up_dropoff",
  "attention_pick_up_items",
]);
export type ContentName = z.infer<typeof ContentName>;

export const ContentSetting = z.object({
  name: ContentName,
  setting_value: z.object({
    title: z.string(),
    title_bahasa: z.string(),
    description: ServerHtml,
    description_bahasa: ServerHtml,
  }),
});
export type ContentSetting = z.infer<typeof ContentSetting>;

/** Feature flags of the user app: payment flow per product and the help chatbot. */
export const FeatureName = z.enum(["snap_bi_paxelbox", "snap_bi_dropoff", "yellowai"]);
export type FeatureName = z.infer<typeof FeatureName>;

export const FeatureSetting = z.object({
  name: FeatureName,
  setting_value: z.enum(["enabled", "disabled"]),
});

export const Settings = z.object({
  paxelbox_content: z.array(ContentSetting),
  enabled_userapp_feature: z.array(FeatureSetting),
});
export type Settings = z.infer<typeof Settings>;

export const doorNumberToken = "{{door_number}}";
