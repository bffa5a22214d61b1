import { describe, expect, it } from "vitest";
import { webVitalsRoute } from "./web-vitals.server";

describe("Web Vitals sampling and route, in the root loader", () => {
  it("reports under the route pattern with a leading slash, never an address", () => {
    expect(webVitalsRoute("order-status/action", 1)).toBe("/order-status/action");
    expect(webVitalsRoute("/o/:code", 1)).toBe("/o/:code");
    expect(webVitalsRoute("*", 1)).toBe("/*");
    expect(webVitalsRoute("/", 1)).toBe("/");
    expect(webVitalsRoute("", 1)).toBe("/");
  });

  it("samples at the configured rate, and never at 0", () => {
    expect(webVitalsRoute("/", 0, 0)).toBeNull();
    expect(webVitalsRoute("/", 1, 0.999)).toBe("/");
    expect(webVitalsRoute("/", 0.1, 0.05)).toBe("/");
    expect(webVitalsRoute("/", 0.1, 0.1)).toBeNull();
    const draws = Array.from({ length: 1000 }, (_, i) => webVitalsRoute("/", 0.25, i / 1000));
    expect(draws.filter(Boolean)).toHaveLength(250);
  });
});
