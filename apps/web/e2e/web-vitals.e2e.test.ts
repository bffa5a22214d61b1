import type { Page, Request } from "playwright-core";
import { setHidden, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";

/**
 * Real-user Web Vitals (docs/operations.md): a sampled page view (every one outside production)
 * loads the reporter after hydration and, when its tab is hidden, sends one beacon with its route
 * pattern and metrics, which the API takes (204). Nothing of the address goes with it.
 */

interface Beacon {
  route: string;
  metrics: { name: string; value: number; rating: string; navigationType: string }[];
}

async function beaconAfterHiding(page: Page): Promise<{ request: Request; body: Beacon }> {
  // The reporter arrives after hydration.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .some((entry) => entry.name.includes("web-vitals-reporter")),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  // Fetched is not yet listening: an idle moment after it, the module has run and subscribed (a key
  // press before that, on a busy runner, would end LCP before the library saw it).
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  // LCP is final at the first input (a key press here) or when the tab is hidden; the library takes
  // only trusted events for that, and a test can hide the tab with a synthetic one only.
  await page.keyboard.press("Shift");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  const sent = page.waitForRequest((request) => request.url().endsWith("/api/v1/web-vitals"));
  await setHidden(page, true);
  const request = await sent;
  return { request, body: request.postDataJSON() as Beacon };
}

describe("real-user Web Vitals", () => {
  test("a marketing page reports TTFB, LCP and CLS under its route pattern (mobile, id)", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport: "mobile", language: "id" });
    await visit(page, "/services?utm_source=test");
    const { request, body } = await beaconAfterHiding(page);
    expect(body.route).toBe("/services");
    const names = body.metrics.map((metric) => metric.name);
    expect(names).toEqual(expect.arrayContaining(["TTFB", "LCP", "CLS"]));
    for (const metric of body.metrics) {
      expect(metric.value).toBeGreaterThanOrEqual(0);
      expect(["good", "needs-improvement", "poor"]).toContain(metric.rating);
    }
    expect((await request.response())?.status()).toBe(204);
    expect(request.postData()).not.toContain("utm_source");
    expect(errors).toEqual([]);
  });

  test("a web-view screen reports under its pattern, never its token (desktop, en)", async ({
    openScenario,
  }) => {
    const { page, errors, demo } = await openScenario(
      "rent-in-store",
      { viewport: "desktop", language: "en" },
      { language: "en" },
    );
    await visit(page, demo.url);
    const { request, body } = await beaconAfterHiding(page);
    expect(body.route).toBe("/order-status");
    expect(body.metrics.map((metric) => metric.name)).toEqual(expect.arrayContaining(["TTFB", "LCP", "CLS"]));
    expect(demo.token).not.toBe("");
    expect(request.postData()).not.toContain(demo.token);
    expect(request.postData()).not.toContain(demo.orderId === "" ? "orderid" : `orderid=${demo.orderId}`);
    expect((await request.response())?.status()).toBe(204);
    expect(errors).toEqual([]);
  });
});
