import { calls, type UserData } from "@paxelbox/contract";
import { type DehydratedState, dehydrate, type FetchQueryOptions } from "@tanstack/react-query";
import { createContext, type RouterContextProvider } from "react-router";
import { settingsQueryOptions } from "../../api/settings";
import { getServerConfig } from "../../config/config.server";
import type { ServerConfig } from "../../config/env";
import { pageAt } from "../../pages";
import type { ApiClient } from "../http/api-client";
import { serverApiClient } from "../http/api-client.server";
import { isApiError } from "../http/api-error";
import { createQueryClient } from "../http/query-client";
import { type Language, requestLanguage } from "../i18n/i18n";
import { isLanguage, toLanguage } from "../i18n/language";

/**
 * Server rendering of the web-view screens opened with a token (ADR 011). The member check and
 * the screen's first call run on the server, so the HTML the app receives already shows the
 * order; the browser takes the answers over (RequireUser, `<HydrationBoundary>`) instead of asking
 * again. Anything that fails or is slow here is left to the browser, which asks as it always has:
 * preloading only ever saves time, it never decides what the member sees.
 */

/** How long a page waits for the API before it is sent without the data. */
export const preloadTimeoutMs = 2500;

/** The token a preloaded page was opened with, if any. */
export function preloadToken(request: Request): string | null {
  const url = new URL(request.url);
  if (!pageAt(url.pathname)?.serverPreload) return null;
  const token = url.searchParams.get("token")?.trim();
  return token ? token : null;
}

/** A member validated on the server: what RequireUser needs to show the screen at once. */
export interface PreloadedSession {
  token: string;
  user: UserData;
}

/** Aborts a loader's call to the API once the page's wait for it is over (`preloadTimeoutMs`) or the visitor left. */
export function preloadSignal(request: Request): AbortSignal {
  return AbortSignal.any([request.signal, AbortSignal.timeout(preloadTimeoutMs)]);
}

/** A request's members check, once started (`preloadSession`). */
const sessionContext = createContext<Promise<PreloadedSession | null> | null>(null);

/**
 * The members check of the page's query token; `null` when there is none or it does not pass.
 * Made once per request: the root loader and a screen's loader that sends its visitor away in
 * their language (`languageToKeep`) run side by side and share it through the request's context.
 */
export function preloadSession(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<PreloadedSession | null> {
  let session = context.get(sessionContext);
  if (!session) {
    session = checkMember(getServerConfig(context), request);
    context.set(sessionContext, session);
  }
  return session;
}

async function checkMember(config: ServerConfig, request: Request): Promise<PreloadedSession | null> {
  const token = preloadToken(request);
  if (!token) return null;
  try {
    const user = await serverApiClient(config, token, request).request(calls.validateUser, {
      query: { token },
      signal: preloadSignal(request),
    });
    return { token, user };
  } catch {
    return null;
  }
}

/** The page's language as its address says: the member's own, else a valid `lang`; `null` for neither. */
export function addressedLanguage(session: PreloadedSession | null, url: URL): Language | null {
  if (session?.user.member_code) return toLanguage(session.user.language);
  const requested = url.searchParams.get("lang");
  return isLanguage(requested) ? requested : null;
}

/**
 * The language a page sends its visitor on in, to a page without their token (the root loader's
 * reading of the address); `undefined` for the default.
 */
export async function languageToKeep(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<"en" | undefined> {
  const language = addressedLanguage(await preloadSession(context, request), new URL(request.url));
  return language === "en" ? "en" : undefined;
}

/** The screen's own query, built with the page's token and the loader's API client. */
export type ScreenQuery = (
  token: string,
  api: ApiClient,
  // biome-ignore lint/suspicious/noExplicitAny: any screen's query options (each is typed where it is built)
) => FetchQueryOptions<any, any, any, any>;

/** What a web-view route's loader returns (ADR 015). */
export interface ScreenPreload {
  /** The answers that arrived in time, for `<HydrationBoundary>`; `null` without a token. */
  dehydratedState: DehydratedState | null;
  /** Whether the screen's own query is among them (the page then arrives showing it). */
  screenLoaded: boolean;
  /** Whether the screen's own query was refused or failed in time (not merely slow). */
  screenFailed: boolean;
  /**
   * Why it failed, as the page would say it ('Oops...' with the API's message, else `null` for the
   * generic one): what a page without scripts shows (`NoScriptScreenError`).
   */
  screenError?: string | null;
  /**
   * Opened without a token: the page uses one kept on the device, which only its script can read.
   * A page without scripts says where it opens from instead (`NoScriptScreenError`).
   */
  tokenless?: true;
}

/** Resolves when the page's wait for the API is over: timed out or the visitor gone. */
function waitOver(request: Request): Promise<void> {
  const signal = preloadSignal(request);
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

/** What `preloadQueries` leaves for the page: the answers that arrived in time, and which did. */
export interface PreloadedQueries {
  /** For `<HydrationBoundary>` (`LoaderQueries`). */
  dehydratedState: DehydratedState;
  /** Per query, in the order given: whether its answer is among them. */
  loaded: boolean[];
  /** Per query, in the order given: whether it failed in time (a refusal, not a timeout). */
  failed: boolean[];
  /** Per query that failed, the API's message when it gave one. */
  messages: (string | undefined)[];
}

/**
 * Runs a page's queries side by side, through the same query options as the page under the same
 * keys, and dehydrates what arrived within `preloadTimeoutMs`. A call that fails or is still
 * running then is left out (cancelled): the browser makes it and shows the outcome as usual.
 */
export async function preloadQueries(
  request: Request,
  // biome-ignore lint/suspicious/noExplicitAny: any page's query options (each is typed where it is built)
  queries: readonly FetchQueryOptions<any, any, any, any>[],
): Promise<PreloadedQueries> {
  const client = createQueryClient();
  const loads = Promise.all(queries.map((query) => client.prefetchQuery({ ...query, retry: false })));
  await Promise.race([loads, waitOver(request)]);
  const status = () => queries.map((query) => client.getQueryState(query.queryKey)?.status);
  const failed = status().map((state) => state === "error");
  const messages = queries.map((query) => {
    const error = client.getQueryState(query.queryKey)?.error;
    return isApiError(error) ? error.serverMessage : undefined;
  });
  await client.cancelQueries();
  const loaded = status().map((state) => state === "success");
  const dehydratedState = dehydrate(client);
  client.clear();
  return { dehydratedState, loaded, failed, messages };
}

/**
 * A query the screen asks once its own answer is there, because its key or its call needs that
 * answer (a rent's fee is keyed by its deadline); `null` when the answer needs none.
 */
export type FollowingQuery = (
  answer: unknown,
  token: string,
  api: ApiClient,
  // biome-ignore lint/suspicious/noExplicitAny: any screen's query options (each is typed where it is built)
) => FetchQueryOptions<any, any, any, any> | null;

/**
 * Runs the screen's query and the settings (how-to and attention texts, their HTML sanitised
 * here) with the page's token (`preloadQueries`), then the query that follows from the screen's
 * answer, if any, within the same wait.
 */
export async function preloadScreen(
  config: ServerConfig,
  request: Request,
  screenQuery: ScreenQuery | null,
  following?: FollowingQuery,
): Promise<ScreenPreload> {
  const token = preloadToken(request);
  if (!token) return { dehydratedState: null, screenLoaded: false, screenFailed: false, tokenless: true };
  // The API words a refusal in a member's own language; for a token it does not know (or a
  // drop-off link's holder, no member), in the page's, as the page's own calls ask.
  const api = serverApiClient(config, token, request, requestLanguage(request));
  const screen = screenQuery?.(token, api);
  const { dehydratedState, loaded, failed, messages } = await preloadQueries(request, [
    settingsQueryOptions(api),
    ...(screen ? [screen] : []),
  ]);
  const screenFailed = screen ? failed[1] === true : false;
  const next =
    screen && loaded[1] && following
      ? following(answerIn(dehydratedState, screen.queryKey), token, api)
      : null;
  // What follows is the browser's to ask if it fails or is late; the screen shows without it.
  if (next) dehydratedState.queries.push(...(await preloadQueries(request, [next])).dehydratedState.queries);
  return {
    dehydratedState,
    screenLoaded: screen ? loaded[1] === true : false,
    screenFailed,
    ...(screenFailed ? { screenError: messages[1] ?? null } : {}),
  };
}

function answerIn(state: DehydratedState | null, queryKey: readonly unknown[]): unknown {
  const key = JSON.stringify(queryKey);
  return state?.queries.find((query) => JSON.stringify(query.queryKey) === key)?.state.data;
}

/** The answer a preload holds for `queryKey` (a screen's loader deciding where its visitor goes). */
export function preloadedAnswer<T>(preloaded: ScreenPreload, queryKey: readonly unknown[]): T | undefined {
  return answerIn(preloaded.dehydratedState, queryKey) as T | undefined;
}

/**
 * Headers of a page that may carry a member's data: never stored by a shared cache or the
 * browser's back-forward cache on disk.
 */
export const personalPageHeaders = { "cache-control": "private, no-store" } as const;
