/**
 * Which figures stand for a page, and the gate on them. Every page runs the same number of times
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
  type PageResult,
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
 * whatever the host, so a runner on which a page without scripts already blocks for more than
 * `maxControlTbtMs` leaves no room to judge a page's own 150 ms: there, performance and TBT are
 * reported and not gated (ADR 009). Every other category is the same on any host and always gated.
 */
export const maxControlTbtMs = 50;

export interface RunnerVerdict {
  /** Whether the performance score and TBT are gated on this runner. */
  judgesPerformance: boolean;
  /** One sentence for the log and the report. */
  reason: string;
}

export function runnerVerdict(control: PageResult | undefined): RunnerVerdict {
  if (!control) {
    return {
      judgesPerformance: false,
      reason:
        "the control (the landing's static copy) was not audited, so performance and TBT are reported, not gated",
    };
  }
  const tbt = Math.round(control.median.metrics.tbt);
  const performance = control.median.scores.performance;
  return tbt <= maxControlTbtMs
    ? {
        judgesPerformance: true,
        reason: `the landing's script-free static copy blocks ${tbt} ms (≤ ${maxControlTbtMs} ms, performance ${performance}): performance and TBT are gated`,
      }
    : {
        judgesPerformance: false,
        reason: `the landing's script-free static copy already blocks ${tbt} ms here (> ${maxControlTbtMs} ms, performance ${performance}): this runner cannot judge a 150 ms budget, so performance and TBT are reported, not gated; accessibility, best practices and SEO are`,
      };
}

/**
 * The gate: every threshold a page's medians miss, as "page: category score < threshold" or
 * "page: TBT 180 ms > 150 ms", prefixed with how the pages were served. Without
 * `judgesPerformance` (see runnerVerdict) the performance score and TBT are left out.
 */
export function gateFailures(results: PageResult[], served: string, judgesPerformance = true): string[] {
  return results.flatMap(({ page, median }) => [
    ...Object.entries(page.thresholds)
      .filter(([category]) => judgesPerformance || category !== "performance")
      .filter(([category, threshold]) => median.scores[category as Category] < threshold)
      .map(
        ([category, threshold]) =>
          `${page.name} (${served}): ${categoryNames[category as Category]} ${median.scores[category as Category]} < ${threshold}`,
      ),
    ...(judgesPerformance && page.maxTbtMs !== undefined && median.metrics.tbt > page.maxTbtMs
      ? [`${page.name} (${served}): TBT ${Math.round(median.metrics.tbt)} ms > ${page.maxTbtMs} ms`]
      : []),
  ]);
}
