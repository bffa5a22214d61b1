import * as z from "zod/mini";
import { checked, Language, ServerHtml } from "../common.ts";

/** App-store buttons shared by banners and services. */
export const DownloadButton = z.object({
  play_store_url: z.string(),
  play_store_icon: z.string(),
  app_store_url: z.string(),
  app_store_icon: z.string(),
});
export type DownloadButton = z.infer<typeof DownloadButton>;

export const Banner = z.object({
  header: z.string(),
  sub_heading: ServerHtml,
  button: z.object({
    text_button: z.string(),
    is_article: z.boolean(),
    article: z.nullable(z.object({ created_at_date_only: z.string(), slug: z.string() })),
    other_url: z.nullable(z.string()),
  }),
  download_button: DownloadButton,
  is_with_download_button: z.boolean(),
  image_desktop_jpg: z.string(),
  image_mobile_jpg: z.string(),
});
export type Banner = z.infer<typeof Banner>;

export const ServiceGuide = z.object({ image: z.string(), description: z.string() });

export const Service = z.object({
  title: z.string(),
  slug: z.string(),
  description: ServerHtml,
  image_desktop_jpg: z.string(),
  image_mobile_jpg: z.string(),
  video_url: z.nullable(z.string()),
  guides: z.array(ServiceGuide),
  download_button: DownloadButton,
});
export type Service = z.infer<typeof Service>;

/** Query of the banner and service lists: `limit` -1 means all. */
export const ContentListQuery = z.strictObject({
  language: z._default(Language, "id"),
  limit: z._default(
    checked(
      z.coerce.number({ error: "limit must be a number" }),
      z.int({ error: "limit must be a whole number" }),
      z.minimum(-1, { error: "limit must be -1 (all) or more" }),
      z.maximum(100, { error: "limit must be at most 100" }),
    ),
    -1,
  ),
});
export type ContentListQuery = z.infer<typeof ContentListQuery>;

export const ShortLinkParams = z.object({
  code: checked(
    z.string(),
    z.trim(),
    z.minLength(1, { error: "code is required" }),
    z.maxLength(64, { error: "code is too long" }),
    z.regex(/^[A-Za-z0-9_-]+$/, { error: "code may contain only letters, digits, - and _" }),
  ),
});
export const ShortLink = z.object({ url: z.string() });
export type ShortLink = z.infer<typeof ShortLink>;
