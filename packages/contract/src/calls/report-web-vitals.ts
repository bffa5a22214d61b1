import { NoContent } from "../common.ts";
import { defineCall } from "../define-call.ts";
import { WebVitalsReport } from "../entities/web-vitals.ts";
import { webVitalsPath } from "../entities/web-vitals-texts.ts";

/** Operations: real-user Web Vitals, sent by the web pages with `navigator.sendBeacon`. */
export const reportWebVitals = defineCall({
  id: "reportWebVitals",
  method: "POST",
  path: webVitalsPath,
  summary: "Report the Web Vitals of a page view (sampled); no personal data",
  tag: "operations",
  auth: "none",
  statuses: [429],
  body: WebVitalsReport,
  response: NoContent,
  responseType: "empty",
});
