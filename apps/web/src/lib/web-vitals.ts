import { useEffect } from "react";
import { useHydrated } from "./hydration-gate";
import { lazyModule } from "./lazy-module";

/**
 * Real-user Web Vitals (docs/operations.md). The root loader samples the page view and names its
 * route pattern (`web-vitals.server.ts`); on a sampled one, the root imports the reporter (with the
 * `web-vitals` library) once the page has hydrated, so it adds nothing to the JavaScript of the
 * first render. This part is in every page's initial JavaScript and stays a few lines.
 */
const reporter = lazyModule(() => import("./web-vitals-reporter"));

export function useWebVitals(route: string | null | undefined): void {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && route)
      reporter.load().then(
        (module) => module.reportWebVitals(route),
        () => {},
      );
  }, [hydrated, route]);
}
