import { useEffect } from "react";
import { lazyModule } from "../ui/lazy-module";

/**
 * Real-user Web Vitals (docs/operations.md). The root loader names the page's route pattern and the
 * share of page views that report (`WEB_VITALS_SAMPLE_RATE`); the browser draws whether this view is
 * one of them (not the server: a page a shared cache keeps is the same for everyone, ADR 021). A
 * sampled view imports the reporter (with the `web-vitals` library) once the page has hydrated, so
 * it adds nothing to the JavaScript of the first render. This part is in every page's initial
 * JavaScript and stays a few lines.
 */
const reporter = lazyModule(() => import("./web-vitals-reporter"));

export interface WebVitalsSampling {
  route: string;
  /** 0 to 1. */
  sampleRate: number;
}

/** Whether a page view reports: a draw below the rate (never at 0, always at 1). */
export function sampled(sampleRate: number, draw = Math.random()): boolean {
  return draw < sampleRate;
}

/**
 * Effects run only in the browser, after hydration has committed. No hydration flag here: this hook
 * runs in the root layout, and a flag that flips after hydration would re-render the whole document
 * in one task as the page becomes interactive.
 */
export function useWebVitals(sampling: WebVitalsSampling | undefined): void {
  const route = sampling?.route;
  const sampleRate = sampling?.sampleRate ?? 0;
  useEffect(() => {
    if (route && sampled(sampleRate))
      reporter.load().then(
        (module) => module.reportWebVitals(route),
        () => {},
      );
  }, [route, sampleRate]);
}
