import { calls, type WebVital, type WebVitalsReport } from "@paxelbox/contract";
import { type MetricType, onCLS, onINP, onLCP, onTTFB } from "web-vitals";
import { sendBeacon } from "./api-client";

/**
 * Loaded after hydration by `useWebVitals` (lib/web-vitals.ts) on sampled page views only. Collects
 * LCP, INP, CLS and TTFB and sends them in one beacon each time the page is hidden, for the route
 * pattern the page was loaded at (a page restored from the back/forward cache: the route it shows).
 * Each metric of a page view is sent once, with its value when the page is first hidden (a histogram
 * counts page views: a second value of the same metric would count one twice). Nothing else is
 * sent: no address, query, token or identifier.
 */
let started = false;

export interface ReporterOptions {
  send?: (report: WebVitalsReport) => boolean;
}

export function reportWebVitals(
  currentRoute: () => string,
  { send = (report) => sendBeacon(calls.reportWebVitals, report) }: ReporterOptions = {},
): void {
  if (started) return;
  started = true;
  let route = currentRoute();
  const queue = new Map<string, WebVital>();
  const sent = new Set<string>();
  const collect = (metric: MetricType) => {
    if (sent.has(metric.id)) return;
    queue.set(metric.id, {
      name: metric.name as WebVital["name"],
      value: metric.value,
      rating: metric.rating,
      navigationType: metric.navigationType,
    });
  };
  const flush = () => {
    if (queue.size === 0) return;
    send({ route, metrics: [...queue.values()] });
    for (const id of queue.keys()) sent.add(id);
    queue.clear();
  };
  onTTFB(collect);
  onLCP(collect);
  onINP(collect);
  onCLS(collect);
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  // Safari does not always tell of a hidden page that is being left.
  addEventListener("pagehide", flush);
  addEventListener("pageshow", (event) => {
    if (event.persisted) route = currentRoute();
  });
}
