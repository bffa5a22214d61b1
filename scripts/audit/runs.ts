/**
 * Which figures stand for a page, and the targets it misses. Every page runs the same number of times
 * (three by default) and each column of the report is the median of its runs: a run on a busy
 * machine is slower, and so is a phone in the field; the median neither keeps the luckiest run
 * nor the unluckiest (ADR 009).
 */
import {
  type Category,
  categories,
  categoryNames,
  type Metric,
  metrics,
  type Page,
  type PageFigures,
  type Run,
} from "./pages.ts";

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("No values to take the median of");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The page's median run: each score and each metric the median of the runs, and the failing
 * performance audits of the run whose performance score is the median (the middle run by score).
 */
export function medianRun(page: Page, runs: readonly Run[]): Run {
  if (runs.length === 0) throw new Error(`No Lighthouse run for ${page.name}`);
  const scores = Object.fromEntries(
    categories.map((category) => [category, Math.round(median(runs.map((run) => run.scores[category])))]),
  ) as Record<Category, number>;
  const values = Object.fromEntries(
    (Object.keys(metrics) as Metric[]).map((metric) => [
      metric,
      median(runs.map((run) => run.metrics[metric])),
    ]),
  ) as Record<Metric, number>;
  const byScore = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const middle = byScore[Math.floor((byScore.length - 1) / 2)]!;
  const benchmarkIndex = medianOfKnown(runs.map((run) => run.benchmarkIndex));
  return {
    scores,
    metrics: values,
    findings: middle.findings,
    ...(benchmarkIndex === undefined ? {} : { benchmarkIndex }),
  };
}

/** The median of the values that are known, or undefined when none is. */
export function medianOfKnown(values: readonly (number | undefined)[]): number | undefined {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length ? median(known) : undefined;
}

/**
 * The runner check: the landing's script-free static copy (HTML and CSS, no JavaScript) is the
 * control. Lighthouse's simulated throttling multiplies the main-thread time it observes by four
 * whatever the host, so on a runner where a page without scripts already blocks for more than
 * `maxControlTbtMs` the runner's own cost is in every page's performance score and TBT, and their
 * misses say as much about the runner as about the pages (ADR 009). The audit reports them either
 * way (it fails on no figure); the verdict says how to read them. The other categories are the
 * same on any host.
 */
export const maxControlTbtMs = 50;

export interface RunnerVerdict {
  /** Whether the performance score and TBT measure the pages rather than the runner. */
  judgesPerformance: boolean;
  /** One sentence for the log and the report. */
  reason: string;
}

/** The verdict from the control's medians (its figures in the pass's record), or none measured. */
export function runnerVerdict(control: PageFigures | undefined): RunnerVerdict {
  if (!control) {
    return {
      judgesPerformance: false,
      reason:
        "the control (the landing's static copy) was not measured, so nothing tells how much of the performance and TBT figures is the runner's",
    };
  }
  const tbt = control.tbtMs;
  const performance = control.performance;
  return tbt <= maxControlTbtMs
    ? {
        judgesPerformance: true,
        reason: `the landing's script-free static copy blocks ${tbt} ms (≤ ${maxControlTbtMs} ms, performance ${performance}): this runner leaves the pages their TBT budget, so performance and TBT misses are the pages' own`,
      }
    : {
        judgesPerformance: false,
        reason: `the landing's script-free static copy already blocks ${tbt} ms here (> ${maxControlTbtMs} ms, performance ${performance}): this runner's own cost is in every page's performance and TBT, so read them against the hello world's rather than the targets`,
      };
}

/** A target a page's medians missed. */
export interface Miss {
  page: string;
  /** How the page was served ("HTTP/2", "HTTP/1.1"). */
  served: string;
  /** "performance 94 < 95", "TBT 180 ms > 150 ms". */
  what: string;
  /** Performance or TBT: a figure the runner's speed is part of (see runnerVerdict). */
  timing: boolean;
}

/** "page (served): what". */
export const missText = (miss: Miss) => `${miss.page} (${miss.served}): ${miss.what}`;

/** A category's median score among a page's figures. */
export function score(figures: PageFigures, category: Category): number {
  return category === "best-practices" ? figures.bestPractices : figures[category];
}

/**
 * Every target a page's medians (as recorded: scores and TBT rounded) miss, prefixed with how the
 * pages were served. They are reported, and fail nothing: speed is a benchmark, compared with the
 * hello world and the baseline.
 */
export function targetMisses(
  measured: readonly { page: Page; figures: PageFigures }[],
  served: string,
): Miss[] {
  return measured.flatMap(({ page, figures }) => [
    ...(Object.entries(page.thresholds) as [Category, number][])
      .filter(([category, threshold]) => score(figures, category) < threshold)
      .map(([category, threshold]) => ({
        page: page.name,
        served,
        what: `${categoryNames[category]} ${score(figures, category)} < ${threshold}`,
        timing: category === "performance",
      })),
    ...(page.maxTbtMs !== undefined && figures.tbtMs > page.maxTbtMs
      ? [{ page: page.name, served, what: `TBT ${figures.tbtMs} ms > ${page.maxTbtMs} ms`, timing: true }]
      : []),
  ]);
}
