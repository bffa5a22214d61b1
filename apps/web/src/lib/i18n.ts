import type { Language } from "@paxelbox/contract";
import i18next, { type i18n as I18n, type ParseKeys, type Resource } from "i18next";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import id from "../locales/id.ts";
import { languageCookieName, readCookie, storage } from "./storage";

/**
 * The one door to translations. Indonesian is the default, the fallback and the source of the
 * key types (see `i18next.d.ts`); English loads on demand. Components use `useT()` from here.
 */

export type { Language };
export const supportedLanguages = ["id", "en"] as const satisfies readonly Language[];
export const defaultLanguage = "id" satisfies Language;
export const namespace = "translation";

/** A translation key of `id.json`, e.g. `"notFound.message"`. */
export type TKey = ParseKeys<typeof namespace>;

type Messages = typeof id;

export function isLanguage(value: unknown): value is Language {
  return value === "id" || value === "en";
}

/** A supported language from any input, else the default. */
export function toLanguage(value: unknown): Language {
  if (typeof value !== "string") return defaultLanguage;
  const short = value.trim().toLowerCase().slice(0, 2);
  return isLanguage(short) ? short : defaultLanguage;
}

const loaded: Partial<Record<Language, Messages>> = { id };
const loaders: Record<Language, () => Promise<Messages>> = {
  id: async () => id,
  en: () => import("../locales/en.ts").then((module) => module.default as Messages),
};

/** Loads a language's messages (once); call before creating or switching to it. */
export async function ensureLanguage(language: Language): Promise<void> {
  loaded[language] ??= await loaders[language]();
}

function resources(): Resource {
  const result: Resource = {};
  for (const language of supportedLanguages) {
    const messages = loaded[language];
    if (messages) result[language] = { [namespace]: messages };
  }
  return result;
}

export interface I18nOptions {
  /** Product name for `{{product}}` (e.g. "Paxel" → "{{product}}Box" reads "PaxelBox"). */
  product: string;
}

/**
 * A new i18next instance for one request (server) or one browser session. The language's
 * messages must be loaded first (`ensureLanguage`); an unloaded language falls back to `id`.
 */
export function createI18n(language: Language, options: I18nOptions): I18n {
  const instance = i18next.createInstance();
  const lng = loaded[language] ? language : defaultLanguage;
  void instance.init({
    lng,
    fallbackLng: defaultLanguage,
    supportedLngs: [...supportedLanguages],
    ns: [namespace],
    defaultNS: namespace,
    resources: resources(),
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false, defaultVariables: { product: options.product } },
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * Switches the language: loads its messages, stores the choice (storage + cookie) and lets
 * `<html lang>` follow.
 */
export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  await ensureLanguage(language);
  const messages = loaded[language];
  if (messages && !instance.hasResourceBundle(language, namespace)) {
    instance.addResourceBundle(language, namespace, messages, true, true);
  }
  storage.set("language", language);
  if (instance.language !== language) await instance.changeLanguage(language);
}

/** The language the server renders: the `language` cookie, else the default. */
export function languageFromCookieHeader(cookieHeader: string | null | undefined): Language {
  return toLanguage(readCookie(cookieHeader, languageCookieName));
}

/** The language chosen in this browser (storage, the source of truth), if any. */
export function storedLanguage(): Language | null {
  const value = storage.get("language");
  return isLanguage(value) ? value : null;
}

/** Current language of an instance; re-renders on change. */
export function useLanguageOf(instance: I18n): Language {
  return useSyncExternalStore(
    (onChange) => {
      instance.on("languageChanged", onChange);
      return () => instance.off("languageChanged", onChange);
    },
    () => toLanguage(instance.language),
    () => toLanguage(instance.language),
  );
}

/** `t`, the current language and a language switcher for components. */
export function useT() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  return {
    t,
    language,
    i18n,
    setLanguage: (next: Language) => changeLanguage(i18n, next),
  };
}

/** BCP 47 locale of a language for `Intl`. */
export function localeOf(language: Language): string {
  return language === "en" ? "en-GB" : "id-ID";
}

export { I18nextProvider, Trans } from "react-i18next";
export type { I18n };
