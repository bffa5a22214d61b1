import * as z from "zod/mini";
import { checked, described } from "../common.ts";
import { webVitalNames } from "./web-vitals-texts.ts";

export const WebVitalName = z.enum(webVitalNames, { error: "unknown metric" });
export type WebVitalName = z.infer<typeof WebVitalName>;

/** A route pattern of the web app (`/order-status/action`, `/o/:code`): never an address with its query. */
export const WebRoutePattern = described(
  checked(
    z.string({ error: "route is required" }),
    z.maxLength(80, { error: "route is too long" }),
    z.regex(/^\/[A-Za-z0-9._~:*/-]*$/, { error: "route must be a route pattern" }),
  ),
  "route pattern of the web app, e.g. /order-status/action",
);

export const WebVital = z.object({
  name: WebVitalName,
  value: checked(
    z.number({ error: "value must be a number" }),
    z.nonnegative({ error: "value must not be negative" }),
    z.maximum(3_600_000, { error: "value is too large" }),
  ),
  rating: z.enum(["good", "needs-improvement", "poor"], { error: "unknown rating" }),
  navigationType: z.enum(
    ["navigate", "reload", "back-forward", "back-forward-cache", "prerender", "restore", "soft-navigation"],
    { error: "unknown navigation type" },
  ),
});
export type WebVital = z.infer<typeof WebVital>;

/** What a page sends when it is hidden: the Web Vitals measured since it loaded, for its route. */
export const WebVitalsReport = z.object({
  route: WebRoutePattern,
  metrics: checked(
    z.array(WebVital),
    z.minLength(1, { error: "metrics are required" }),
    z.maxLength(12, { error: "too many metrics" }),
  ),
});
export type WebVitalsReport = z.infer<typeof WebVitalsReport>;
