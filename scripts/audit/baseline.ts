/**
 * What a pass measured, as kept in the baseline (`scripts/audit/baseline.json`, rewritten by
 * `npm run audit -- --update-baseline`) and in the history (`docs/performance-history.jsonl`, one
 * line per pass of every full run), and how a pass compares with the baseline and with the React
 * Router hello world measured in the same pass. Nothing here fails the audit: the comparison marks
 * what moved and what misses its target, and the reader judges (speed is a benchmark, ADR 009).
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import type { PageResult } from "./pages.ts";
import type { Miss } from "./runs.ts";
import type { Protocol } from "./settings.ts";

/** A page's medians in one pass (rounded as reported), and every run's performance score. */
export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  siMs: number;
  tbtMs: number;
  cls: number;
  runs: number[];
}

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
  runsPerPage: number;
  figures: "median of runs";
  /** The runner check's verdict (runs.ts). */
  runnerCheck: string;
  /** By page name (the route registry's, "React Router hello world", "static landing"). */
  pages: Record<string, PageFigures>;
  /** Pages that could not be measured in this pass. */
  notMeasured?: string[];
}

export type PassMeta = Omit<PassRecord, "figures" | "pages" | "notMeasured">;

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
  return {
    ...meta,
    figures: "median of runs",
    pages: Object.fromEntries(results.map((result) => [result.page.name, pageFigures(result)])),
    ...(notMeasured.length ? { notMeasured: [...notMeasured] } : {}),
  };
}

/**
 * How far a median moves between runs of one build on one quiet machine (ADR 009: `/services`
 * 98–99, TBT 33–147 ms, LCP 1.8–2.1 s in one day's judged runs): a change past these is marked.
 */
export const noticeable = { performance: 3, tbtMs: 50, lcpMs: 300 } as const;

/** One row of the comparison: a page's figures beside the hello world's and the baseline's. */
export interface Comparison {
  name: string;
  figures: PageFigures;
  /** The hello world's figures in the same pass; none on its own row or when it was not measured. */
  helloWorld?: PageFigures;
  /** The page's figures in the baseline's pass; none for a page the baseline does not have. */
  baseline?: PageFigures;
  /** The changes from the baseline past `noticeable`, e.g. "performance −4", "TBT +120 ms". */
  slower: string[];
  /** The targets it missed; undefined for a page without targets (the hello world, the control). */
  misses?: Miss[];
}

const minus = "\u2212";
/** "+3", "−3", "±0". */
export const signed = (value: number, unit = "") =>
  `${value > 0 ? "+" : value < 0 ? minus : "±"}${Math.abs(value)}${unit}`;
/** A difference in ms as seconds with one decimal: "+0.3 s", "−1.2 s", "±0.0 s". */
export const signedSeconds = (ms: number) => {
  const tenths = Math.round(ms / 100);
  return `${tenths > 0 ? "+" : tenths < 0 ? minus : "±"}${(Math.abs(tenths) / 10).toFixed(1)} s`;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

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

/**
 * Each page of `record` beside the hello world's figures of the same pass and its own in
 * `baseline`, with what got slower and what missed its target (`targeted`: the pages with targets).
 */
export function compare(
  record: PassRecord,
  helloWorldName: string,
  baseline: PassRecord | undefined,
  misses: readonly Miss[],
  targeted: ReadonlySet<string>,
): Comparison[] {
  const helloWorld = record.pages[helloWorldName];
  return Object.entries(record.pages).map(([name, figures]) => {
    const before = baseline?.pages[name];
    return {
      name,
      figures,
      ...(helloWorld && name !== helloWorldName ? { helloWorld } : {}),
      ...(before ? { baseline: before } : {}),
      slower: before ? slowerThan(figures, before) : [],
      ...(targeted.has(name) ? { misses: misses.filter((miss) => miss.page === name) } : {}),
    };
  });
}

/**
 * The comparison as a Markdown table: performance, TBT and LCP; their difference from the hello
 * world; the baseline's and the change from it (▼ past `noticeable`); the targets missed (✖, with
 * "runner" on a performance or TBT miss when the runner check says the runner's cost is in them).
 */
export function comparisonTable(
  rows: readonly Comparison[],
  label: (name: string) => string,
  judgesPerformance: boolean,
): string[] {
  const triple = (performance: number, tbt: string, lcp: string) => `${performance} · ${tbt} · ${lcp}`;
  return [
    "| Page | Performance | TBT | LCP | Against the hello world | Baseline | Change from the baseline | Targets |",
    "|---|---:|---:|---:|---|---|---|---|",
    ...rows.map(({ name, figures: now, helloWorld, baseline, slower, misses }) => {
      const versusHello = helloWorld
        ? `${signed(now.performance - helloWorld.performance)} · ${signed(now.tbtMs - helloWorld.tbtMs, " ms")} · ${signedSeconds(now.lcpMs - helloWorld.lcpMs)}`
        : "—";
      const flag = (part: string, key: string) =>
        slower.some((item) => item.startsWith(key)) ? `${part} ▼` : part;
      const change = baseline
        ? [
            flag(signed(now.performance - baseline.performance), "performance"),
            flag(signed(now.tbtMs - baseline.tbtMs, " ms"), "TBT"),
            flag(signedSeconds(now.lcpMs - baseline.lcpMs), "LCP"),
          ].join(" · ")
        : "(not in the baseline)";
      const targets =
        misses === undefined
          ? "—"
          : misses.length === 0
            ? "✓"
            : `✖ ${misses.map((miss) => `${miss.what}${miss.timing && !judgesPerformance ? " (runner)" : ""}`).join("; ")}`;
      return `| ${label(name)} | ${now.performance} | ${now.tbtMs} ms | ${seconds(now.lcpMs)} | ${versusHello} | ${baseline ? triple(baseline.performance, `${baseline.tbtMs} ms`, seconds(baseline.lcpMs)) : "—"} | ${change} | ${targets} |`;
    }),
  ];
}

/** What the comparison is against: the baseline's date, build, versions and machine, and how they differ from this run's. */
export function baselineNote(meta: PassMeta, baseline: PassRecord | undefined): string {
  if (!baseline) {
    return "No baseline for this pass yet: `npm run audit -- --update-baseline` records one.";
  }
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
    `Baseline (\`scripts/audit/baseline.json\`): measured ${baseline.date}${baseline.build ? ` at ${baseline.build}` : ""}, ${baseline.runsPerPage} run${baseline.runsPerPage === 1 ? "" : "s"} per page, Lighthouse ${baseline.lighthouse}, ${baseline.chromium}, ${baseline.machine}${index}.`,
    differences.length
      ? ` Unlike this run, it was measured with ${differences.join(", ")}: compare with care.`
      : "",
    ` ▼ marks a change past what runs of one build vary by (performance ${minus}${noticeable.performance}, TBT +${noticeable.tbtMs} ms, LCP +${seconds(noticeable.lcpMs)}).`,
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
