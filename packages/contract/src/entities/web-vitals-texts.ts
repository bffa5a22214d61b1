/**
 * Plain values of the Web Vitals report, apart from its schemas: the page's reporter needs only
 * these, and a bundler keeps a whole module (as `drop-off-texts.ts`).
 */

/** Where the pages send their Web Vitals (`calls.reportWebVitals`). */
export const webVitalsPath = "/api/v1/web-vitals";

/** The Web Vitals a page reports (LCP, INP and TTFB in milliseconds; CLS without a unit). */
export const webVitalNames = ["LCP", "INP", "CLS", "TTFB"] as const;
