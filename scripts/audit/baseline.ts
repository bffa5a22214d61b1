/**
 * What a pass measured, as kept in the baseline (`scripts/audit/baseline.json`, rewritten by
 * `npm run audit -- --update-baseline`) and in the history (`docs/performance-history.jsonl`, one
 * line per pass of every full run), and which changes from the baseline are past what runs of one
 * build vary by. Nothing here fails the audit: the report (report.ts) marks what moved and what
 * misses its target, and the reader judges (speed is a benchmark, ADR 009).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import type { PageFigures, PageResult } from "./pages.ts";
import { targetMisses } from "./runs.ts";
import type { Protocol } from "./settings.ts";

export type { PageFigures } from "./pages.ts";

/** One pass of one run: where, with what and on what it was measured, and each page's medians. */
export interface PassRecord {
  /** The day, `YYYY-MM-DD`. */
  date: string;
  measuredAt: string;
  /** The commit checked out (`+changes` when the working tree differed from it). */
  build?: string;
  lighthouse: string;
  chromium: string;
  /** Cores, CPU model and memory. */
  machine: string;
  /** Lighthouse's benchmark index of the host, the median over the pass's pages. */
  benchmarkIndex?: number;
  /** The host's load average (1 min) when the pass started and when it ended. */
  loadAverage?: { start: number; end: number };
  runsPerPage: number;
  figures: "median of runs";
  /** The runner check's verdict (runs.ts). */
  runnerCheck: string;
  /** By page name (the route registry's, "React Router hello world", "static landing"). */
  pages: Record<string, PageFigures>;
  /** Pages that could not be measured in this pass. */
  notMeasured?: string[];
  /**
   * What costs points, by page: the failing performance audits of the median run (by score) of
   * each page that missed its performance or TBT target, with their estimated savings.
   */
  findings?: Record<string, string[]>;
}

export type PassMeta = Omit<PassRecord, "figures" | "pages" | "notMeasured" | "findings">;

/** The stored baseline: the latest recorded figures of each pass. */
export interface Baseline {
  passes: Partial<Record<Protocol, PassRecord>>;
}

export function pageFigures(result: PageResult): PageFigures {
  const { scores, metrics } = result.median;
  return {
    performance: scores.performance,
    accessibility: scores.accessibility,
    bestPractices: scores["best-practices"],
    seo: scores.seo,
    fcpMs: Math.round(metrics.fcp),
    lcpMs: Math.round(metrics.lcp),
    siMs: Math.round(metrics.si),
    tbtMs: Math.round(metrics.tbt),
    cls: Math.round(metrics.cls * 1000) / 1000,
    runs: result.runs.map((run) => run.scores.performance),
  };
}

export function passRecord(
  results: readonly PageResult[],
  meta: PassMeta,
  notMeasured: readonly string[] = [],
): PassRecord {
  const measured = results.map((result) => ({ result, page: result.page, figures: pageFigures(result) }));
  const findings = measured
    .filter((entry) => targetMisses([entry], "").some((miss) => miss.timing))
    .map(({ page, result }) => [page.name, result.median.findings] as const);
  return {
    ...meta,
    figures: "median of runs",
    pages: Object.fromEntries(measured.map(({ page, figures }) => [page.name, figures])),
    ...(notMeasured.length ? { notMeasured: [...notMeasured] } : {}),
    ...(findings.length ? { findings: Object.fromEntries(findings) } : {}),
  };
}

/**
 * How far a median moves between runs of one build on one quiet machine (ADR 009: `/services`
 * 98–99, TBT 33–147 ms, LCP 1.8–2.1 s in one day's judged runs): a change past these is marked.
 */
export const noticeable = { performance: 3, tbtMs: 50, lcpMs: 300 } as const;

const minus = "\u2212";
/** "+3", "−3", "±0". */
export const signed = (value: number, unit = "") =>
  `${value > 0 ? "+" : value < 0 ? minus : "±"}${Math.abs(value)}${unit}`;
/** A difference in ms as seconds with one decimal: "+0.3 s", "−1.2 s", "±0.0 s". */
export const signedSeconds = (ms: number) => {
  const tenths = Math.round(ms / 100);
  return `${tenths > 0 ? "+" : tenths < 0 ? minus : "±"}${(Math.abs(tenths) / 10).toFixed(1)} s`;
};

/** The changes from `before` to `now` past `noticeable`. */
export function slowerThan(now: PageFigures, before: PageFigures): string[] {
  const performance = now.performance - before.performance;
  const tbt = now.tbtMs - before.tbtMs;
  const lcp = now.lcpMs - before.lcpMs;
  return [
    ...(performance <= -noticeable.performance ? [`performance ${signed(performance)}`] : []),
    ...(tbt >= noticeable.tbtMs ? [`TBT ${signed(tbt, " ms")}`] : []),
    ...(lcp >= noticeable.lcpMs ? [`LCP ${signedSeconds(lcp)}`] : []),
  ];
}

/** What the comparison is against: the baseline's date and build, and how it was measured otherwise than this pass. */
export function baselineNote(meta: PassMeta, baseline: PassRecord | undefined): string {
  if (!baseline) {
    return "No baseline for this pass yet (`npm run audit -- --update-baseline` records one).";
  }
  const where = "Baseline (`scripts/audit/baseline.json`)";
  if (baseline.measuredAt === meta.measuredAt) return `${where}: this pass.`;
  const differences = [
    ...(baseline.lighthouse !== meta.lighthouse ? [`Lighthouse ${baseline.lighthouse}`] : []),
    ...(baseline.chromium !== meta.chromium ? [baseline.chromium] : []),
    ...(baseline.machine !== meta.machine ? [`another machine (${baseline.machine})`] : []),
    ...(baseline.runsPerPage !== meta.runsPerPage
      ? [`${baseline.runsPerPage} run${baseline.runsPerPage === 1 ? "" : "s"} per page`]
      : []),
  ];
  const index = baseline.benchmarkIndex === undefined ? "" : `, benchmark index ${baseline.benchmarkIndex}`;
  return [
    `${where}: ${baseline.date}${baseline.build ? ` at ${baseline.build}` : ""}${index}.`,
    differences.length ? ` Measured with ${differences.join(", ")}: compare with care.` : "",
  ].join("");
}

/** The baseline with `record` as the figures of `pass`, the other pass kept. */
export function withPass(baseline: Baseline | undefined, pass: Protocol, record: PassRecord): Baseline {
  return { passes: { ...baseline?.passes, [pass]: record } };
}

export function readBaseline(file: string): Baseline | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, "utf8")) as Baseline;
}

/** JSON as Biome formats it (two spaces, short number arrays on one line), so `npm run check` keeps passing. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2).replace(/\[\s+([-\d.,\s]*?)\s+\]/g, (_, items: string) => `[${items.split(/,\s*/).join(", ")}]`)}\n`;
}

export function writeBaseline(file: string, baseline: Baseline): void {
  writeFileSync(file, formatJson(baseline));
}

/** Appends the pass as one JSON line to the history. */
export function appendHistory(file: string, pass: Protocol, record: PassRecord): void {
  const before = existsSync(file) ? readFileSync(file, "utf8") : "";
  const separator = before === "" || before.endsWith("\n") ? "" : "\n";
  const { date, ...rest } = record;
  appendFileSync(file, `${separator}${JSON.stringify({ date, pass, ...rest })}\n`);
}
