import { describe, expect, it } from "vitest";
import type { Page, PageResult, Run } from "./pages.ts";
import { report } from "./report.ts";
import { gateFailures, maxControlTbtMs, median, medianRun, runnerVerdict } from "./runs.ts";
import type { Protocol } from "./settings.ts";

const app: Page = {
  name: "/order",
  scenario: "dropoff-in-store",
  thresholds: { performance: 95, accessibility: 95, "best-practices": 95 },
  maxTbtMs: 150,
};
const landing: Page = { name: "/", path: "/", thresholds: { performance: 98, seo: 95 }, maxTbtMs: 150 };

function run(performance: number, lcp: number, tbt = 50, findings: string[] = []): Run {
  return {
    scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
    metrics: { fcp: 1000, lcp, si: 1000, tbt, cls: 0 },
    findings,
  };
}

describe("median", () => {
  it("takes the middle value, whatever the order, and the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([100, 40, 99])).toBe(99);
    expect(median([1, 4, 2, 3])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow();
  });
});

describe("medianRun", () => {
  it("stands for the page by the median of every score and metric, not by its best run", () => {
    const runs = [run(100, 1200, 0), run(70, 4000, 900), run(90, 2500, 200)];
    const { scores, metrics } = medianRun(app, runs);
    expect(scores.performance).toBe(90);
    expect(metrics.lcp).toBe(2500);
    expect(metrics.tbt).toBe(200);
  });

  it("takes each column on its own: the median LCP need not come from the median-score run", () => {
    const runs = [run(95, 3000), run(90, 1500), run(99, 2000)];
    const { scores, metrics } = medianRun(app, runs);
    expect(scores.performance).toBe(95);
    expect(metrics.lcp).toBe(2000);
  });

  it("lists the failing audits of the middle run by performance score", () => {
    const runs = [run(99, 1000, 0, ["fast"]), run(60, 5000, 0, ["slow"]), run(80, 3000, 0, ["middle"])];
    expect(medianRun(app, runs).findings).toEqual(["middle"]);
  });

  it("records the host's median benchmark index, and none when no run reported one", () => {
    const runs = [
      { ...run(90, 2000), benchmarkIndex: 2600 },
      { ...run(90, 2000), benchmarkIndex: 1300 },
      { ...run(90, 2000), benchmarkIndex: 2000 },
    ];
    expect(medianRun(app, runs).benchmarkIndex).toBe(2000);
    expect(medianRun(app, [run(90, 2000)])).not.toHaveProperty("benchmarkIndex");
  });

  it("does not reorder the runs it is given, and refuses a page without runs", () => {
    const runs = [run(70, 3000), run(95, 1500)];
    medianRun(app, runs);
    expect(runs.map((r) => r.scores.performance)).toEqual([70, 95]);
    expect(() => medianRun(app, [])).toThrow("No Lighthouse run for /order");
  });
});

describe("gateFailures", () => {
  const result = (page: Page, runs: Run[]): PageResult => ({
    page,
    url: "https://localhost/",
    served: "http2",
    runs,
    median: medianRun(page, runs),
  });

  it("passes when every page's medians meet its thresholds", () => {
    expect(
      gateFailures(
        [result(app, [run(95, 2000), run(96, 2000), run(80, 2000)]), result(landing, [run(98, 1000)])],
        "HTTP/2",
      ),
    ).toEqual([]);
  });

  it("fails a page whose best run passes but whose median does not", () => {
    expect(gateFailures([result(app, [run(100, 1000), run(90, 2000), run(85, 2500)])], "HTTP/1.1")).toEqual([
      "/order (HTTP/1.1): performance 90 < 95",
    ]);
  });

  it("names the page, the protocol, the category or TBT, and the median of every miss", () => {
    const blocked = { ...run(99, 1000, 400), scores: { ...run(99, 1000).scores, seo: 90 } };
    expect(gateFailures([result(landing, [blocked])], "HTTP/2")).toEqual([
      "/ (HTTP/2): SEO 90 < 95",
      "/ (HTTP/2): TBT 400 ms > 150 ms",
    ]);
  });

  it("does not gate what a page has no threshold for", () => {
    const page: Page = { name: "static landing", path: "/x", thresholds: {} };
    expect(gateFailures([result(page, [run(10, 9000, 5000)])], "HTTP/2")).toEqual([]);
  });

  it("leaves out performance and TBT, and only them, on a runner that cannot judge them", () => {
    const slowAndUnlabelled = {
      ...run(70, 3000, 900),
      scores: { ...run(70, 3000).scores, accessibility: 89 },
    };
    const results = [result(app, [slowAndUnlabelled])];
    expect(gateFailures(results, "HTTP/2", false)).toEqual(["/order (HTTP/2): accessibility 89 < 95"]);
    expect(gateFailures(results, "HTTP/2", true)).toEqual([
      "/order (HTTP/2): performance 70 < 95",
      "/order (HTTP/2): accessibility 89 < 95",
      "/order (HTTP/2): TBT 900 ms > 150 ms",
    ]);
  });
});

describe("runnerVerdict", () => {
  const controlPage: Page = { name: "static landing", path: "/__audit/static-landing", thresholds: {} };
  const control = (runs: Run[]): PageResult => ({
    page: controlPage,
    url: "https://localhost/__audit/static-landing",
    served: "http2",
    runs,
    median: medianRun(controlPage, runs),
  });

  it("judges performance where a page without scripts leaves the budget to the page", () => {
    const verdict = runnerVerdict(control([run(100, 1100, 0), run(100, 1100, 12), run(99, 1100, 80)]));
    expect(verdict.judgesPerformance).toBe(true);
    expect(verdict.reason).toContain("blocks 12 ms");
  });

  it("does not judge it by the control's best run: the median decides", () => {
    const verdict = runnerVerdict(control([run(100, 1100, 0), run(93, 1100, 300), run(91, 1100, 390)]));
    expect(verdict.judgesPerformance).toBe(false);
    expect(verdict.reason).toContain("already blocks 300 ms");
  });

  it("judges up to the limit and not past it", () => {
    expect(runnerVerdict(control([run(100, 1100, maxControlTbtMs)])).judgesPerformance).toBe(true);
    expect(runnerVerdict(control([run(99, 1100, maxControlTbtMs + 1)])).judgesPerformance).toBe(false);
  });

  it("does not judge performance without a control", () => {
    expect(runnerVerdict(undefined).judgesPerformance).toBe(false);
  });
});

describe("report", () => {
  const controlPage: Page = { name: "static landing", path: "/__audit/static-landing", thresholds: {} };
  const result = (page: Page, served: Protocol, lcp: number): PageResult => {
    const runs = [run(99, lcp, 20)];
    return { page, url: "https://localhost/", served, runs, median: medianRun(page, runs) };
  };
  const verdict = runnerVerdict(result(controlPage, "http2", 1100));
  const block = (served: Protocol) =>
    report(
      [result(landing, served, 2200), result(controlPage, "http2", 1100)],
      "",
      "",
      [],
      "1.0 and 1.0",
      verdict,
    );

  it("compares the landing's largest paint with the static copy's where both were served alike", () => {
    expect(block("http2")).toContain("2.2 s / 1.1 s = **2.00**");
  });

  it("does not compare them across protocols: the copy always comes from the HTTP/2 front", () => {
    const http1 = block("http1");
    expect(http1).not.toContain("static copy LCP");
    expect(http1).toContain("| `/` static copy (no JS) |");
    expect(http1).toContain(`Runner check: ${verdict.reason}.`);
  });
});
