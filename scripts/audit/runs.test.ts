import { describe, expect, it } from "vitest";
import type { Page, PageResult, Run } from "./pages.ts";
import { bestRun, gateFailures, settled, thresholdsMet } from "./runs.ts";

const app: Page = {
  name: "/order",
  scenario: "dropoff-in-store",
  thresholds: { performance: 90, accessibility: 95, "best-practices": 95 },
};
const landing: Page = { name: "/", path: "/", thresholds: { performance: 90, seo: 95 }, compared: true };
const limits = { maxRuns: 5, comparedRuns: 3 };

function run(performance: number, lcp: number, others: Partial<Run["scores"]> = {}): Run {
  return {
    scores: { performance, accessibility: 100, "best-practices": 100, seo: 100, ...others },
    metrics: { fcp: 1000, lcp, si: 1000, tbt: 50, cls: 0 },
    findings: [],
  };
}

describe("thresholdsMet", () => {
  it("counts the gated categories the run meets, a score equal to its threshold included", () => {
    expect(thresholdsMet(app, run(90, 2000))).toBe(3);
    expect(thresholdsMet(app, run(89, 2000, { accessibility: 94 }))).toBe(1);
    expect(thresholdsMet({ ...app, thresholds: {} }, run(10, 9000))).toBe(0);
  });
});

describe("bestRun", () => {
  it("takes the run meeting the most thresholds, even over a higher performance score", () => {
    const passing = run(91, 2500);
    const faster = run(97, 1500, { accessibility: 90 });
    expect(bestRun(app, [faster, passing])).toBe(passing);
  });

  it("then the highest performance score, then the fastest LCP", () => {
    const slow = run(80, 3000);
    const better = run(85, 3200);
    expect(bestRun(app, [slow, better])).toBe(better);
    const quick = run(85, 2100);
    expect(bestRun(app, [better, quick])).toBe(quick);
  });

  it("does not reorder the runs it is given", () => {
    const runs = [run(70, 3000), run(95, 1500)];
    bestRun(app, runs);
    expect(runs.map((r) => r.scores.performance)).toEqual([70, 95]);
  });

  it("refuses a page without runs", () => {
    expect(() => bestRun(app, [])).toThrow("No Lighthouse run for /order");
  });
});

describe("settled", () => {
  it("stops at the first run meeting every threshold", () => {
    expect(settled(app, [], limits)).toBe(false);
    expect(settled(app, [run(85, 3000)], limits)).toBe(false);
    expect(settled(app, [run(85, 3000), run(92, 2000)], limits)).toBe(true);
  });

  it("stops at the run limit when no run passes", () => {
    expect(
      settled(
        app,
        Array.from({ length: 4 }, () => run(60, 5000)),
        limits,
      ),
    ).toBe(false);
    expect(
      settled(
        app,
        Array.from({ length: 5 }, () => run(60, 5000)),
        limits,
      ),
    ).toBe(true);
  });

  it("runs the compared pages at least the compared number of times", () => {
    expect(settled(landing, [run(99, 1000), run(99, 1000)], limits)).toBe(false);
    expect(settled(landing, [run(99, 1000), run(99, 1000), run(99, 1000)], limits)).toBe(true);
    const staticCopy: Page = { name: "static landing", path: "/x", thresholds: {}, compared: true };
    expect(settled(staticCopy, [run(10, 9000), run(10, 9000)], limits)).toBe(false);
    expect(settled(staticCopy, [run(10, 9000), run(10, 9000), run(10, 9000)], limits)).toBe(true);
  });
});

describe("gateFailures", () => {
  const result = (page: Page, best: Run): PageResult => ({
    page,
    url: "https://localhost/",
    runs: [best],
    best,
  });

  it("passes when every page's standing run meets its thresholds", () => {
    expect(gateFailures([result(app, run(90, 2000)), result(landing, run(99, 1000))])).toEqual([]);
  });

  it("names the page, the category and the score of every miss", () => {
    expect(
      gateFailures([
        result(app, run(88, 2000, { "best-practices": 92 })),
        result(landing, run(95, 1000, { seo: 90 })),
      ]),
    ).toEqual(["/order: performance 88 < 90", "/order: best practices 92 < 95", "/: SEO 90 < 95"]);
  });

  it("does not gate categories a page has no threshold for", () => {
    expect(gateFailures([result(app, run(95, 2000, { seo: 40 }))])).toEqual([]);
  });
});
