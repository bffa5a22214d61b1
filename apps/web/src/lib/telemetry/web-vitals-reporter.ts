import { type WebVital, type WebVitalsReport, webVitalsPath } from "@paxelbox/contract";
import { type MetricType, onCLS, onINP, onLCP, onTTFB } from "web-vitals";
import { sendBeacon } from "./beacon";

/**
 * Loaded after hydration by `useWebVitals` (lib/web-vitals.ts) on sampled page views only. Collects
 * LCP, INP, CLS and TTFB and sends them in one beacon each time the page is hidden, under the route
 * pattern of the document (the metrics of a page load belong to the route it was loaded at, as in
 * the Chrome UX Report). Each metric of a page view is sent once, with its value when the page is
 * first hidden (a histogram counts page views: a second value of the same metric would count one
 * twice). Nothing else is sent: no address, query, token or identifier.
 */
let started = false;

export function reportWebVitals(
  route: string,
  send: (report: WebVitalsReport) => boolean = (report) => sendBeacon(webVitalsPath, report),
): void {
  if (started) return;
  started = true;
  const queue = new Map<string, WebVital>();
  const sent = new Set<string>();
  const collect = ({ id, name, value, rating, navigationType }: MetricType) => {
    if (!sent.has(id)) queue.set(id, { name: name as WebVital["name"], value, rating, navigationType });
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
}
