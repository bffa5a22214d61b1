import { useCallback } from "react";
import { useRouteLoaderData } from "react-router";
import { type DateInput, formatDateTime } from "../lib/format";
import { useT } from "../lib/i18n";
import { useHydrated } from "../lib/use-hydrated";
import { routeIds } from "../paths";

/**
 * What a server-rendered screen needs so that its first browser render (hydration) shows the same
 * text as the server's HTML: the server's clock and time zone until hydration is over, the
 * device's afterwards (ADR 011).
 */

interface RootRender {
  render?: { now: number; timeZone: string };
}

function useServerRender() {
  return (useRouteLoaderData(routeIds.root) as RootRender | undefined)?.render;
}

/** A clock reading for a first render: the server's while hydrating, else the device's. */
export function useFirstNow(): () => number {
  const hydrated = useHydrated();
  const server = useServerRender();
  return useCallback(() => (hydrated || server === undefined ? Date.now() : server.now), [hydrated, server]);
}

/** Dates and times in the current language: the server's time zone while hydrating, then the device's. */
export function useFormatDateTime(): (value: DateInput) => string {
  const { language } = useT();
  const hydrated = useHydrated();
  const server = useServerRender();
  const timeZone = hydrated ? undefined : server?.timeZone;
  return useCallback((value: DateInput) => formatDateTime(value, language, timeZone), [language, timeZone]);
}
