import { describe, expect, it } from "vitest";
import { sampled } from "./web-vitals";
import { webVitalsRoute } from "./web-vitals.server";

describe("Web Vitals route (root loader) and sampling (browser)", () => {
  it("reports under the route pattern with a leading slash, never an address", () => {
    expect(webVitalsRoute("order-status/action")).toBe("/order-status/action");
    expect(webVitalsRoute("/o/:code")).toBe("/o/:code");
    expect(webVitalsRoute("*")).toBe("/*");
    expect(webVitalsRoute("/")).toBe("/");
    expect(webVitalsRoute("")).toBe("/");
  });

  it("samples at the configured rate, never at 0 and always at 1", () => {
    expect(sampled(0, 0)).toBe(false);
    expect(sampled(1, 0.999)).toBe(true);
    expect(sampled(0.1, 0.05)).toBe(true);
    expect(sampled(0.1, 0.1)).toBe(false);
    const draws = Array.from({ length: 1000 }, (_, i) => sampled(0.25, i / 1000));
    expect(draws.filter(Boolean)).toHaveLength(250);
  });
});
