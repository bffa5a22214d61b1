import { calls, type WebVitalName } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import { mountCall } from "../http/route.ts";
import type { Metrics } from "../plugins/metrics.ts";

/** Reports per client address: a page sends one or two when it is hidden. */
export const webVitalsLimit = { name: "web-vitals", max: 60, windowSeconds: 60 };

/**
 * Distinct route labels one instance keeps; later ones are counted as `other`. The web app has about
 * twenty routes: the cap only holds if a client makes patterns up.
 */
export const webVitalsRouteCap = 50;

/** Real-user Web Vitals into histograms by route pattern and metric (docs/operations.md). */
export function webVitalsRoutes(app: FastifyInstance, metrics: Metrics): void {
  const routes = new Set<string>();
  const routeLabel = (route: string) => {
    if (routes.has(route)) return route;
    if (routes.size >= webVitalsRouteCap) return "other";
    routes.add(route);
    return route;
  };
  const observe = (route: string, name: WebVitalName, value: number) => {
    if (name === "CLS") metrics.webVitalsCls.observe({ route }, value);
    else metrics.webVitals.observe({ route, metric: name }, value / 1000);
  };
  mountCall(
    app,
    calls.reportWebVitals,
    async ({ body }) => {
      const route = routeLabel(body.route);
      for (const metric of body.metrics) observe(route, metric.name, metric.value);
      return undefined;
    },
    { rateLimit: webVitalsLimit },
  );
}
