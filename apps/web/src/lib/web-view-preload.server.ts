import { calls, type UserData } from "@paxelbox/contract";
import type { QueryKey } from "@tanstack/react-query";
import { cleanSettings, settingsQueryOptions } from "../api/settings";
import type { PreloadedQuery } from "../components/query-provider";
import { serverApiClient } from "./api-client.server";

/**
 * Server rendering of the web-view screens opened with a token (ADR 011). The member check and
 * the screen's first call run on the server, so the HTML the app receives already shows the
 * order; the browser takes the answers over (RequireUser, PreloadedQueries) instead of asking
 * again. Anything that fails or is slow here is left to the browser, which asks as it always has:
 * preloading only ever saves time, it never decides what the member sees.
 */

/** The pages whose screen has a server loader (their query-less copy stays a skeleton). */
const preloadedPaths = [/^\/order\/?$/, /^\/order-status\/?$/, /^\/overduepayment\/?$/];

/** How long a page waits for the API before it is sent without the data. */
export const preloadTimeoutMs = 2500;

/** The token a preloaded page was opened with, if any. */
export function preloadToken(request: Request): string | null {
  const url = new URL(request.url);
  if (!preloadedPaths.some((pattern) => pattern.test(url.pathname))) return null;
  const token = url.searchParams.get("token")?.trim();
  return token ? token : null;
}

/** A member validated on the server: what RequireUser needs to show the screen at once. */
export interface PreloadedSession {
  token: string;
  user: UserData;
}

function signalFor(request: Request): AbortSignal {
  return AbortSignal.any([request.signal, AbortSignal.timeout(preloadTimeoutMs)]);
}

/** The members check of the page's query token; `null` when there is none or it does not pass. */
export async function preloadSession(request: Request): Promise<PreloadedSession | null> {
  const token = preloadToken(request);
  if (!token) return null;
  try {
    const user = await serverApiClient(token, request).request(calls.validateUser, {
      query: { token },
      signal: signalFor(request),
    });
    return { token, user };
  } catch {
    return null;
  }
}

/**
 * Runs a screen's first call with the page's token; `null` without a token or when the call
 * fails (the browser then makes it and shows the failure as usual).
 */
export async function preloadQuery<T>(
  request: Request,
  queryKey: (token: string) => QueryKey,
  load: (api: ReturnType<typeof serverApiClient>, signal: AbortSignal) => Promise<T>,
): Promise<PreloadedQuery | null> {
  const token = preloadToken(request);
  if (!token) return null;
  try {
    const data = await load(serverApiClient(token, request), signalFor(request));
    return { queryKey: queryKey(token), data, updatedAt: Date.now() };
  } catch {
    return null;
  }
}

/**
 * The settings (how-to and attention texts) for a page opened with a token, their HTML sanitised
 * here: the page renders them and the browser reads them from the query as they are.
 */
export function preloadSettings(request: Request): Promise<PreloadedQuery | null> {
  return preloadQuery(
    request,
    () => settingsQueryOptions().queryKey,
    async (api, signal) => cleanSettings(await api.request(calls.settings, { signal })),
  );
}

/**
 * What a web-view route's loader returns: the screen's first call (when the page has what it
 * needs) and the settings, made side by side.
 */
export async function preloadScreen(
  request: Request,
  firstCall: Promise<PreloadedQuery | null> | null,
): Promise<{ queries: (PreloadedQuery | null)[] }> {
  const queries = await Promise.all([firstCall, preloadSettings(request)]);
  return { queries };
}

/**
 * Headers of a page that may carry a member's data: never stored by a shared cache or the
 * browser's back-forward cache on disk.
 */
export const personalPageHeaders = { "cache-control": "private, no-store" } as const;
