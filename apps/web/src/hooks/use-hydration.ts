import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { type DateInput, formatDateTime } from "../lib/i18n/format";
import { useT } from "../lib/i18n/i18n";
import { useHydrated } from "../lib/ssr/use-hydrated";
import { routeIds } from "../paths";

/**
 * What a server-rendered screen needs so that its first browser render (hydration) shows the same
 * text as the server's HTML: the server's clock and offset from UTC until hydration is over, the
 * device's clock and time zone afterwards (ADR 011, ADR 029).
 */

interface RootRender {
  render?: { now: number; utcOffsetMinutes: number };
}

function useServerRender() {
  return (useRouteLoaderData(routeIds.root) as RootRender | undefined)?.render;
}

/**
 * A clock reading for a render: while hydrating, the time the server rendered with (its HTML shows
 * it); afterwards `clock` — the server's clock as this device knows it (`useServerClock`), so a
 * view that appears after hydration on a phone whose clock is off starts from the right time.
 */
export function useFirstNow(clock: () => number): () => number {
  const hydrated = useHydrated();
  const server = useServerRender();
  return useCallback(
    () => (hydrated || server === undefined ? clock() : server.now),
    [hydrated, server, clock],
  );
}

/**
 * Dates and times in the current language: at the server's offset from UTC while hydrating (the
 * server's HTML used it), then in the device's time zone.
 */
export function useFormatDateTime(): (value: DateInput) => string {
  const { language } = useT();
  const hydrated = useHydrated();
  const server = useServerRender();
  const offset = hydrated ? undefined : server?.utcOffsetMinutes;
  return useCallback((value: DateInput) => formatDateTime(value, language, offset), [language, offset]);
}
