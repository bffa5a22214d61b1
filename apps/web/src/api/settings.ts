import {
  type ContentName,
  calls,
  doorNumberToken,
  type FeatureName,
  type Settings,
} from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { request } from "../lib/api-client";
import type { Language } from "../lib/i18n";
import { useLazyModule } from "../lib/lazy-module";
import { readySanitizer, sanitizer } from "../lib/sanitizer-ready";

/**
 * Settings (spec §7): content texts and user-app feature flags, loaded once and shared by every
 * screen that shows how-to texts or picks a payment flow.
 */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  const [settings] = await Promise.all([request(calls.settings, { signal }), loadSanitizer()]);
  return settings;
}

/**
 * DOMPurify (~11 KB), loaded with the settings rather than with the page: their HTML is the only
 * HTML these screens show, and it is shown only once sanitised.
 */
export function loadSanitizer(): Promise<(html: string) => string> {
  return sanitizer.load().then((module) => module.sanitizeHtml);
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ["settings"],
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: 5 * 60_000,
  });

/**
 * The settings, and a re-render once the sanitiser is there. Settings HTML the server rendered
 * (ADR 011) stays as it came while the browser's sanitiser loads: React keeps server markup of
 * `dangerouslySetInnerHTML` when hydrating, and the first render after it is the sanitised text.
 */
export function useSettings() {
  useLazyModule(sanitizer);
  return useQuery(settingsQueryOptions());
}

/**
 * A content entry in the language, `{{door_number}}` filled in, its HTML sanitised (empty until
 * the sanitiser is loaded, which `getSettings` does before any settings reach the screen).
 */
export function contentText(
  settings: Settings | undefined,
  name: ContentName,
  language: Language,
  doorNumber?: string | number,
): { title: string; html: string } | null {
  const entry = settings?.paxelbox_content.find((item) => item.name === name);
  if (!entry) return null;
  const value = entry.setting_value;
  const fill = (text: string) =>
    doorNumber === undefined ? text : text.replaceAll(doorNumberToken, String(doorNumber));
  const title = language === "id" ? value.title_bahasa || value.title : value.title || value.title_bahasa;
  const html =
    language === "id"
      ? value.description_bahasa || value.description
      : value.description || value.description_bahasa;
  const sanitize = readySanitizer();
  return { title: fill(title), html: sanitize ? sanitize(fill(html)) : "" };
}

/** Whether a user-app feature flag is on (`snap_bi_paxelbox`, `snap_bi_dropoff`, `yellowai`). */
export function isFeatureEnabled(settings: Settings | undefined, name: FeatureName): boolean {
  return (
    settings?.enabled_userapp_feature.some(
      (flag) => flag.name === name && flag.setting_value === "enabled",
    ) ?? false
  );
}
