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
  return { scores, metrics: values, findings: middle.findings };
}

/**
 * The gate: every threshold a page's medians miss, as "page: category score < threshold" or
 * "page: TBT 180 ms > 150 ms", prefixed with how the pages were served.
 */
export function gateFailures(results: PageResult[], served: string): string[] {
  return results.flatMap(({ page, median }) => [
    ...Object.entries(page.thresholds)
      .filter(([category, threshold]) => median.scores[category as Category] < threshold)
      .map(
        ([category, threshold]) =>
          `${page.name} (${served}): ${categoryNames[category as Category]} ${median.scores[category as Category]} < ${threshold}`,
      ),
    ...(page.maxTbtMs !== undefined && median.metrics.tbt > page.maxTbtMs
      ? [`${page.name} (${served}): TBT ${Math.round(median.metrics.tbt)} ms > ${page.maxTbtMs} ms`]
      : []),
  ]);
}
