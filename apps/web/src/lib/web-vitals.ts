import { useEffect, useRef } from "react";
import { useMatches } from "react-router";
import { useHydrated } from "./hydration-gate";
import { lazyModule } from "./lazy-module";

/**
 * Real-user Web Vitals (docs/operations.md). The root mounts `useWebVitals` once; a sampled page
 * view loads the reporter (and the `web-vitals` library) when the browser is idle after hydration,
 * so it adds nothing to the JavaScript of the first render.
 */
const reporter = lazyModule(() => import("./web-vitals-reporter"));

/**
 * The route pattern of a match (`/o/:code`, `/order-status/action`): its path with every parameter
 * put back as its name, without the query; a splat becomes `*`.
 */
export function routePattern(match: {
  pathname: string;
  params: Record<string, string | undefined>;
}): string {
  const segments = match.pathname.split("/").filter(Boolean);
  const { "*": splat, ...named } = match.params;
  if (splat) segments.splice(segments.length - splat.split("/").filter(Boolean).length, Infinity, "*");
  for (const [name, value] of Object.entries(named)) {
    if (value === undefined) continue;
    const index = segments.findIndex((segment) => safeDecode(segment) === value);
    if (index !== -1) segments[index] = `:${name}`;
  }
  return `/${segments.join("/")}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether this page view reports, at `rate` (0 to 1). */
export function isSampled(rate: number, random: () => number = Math.random): boolean {
  return rate > 0 && random() < rate;
}

/** Runs `work` when the browser is idle (or soon, where it cannot tell); answers a cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(work, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(work, 1000);
  return () => window.clearTimeout(timer);
}

/** Reports this page view's Web Vitals when it is sampled at `sampleRate`. */
export function useWebVitals(sampleRate: number): void {
  const hydrated = useHydrated();
  const matches = useMatches();
  const last = matches.at(-1);
  const route = last ? routePattern(last) : "/";
  const current = useRef(route);
  useEffect(() => {
    current.current = route;
  }, [route]);
  useEffect(() => {
    if (!hydrated || !isSampled(sampleRate)) return;
    return whenIdle(() => {
      reporter
        .load()
        .then((module) => module.reportWebVitals(() => current.current))
        .catch(() => undefined);
    });
  }, [hydrated, sampleRate]);
}
