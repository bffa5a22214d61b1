import type { Language } from "@paxelbox/contract";
import {
  cloneElement,
  createContext,
  type ReactElement,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";
import shell from "../../locales/id/shell.json";
import type id from "../../locales/id.ts";
import { languageCookieName, readCookie, storage } from "../offline/storage";
import { defaultLanguage, isLanguage, toLanguage } from "./language";

/**
 * The one door to translations. Indonesian is the default, the fallback and the source of the
 * key types; English loads on demand. Components use `useT()` from here.
 *
 * In the browser, Indonesian starts with the shell's messages only; each feature's messages
 * (`marketing.*`, `dropOff.*`, `rent.*`) come with the routes that show it: a route module imports
 * `lib/messages/<feature>`, which registers them (`addMessages`) before the route renders —
 * before hydration for the first page, before a client-side navigation shows it otherwise.
 * The server and English load every message.
 *
 * What the messages need is small — nested keys, `{{name}}` values, `_one`/`_other` plurals by
 * `Intl.PluralRules`, `<tag>…</tag>` in `Trans` — so it is done here in a few lines rather than
 * with i18next (~18 KB gzip on every page; see docs/decisions/006-bundle-budgets.md).
 */

export type { Language };

type Messages = typeof id;

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
type KeyOf<Name extends string> = Name extends `${infer Base}_${PluralSuffix}` ? Base : Name;
type Keys<Tree, Prefix extends string = ""> = {
  [Name in keyof Tree & string]: Tree[Name] extends string
    ? `${Prefix}${KeyOf<Name>}`
    : Keys<Tree[Name], `${Prefix}${Name}.`>;
}[keyof Tree & string];

/** A translation key of the Indonesian messages, e.g. `"notFound.message"` (plurals without suffix). */
export type TKey = Keys<Messages>;

/** Values of a message's `{{placeholders}}`; `count` also picks the plural form. */
export type TOptions = { count?: number } & Record<string, unknown>;
export type TFunction = (key: TKey, options?: TOptions) => string;

/** A feature's part of the messages, registered by the routes that show it. */
export type MessageFeature = Exclude<keyof Messages, keyof typeof shell>;

type Tree = { [key: string]: string | Tree };

const loaded: Partial<Record<Language, Tree>> = { id: { ...shell } };
const complete = new Set<Language>();
const loaders: Record<Language, () => Promise<Messages>> = {
  id: () => import("../../locales/id.ts").then((module) => module.default as Messages),
  en: () => import("../../locales/en.ts").then((module) => module.default as Messages),
};
const onServer = typeof document === "undefined";

/**
 * Registers a feature's Indonesian messages, or some of its parts (a screen's), once each; see
 * `lib/messages/`.
 */
export function addMessages<F extends MessageFeature>(feature: F, messages: Partial<Messages[F]>): void {
  loaded.id ??= {};
  loaded.id[feature] = { ...(messages as unknown as Tree), ...(loaded.id[feature] as Tree | undefined) };
}

/**
 * Loads a language's messages (once); call before creating or switching to it. Indonesian in the
 * browser is the shell's plus the registered features' and needs no loading.
 */
export async function ensureLanguage(language: Language): Promise<void> {
  const wanted: Language[] = onServer ? [defaultLanguage, language] : language === "en" ? ["en"] : [];
  for (const each of wanted) {
    if (complete.has(each)) continue;
    const messages = (await loaders[each]()) as unknown as Tree;
    loaded[each] = { ...messages, ...loaded[each] };
    complete.add(each);
  }
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/** The message of a key in a language: its plural form for `count` when it has one. */
function message(language: Language, key: string, count: unknown): string | undefined {
  const messages = loaded[language];
  if (typeof count === "number") {
    let rules = pluralRules.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      pluralRules.set(language, rules);
    }
    const plural = lookup(messages, `${key}_${rules.select(count)}`);
    if (plural !== undefined) return plural;
  }
  return lookup(messages, key);
}

const reportedMissing = new Set<string>();

/**
 * A key with no message fails loudly: an error in the console (which fails every browser test
 * that opens the screen) and, in development, a visible marker on the screen.
 */
function missingMessage(language: Language, key: string): string {
  if (!reportedMissing.has(`${language}:${key}`)) {
    reportedMissing.add(`${language}:${key}`);
    console.error(`Missing message "${key}" (${language})`);
  }
  return import.meta.env?.DEV ? `⚠ ${key}` : key;
}

/** The text of a key: the language's, else Indonesian's; values filled in. */
function translate(language: Language, key: string, options: TOptions | undefined, product: string): string {
  const text =
    message(language, key, options?.count) ??
    (language === defaultLanguage ? undefined : message(defaultLanguage, key, options?.count));
  if (text === undefined) return missingMessage(language, key);
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = options && name in options ? options[name] : name === "product" ? product : undefined;
    return value === undefined || value === null ? "" : String(value);
  });
}

/** The translator of one server request or one browser session. */
export interface I18n {
  readonly language: Language;
  t: TFunction;
  /** `t` of one language (the current one changes; this one does not). */
  getFixedT(language: Language): TFunction;
  changeLanguage(language: Language): Promise<void>;
  on(event: "languageChanged", listener: () => void): void;
  off(event: "languageChanged", listener: () => void): void;
}

export interface I18nOptions {
  /** Product name for `{{product}}` (e.g. "Paxel" → "{{product}}Box" reads "PaxelBox"). */
  product: string;
}

/**
 * A translator for one request (server) or one browser session. The language's messages must be
 * loaded first (`ensureLanguage`); an unloaded language falls back to `id`.
 */
export function createI18n(language: Language, options: I18nOptions): I18n {
  const listeners = new Set<() => void>();
  const instance = {
    language: loaded[language] ? language : defaultLanguage,
    t: (key: TKey, values?: TOptions) => translate(instance.language, key, values, options.product),
    getFixedT:
      (fixed: Language): TFunction =>
      (key, values) =>
        translate(fixed, key, values, options.product),
    async changeLanguage(next: Language) {
      await ensureLanguage(next);
      if (instance.language === next) return;
      instance.language = next;
      for (const listener of listeners) listener();
    },
    on: (_event: "languageChanged", listener: () => void) => void listeners.add(listener),
    off: (_event: "languageChanged", listener: () => void) => void listeners.delete(listener),
  };
  return instance;
}

/**
 * Switches the language: loads its messages, stores the choice (storage + cookie) and lets
 * `<html lang>` follow.
 */
export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  await ensureLanguage(language);
  storage.set("language", language);
  await instance.changeLanguage(language);
}

/** The language the server renders: the `language` cookie, else the default. */
export function languageFromCookieHeader(cookieHeader: string | null | undefined): Language {
  return toLanguage(readCookie(cookieHeader, languageCookieName));
}

/** The language a request asks for: its `lang` query when valid, else its cookie (as the root loader). */
export function requestLanguage(request: Request): Language {
  const requested = new URL(request.url).searchParams.get("lang");
  return isLanguage(requested) ? requested : languageFromCookieHeader(request.headers.get("cookie"));
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
    () => instance.language,
    () => instance.language,
  );
}

const I18nContext = createContext<I18n | null>(null);

/** Makes a translator the one `useT()` reads below it (the root renders one). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** `t`, the current language and a language switcher for components. */
export function useT() {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useT() must be used inside <I18nProvider>");
  const language = useLanguageOf(i18n);
  // A new `t` per language, so that anything memoised on it follows a language change.
  const t = useMemo(() => i18n.getFixedT(language), [i18n, language]);
  return {
    t,
    language,
    i18n,
    setLanguage: (next: Language) => changeLanguage(i18n, next),
  };
}

/**
 * A message with markup: each `<name>text</name>` of the message becomes `components[name]` with
 * that text inside (e.g. a link in "I accept the <terms>Terms and Conditions</terms>").
 */
export function Trans({
  i18nKey,
  components = {},
  values,
}: {
  i18nKey: TKey;
  components?: Record<string, ReactElement>;
  values?: TOptions;
}) {
  const { t } = useT();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\w+)>(.*?)<\/\1>/gs)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const [whole, name = "", inner = ""] = match;
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** BCP 47 locale of a language for `Intl`. */
export function localeOf(language: Language): string {
  return language === "en" ? "en-GB" : "id-ID";
}
