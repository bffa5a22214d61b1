import type { Language } from "@paxelbox/contract";

/**
 * The languages the site serves, apart from the translations: what the service worker and the
 * server read from an address or a cookie without loading any message.
 */
export const supportedLanguages = ["id", "en"] as const satisfies readonly Language[];
export const defaultLanguage = "id" satisfies Language;

export function isLanguage(value: unknown): value is Language {
  return value === "id" || value === "en";
}

/** A supported language from any input, else the default. */
export function toLanguage(value: unknown): Language {
  if (typeof value !== "string") return defaultLanguage;
  const short = value.trim().toLowerCase().slice(0, 2);
  return isLanguage(short) ? short : defaultLanguage;
}
