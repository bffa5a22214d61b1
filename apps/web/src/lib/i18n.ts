import type { Language } from "@paxelbox/contract";
import i18next, { type i18n as I18n, type ParseKeys, type Resource } from "i18next";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import shell from "../locales/id/shell.json";
import type id from "../locales/id.ts";
import { languageCookieName, readCookie, storage } from "./storage";

/**
 * The one door to translations. Indonesian is the default, the fallback and the source of the
 * key types (see `i18next.d.ts`); English loads on demand. Components use `useT()` from here.
 *
 * In the browser, Indonesian starts with the shell's messages only; each feature's messages
 * (`marketing.*`, `dropOff.*`, `rent.*`) come with the routes that show it: a route module imports
 * `lib/messages/<feature>`, which registers them (`addMessages`) before the route renders —
 * before hydration for the first page, before a client-side navigation shows it otherwise.
 * The server and English load every message.
 */

export type { Language };
export const supportedLanguages = ["id", "en"] as const satisfies readonly Language[];
export const defaultLanguage = "id" satisfies Language;
export const namespace = "translation";

/** A translation key of `id.json`, e.g. `"notFound.message"`. */
export type TKey = ParseKeys<typeof namespace>;

type Messages = typeof id;

/** A feature's part of the messages, registered by the routes that show it. */
export type MessageFeature = Exclude<keyof Messages, keyof typeof shell>;

export function isLanguage(value: unknown): value is Language {
  return value === "id" || value === "en";
}

/** A supported language from any input, else the default. */
export function toLanguage(value: unknown): Language {
  if (typeof value !== "string") return defaultLanguage;
  const short = value.trim().toLowerCase().slice(0, 2);
  return isLanguage(short) ? short : defaultLanguage;
}

const loaded: Partial<Record<Language, Partial<Messages>>> = { id: { ...shell } };
const complete = new Set<Language>();
const loaders: Record<Language, () => Promise<Messages>> = {
  id: () => import("../locales/id.ts").then((module) => module.default as Messages),
  en: () => import("../locales/en.ts").then((module) => module.default as Messages),
};
const onServer = typeof document === "undefined";
/** The browser's instances (one per session), which receive messages registered later. */
const browserInstances = new Set<I18n>();

/** Registers a feature's Indonesian messages (once); see `lib/messages/`. */
export function addMessages<F extends MessageFeature>(feature: F, messages: Messages[F]): void {
  loaded.id ??= {};
  const indonesian = loaded.id;
  if (indonesian[feature]) return;
  indonesian[feature] = messages;
  for (const instance of browserInstances) {
    instance.addResourceBundle(defaultLanguage, namespace, { [feature]: messages }, true, true);
  }
}

/**
 * Loads a language's messages (once); call before creating or switching to it. Indonesian in the
 * browser is the shell's plus the registered features' and needs no loading.
 */
export async function ensureLanguage(language: Language): Promise<void> {
  const wanted: Language[] = onServer ? [defaultLanguage, language] : language === "en" ? ["en"] : [];
  for (const each of wanted) {
    if (complete.has(each)) continue;
    const messages = await loaders[each]();
    loaded[each] = { ...messages, ...loaded[each] };
    complete.add(each);
  }
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
  if (!onServer) browserInstances.add(instance);
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
