import {
  type ContentName,
  calls,
  doorNumberToken,
  escapeHtml,
  type FeatureName,
  type Settings,
} from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ApiClient, apiClient } from "../lib/http/api-client";
import type { Language } from "../lib/i18n/i18n";
import { sanitizer } from "../lib/security/sanitizer";

/**
 * Settings (spec §7): content texts and user-app feature flags, loaded once and shared by every
 * screen that shows how-to texts or picks a payment flow. Their HTML is sanitised once, as they
 * arrive (`cleanSettings`): on the server for a page opened with its token, so that page hydrates
 * and shows them without DOMPurify in the browser; in the browser only when it fetches them itself.
 */
export async function getSettings(
  signal?: AbortSignal,
  api: Pick<ApiClient, "request"> = apiClient,
): Promise<Settings> {
  return cleanSettings(await api.request(calls.settings, { signal }));
}

/**
 * The settings with every content text's HTML sanitised: what the settings query holds. DOMPurify
 * is imported here, so in the browser only for settings it fetches itself.
 */
export async function cleanSettings(settings: Settings): Promise<Settings> {
  const { sanitizeHtml: sanitize } = await sanitizer.load();
  return {
    ...settings,
    paxelbox_content: settings.paxelbox_content.map((entry) => ({
      ...entry,
      setting_value: {
        ...entry.setting_value,
        description: sanitize(entry.setting_value.description),
        description_bahasa: sanitize(entry.setting_value.description_bahasa),
      },
    })),
  };
}

/** The settings through the browser's client, or a server loader's (ADR 015). */
export const settingsQueryOptions = (api: Pick<ApiClient, "request"> = apiClient) =>
  queryOptions({
    queryKey: ["settings"],
    queryFn: ({ signal }) => getSettings(signal, api),
    staleTime: 5 * 60_000,
  });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** A settings text: its title and sanitised HTML, and the language of each where it is not the page's. */
export interface ContentText {
  title: string;
  html: string;
  /** Set when the title is the other language's (this language's was empty): for its `lang`. */
  titleLang?: Language;
  /** As `titleLang`, for the HTML. */
  htmlLang?: Language;
}

/**
 * A content entry in the language, else in the other one where this one's is empty,
 * `{{door_number}}` filled in (as text: the door number is escaped where it goes into the already
 * sanitised HTML).
 */
export function contentText(
  settings: Settings | undefined,
  name: ContentName,
  language: Language,
  doorNumber?: string | number,
): ContentText | null {
  const entry = settings?.paxelbox_content.find((item) => item.name === name);
  if (!entry) return null;
  const value = entry.setting_value;
  const door = doorNumber === undefined ? undefined : String(doorNumber);
  const fill = (text: string, asHtml: boolean) =>
    door === undefined ? text : text.replaceAll(doorNumberToken, asHtml ? escapeHtml(door) : door);
  const other: Language = language === "id" ? "en" : "id";
  const texts = {
    id: { title: value.title_bahasa, html: value.description_bahasa },
    en: { title: value.title, html: value.description },
  };
  const own = texts[language];
  const fallback = texts[other];
  return {
    title: fill(own.title || fallback.title, false),
    html: fill(own.html || fallback.html, true),
    ...(!own.title && fallback.title ? { titleLang: other } : {}),
    ...(!own.html && fallback.html ? { htmlLang: other } : {}),
  };
}

/** Whether a user-app feature flag is on (`snap_bi_paxelbox`, `snap_bi_dropoff`, `yellowai`). */
export function isFeatureEnabled(settings: Settings | undefined, name: FeatureName): boolean {
  return (
    settings?.enabled_userapp_feature.some(
      (flag) => flag.name === name && flag.setting_value === "enabled",
    ) ?? false
  );
}
