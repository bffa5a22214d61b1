import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  appendHistory,
  baselineNote,
  formatJson,
  type PassMeta,
  type PassRecord,
  pageFigures,
  passRecord,
  readBaseline,
  signed,
  signedSeconds,
  slowerThan,
  withPass,
  writeBaseline,
} from "./baseline.ts";
import { controlPage, helloWorldPage, type Page, type PageResult, pages, type Run } from "./pages.ts";
import { report, writeDoc } from "./report.ts";
import { maxControlTbtMs, median, medianRun, missText, runnerVerdict, targetMisses } from "./runs.ts";
import { type Protocol, passes } from "./settings.ts";

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

describe("targetMisses", () => {
  const result = (page: Page, runs: Run[]) => ({
    page,
    figures: pageFigures({
      page,
      url: "https://localhost/",
      served: "http2",
      runs,
      median: medianRun(page, runs),
    }),
  });
  const texts = (measured: ReturnType<typeof result>[], served: string) =>
    targetMisses(measured, served).map(missText);

  it("finds nothing when every page's medians meet its thresholds", () => {
    expect(
      texts(
        [result(app, [run(95, 2000), run(96, 2000), run(80, 2000)]), result(landing, [run(98, 1000)])],
        "HTTP/2",
      ),
    ).toEqual([]);
  });

  it("marks a page whose best run meets its target but whose median does not", () => {
    expect(texts([result(app, [run(100, 1000), run(90, 2000), run(85, 2500)])], "HTTP/1.1")).toEqual([
      "/order (HTTP/1.1): performance 90 < 95",
    ]);
  });

  it("names the page, the protocol, the category or TBT, and the median of every miss", () => {
    const blocked = { ...run(99, 1000, 400), scores: { ...run(99, 1000).scores, seo: 90 } };
    expect(texts([result(landing, [blocked])], "HTTP/2")).toEqual([
      "/ (HTTP/2): SEO 90 < 95",
      "/ (HTTP/2): TBT 400 ms > 150 ms",
    ]);
  });

  it("does not judge what a page has no threshold for", () => {
    const page: Page = { name: "static landing", path: "/x", thresholds: {} };
    expect(texts([result(page, [run(10, 9000, 5000)])], "HTTP/2")).toEqual([]);
  });

  it("tells the timing misses (performance, TBT), which the runner is part of, from the others", () => {
    const slowAndUnlabelled = {
      ...run(70, 3000, 900),
      scores: { ...run(70, 3000).scores, accessibility: 89 },
    };
    expect(
      targetMisses([result(app, [slowAndUnlabelled])], "HTTP/2").map(({ what, timing }) => [what, timing]),
    ).toEqual([
      ["performance 70 < 95", true],
      ["accessibility 89 < 95", false],
      ["TBT 900 ms > 150 ms", true],
    ]);
  });
});

describe("runnerVerdict", () => {
  const control = (runs: Run[]) =>
    pageFigures({
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

const meta: PassMeta = {
  date: "2026-11-29",
  measuredAt: "2026-11-29T10:00:00.000Z",
  build: "abc1234",
  lighthouse: "13.5.0",
  chromium: "Chromium 156.0.8078.108",
  machine: "2 × AMD EPYC, 8 GiB",
  benchmarkIndex: 2600,
  runsPerPage: 3,
  runnerCheck: "the landing's script-free static copy blocks 14 ms",
};
const helloWorld = helloWorldPage;
const measured = (page: Page, runs: Run[], served: Protocol = "http2"): PageResult => ({
  page,
  url: "https://localhost/",
  served,
  runs,
  median: medianRun(page, runs),
});

describe("the baseline and the history", () => {
  const today = [
    measured(helloWorld, [run(100, 1200, 0)]),
    measured(landing, [run(99, 1800, 30), run(100, 1700, 20), run(97, 1900, 60)]),
    measured(app, [run(93, 2600, 190)]),
  ];
  const record = passRecord(today, meta);
  const before = passRecord(
    [
      measured(helloWorld, [run(100, 1200, 0)]),
      measured(landing, [run(100, 1800, 13)]),
      measured(app, [run(99, 2000, 40)]),
    ],
    { ...meta, date: "2026-11-28", measuredAt: "2026-11-28T10:00:00.000Z" },
  );

  it("keeps each page's medians, rounded as reported, and every run's score", () => {
    expect(record.pages["/"]).toEqual({
      performance: 99,
      accessibility: 100,
      bestPractices: 100,
      seo: 100,
      fcpMs: 1000,
      lcpMs: 1800,
      siMs: 1000,
      tbtMs: 30,
      cls: 0,
      runs: [99, 100, 97],
    });
    expect(record).toMatchObject({ figures: "median of runs", lighthouse: "13.5.0", runsPerPage: 3 });
    expect(record).not.toHaveProperty("notMeasured");
    expect(passRecord(today, meta, ["/order"]).notMeasured).toEqual(["/order"]);
  });

  it("marks a change past the noise of one build, and none within it", () => {
    const page = record.pages["/order"]!;
    expect(slowerThan(page, before.pages["/order"]!)).toEqual([
      "performance \u22126",
      "TBT +150 ms",
      "LCP +0.6 s",
    ]);
    expect(slowerThan(record.pages["/"]!, before.pages["/"]!)).toEqual([]);
    expect(slowerThan({ ...page, performance: 97, tbtMs: 89, lcpMs: 2299 }, before.pages["/order"]!)).toEqual(
      [],
    );
    expect(slowerThan({ ...page, performance: 96, tbtMs: 90, lcpMs: 2300 }, before.pages["/order"]!)).toEqual(
      ["performance \u22123", "TBT +50 ms", "LCP +0.3 s"],
    );
  });

  it("keeps what costs points for each page that missed its performance or TBT target", () => {
    const slow = passRecord(
      [
        measured(landing, [run(99, 1800, 30, ["Reduce unused JavaScript"])]),
        measured(app, [run(93, 2600, 190, ["Render-blocking requests (1 resource)"])]),
      ],
      meta,
    );
    expect(slow.findings).toEqual({ "/order": ["Render-blocking requests (1 resource)"] });
    expect(passRecord([measured(landing, [run(99, 1800, 30, ["x"])])], meta)).not.toHaveProperty("findings");
  });

  it("says what the baseline is, and where it was measured otherwise than this run", () => {
    expect(baselineNote(meta, undefined)).toContain("No baseline for this pass yet");
    expect(baselineNote(meta, record)).toBe("Baseline (`scripts/audit/baseline.json`): this pass.");
    const same = baselineNote(meta, before);
    expect(same).toBe(
      "Baseline (`scripts/audit/baseline.json`): 2026-11-28 at abc1234, benchmark index 2600.",
    );
    const other = baselineNote(meta, {
      ...before,
      lighthouse: "13.4.0",
      runsPerPage: 1,
      machine: "4 × Xeon",
    });
    expect(other).toContain(
      "Measured with Lighthouse 13.4.0, another machine (4 × Xeon), 1 run per page: compare with care.",
    );
  });

  it("formats signed differences with a true minus sign and ± for none", () => {
    expect([signed(3), signed(-3), signed(0), signed(12, " ms")]).toEqual(["+3", "\u22123", "±0", "+12 ms"]);
    expect([signedSeconds(340), signedSeconds(-1260), signedSeconds(40)]).toEqual([
      "+0.3 s",
      "\u22121.3 s",
      "±0.0 s",
    ]);
  });

  it("rewrites one pass of the baseline and keeps the other; appends one history line per pass", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "audit-baseline-"));
    try {
      const file = path.join(dir, "baseline.json");
      expect(readBaseline(file)).toBeUndefined();
      writeBaseline(file, withPass(withPass(undefined, "http2", before), "http1", before));
      writeBaseline(file, withPass(readBaseline(file), "http2", record));
      const stored = readBaseline(file)!;
      expect(stored.passes.http2).toEqual(record);
      expect(stored.passes.http1).toEqual(before);
      expect(readFileSync(file, "utf8")).toContain('"runs": [99, 100, 97]');

      const history = path.join(dir, "history.jsonl");
      writeFileSync(history, '{"date": "2026-11-28", "pass": "http2", "pages": {}}');
      appendHistory(history, "http2", record);
      appendHistory(history, "http1", before);
      const lines = readFileSync(history, "utf8").trimEnd().split("\n");
      expect(lines).toHaveLength(3);
      const line = JSON.parse(lines[1]!) as PassRecord & { pass: string };
      expect(Object.keys(line).slice(0, 2)).toEqual(["date", "pass"]);
      expect(line).toMatchObject({ date: "2026-11-29", pass: "http2", pages: { "/": { tbtMs: 30 } } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes JSON as Biome formats it: short arrays of numbers on one line", () => {
    expect(formatJson({ a: { runs: [1, 2, 3], empty: [] } })).toBe(
      '{\n  "a": {\n    "runs": [1, 2, 3],\n    "empty": []\n  }\n}\n',
    );
  });
});

describe("report", () => {
  const before = { ...meta, date: "2026-11-28", measuredAt: "2026-11-28T10:00:00.000Z" };
  const pass = (landingScore = 99, controlTbt = 20, served: Protocol = "http2") =>
    passRecord(
      [
        measured(helloWorld, [run(100, 1200, 0)], served),
        measured(landing, [run(landingScore, 2200, 20)], served),
        measured(controlPage, [run(99, 1100, controlTbt)]),
      ],
      meta,
    );
  const baseline = passRecord(
    [measured(helloWorld, [run(100, 1200, 0)]), measured(landing, [run(100, 1800, 10)])],
    before,
  );

  it("says what was measured with what, then one row per page, the hello world and the control among them", () => {
    const text = report(pass(), passes.http2);
    expect(text).toContain(
      "**HTTP/2**, `npm run audit -- --http2`, 2026-11-29 at abc1234: Lighthouse 13.5.0, Chromium 156.0.8078.108, 2 × AMD EPYC, 8 GiB, benchmark index 2600; each figure the median of 3 runs.",
    );
    expect(text).toContain("| React Router hello world | 100 | 1.2 s | 0 ms | 0.000 | 100 · 100 · 100 | — |");
    expect(text).toContain("| `/` | 99 | 2.2 s | 20 ms | 0.000 | 100 · 100 · 100 | ✓ |");
    expect(text).toContain("| `/` static copy (no JS) | 99 | 1.1 s | 20 ms | 0.000 | 100 · 100 · 100 | — |");
    expect(text).toContain("No baseline for this pass yet");
    expect(text).not.toContain("(base");
    expect(text).toContain(`Runner check: ${meta.runnerCheck}.`);
    expect(text.split("\n").at(-1)).toBe("Targets: all met.");
  });

  it("folds the baseline's figures into the page's row where they differ, and marks a change past the noise", () => {
    const text = report(pass(96), passes.http2, baseline);
    expect(text).toContain("Baseline (`scripts/audit/baseline.json`): 2026-11-28 at abc1234");
    expect(text).toContain(
      "| `/` | 96 (base 100) ▼ | 2.2 s (base 1.8 s) ▼ | 20 ms (base 10 ms) | 0.000 | 100 · 100 · 100 | ✖ performance 96 < 98 |",
    );
    expect(text).toContain("| React Router hello world | 100 | 1.2 s | 0 ms | 0.000 |");
    expect(text).toContain("(base …): the baseline's figure where it differs");
    expect(text).toContain(
      "Targets (reported, not a gate): **1 page misses one** (✖); what costs them points: `findings` in this pass's line of",
    );
  });

  it("compares nothing with a baseline that is this very pass", () => {
    const record = pass(96);
    const text = report(record, passes.http1, record);
    expect(text).toContain("Baseline (`scripts/audit/baseline.json`): this pass.");
    expect(text).not.toContain("(base");
  });

  it("marks the timing misses as the runner's where the control says the runner's cost is in them", () => {
    expect(report(pass(96, 300), passes.http2)).toContain("| ✖ performance 96 < 98 (runner) |");
  });

  it("stays short for the full page set, whatever it has to report", () => {
    const all = [helloWorld, ...pages, controlPage];
    const slowRun = { ...run(50, 9000, 900, ["Reduce unused JavaScript"]) };
    const worst = passRecord(
      all.map((page) =>
        measured(page, [{ ...slowRun, scores: { ...slowRun.scores, accessibility: 80, seo: 80 } }]),
      ),
      meta,
      ["/order"],
    );
    const lines = report(
      worst,
      passes.http2,
      passRecord(
        all.map((page) => measured(page, [run(100, 1000, 0)])),
        before,
      ),
    ).split("\n");
    expect(lines.filter((line) => line.startsWith("| `")).length).toBeGreaterThanOrEqual(pages.length);
    expect(lines.length).toBeLessThanOrEqual(20);
  });

  it("rewrites only its own block of the page, and adds it when the page has none", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "audit-doc-"));
    try {
      const file = path.join(dir, "performance.md");
      writeFileSync(file, "# Perf\n\n<!-- audit:start -->\nold\n<!-- audit:end -->\n\n## History\n");
      writeDoc("new", "audit", file);
      writeDoc("one", "audit-http1", file);
      expect(readFileSync(file, "utf8")).toBe(
        "# Perf\n\n<!-- audit:start -->\nnew\n<!-- audit:end -->\n\n## History\n\n<!-- audit-http1:start -->\none\n<!-- audit-http1:end -->\n",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
