import { describe, expect, it } from "vitest";
import { isSampled, routePattern } from "./web-vitals";

describe("route pattern of a Web Vitals report", () => {
  it("puts parameters back as their names and leaves the query out", () => {
    expect(routePattern({ pathname: "/o/Ab12Cd", params: { code: "Ab12Cd" } })).toBe("/o/:code");
    expect(routePattern({ pathname: "/order-status/action", params: {} })).toBe("/order-status/action");
    expect(routePattern({ pathname: "/order-status/", params: {} })).toBe("/order-status");
    expect(routePattern({ pathname: "/", params: {} })).toBe("/");
    expect(routePattern({ pathname: "/o/a%20b", params: { code: "a b" } })).toBe("/o/:code");
  });

  it("turns what a splat matched into *", () => {
    expect(routePattern({ pathname: "/no/such/page", params: { "*": "no/such/page" } })).toBe("/*");
  });
});

describe("sampling", () => {
  it("reports at the configured rate, and never at 0", () => {
    expect(isSampled(0, () => 0)).toBe(false);
    expect(isSampled(1, () => 0.999)).toBe(true);
    expect(isSampled(0.1, () => 0.05)).toBe(true);
    expect(isSampled(0.1, () => 0.1)).toBe(false);
    const draws = Array.from({ length: 1000 }, (_, i) => isSampled(0.25, () => i / 1000));
    expect(draws.filter(Boolean)).toHaveLength(250);
  });
});
