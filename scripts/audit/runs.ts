/**
 * Which runs a page gets and which one stands for it, and the gate on those runs. A page passes
 * when one run meets all its thresholds: other work on the machine only ever makes runs slower
 * (Lighthouse scales every observed task by the simulated 4× slowdown), so the best run is the
 * closest to the page's own cost (ADR 009).
 */
import { type Category, categoryNames, type Page, type PageResult, type Run } from "./pages.ts";

/** Gated categories of the page that the run meets. */
export function thresholdsMet(page: Page, run: Run): number {
  return Object.entries(page.thresholds).filter(
    ([category, threshold]) => run.scores[category as Category] >= threshold,
  ).length;
}

/** The run that stands for the page: the one meeting the most thresholds, then the fastest. */
export function bestRun(page: Page, runs: Run[]): Run {
  const [best] = [...runs].sort(
    (a, b) =>
      thresholdsMet(page, b) - thresholdsMet(page, a) ||
      b.scores.performance - a.scores.performance ||
      a.metrics.lcp - b.metrics.lcp,
  );
  if (!best) throw new Error(`No Lighthouse run for ${page.name}`);
  return best;
}

/**
 * Whether the page has run enough: at the first run that meets every threshold, or at `maxRuns`;
 * the compared pages run at least `comparedRuns` times.
 */
export function settled(page: Page, runs: Run[], limits: { maxRuns: number; comparedRuns: number }): boolean {
  if (runs.length >= limits.maxRuns) return true;
  if (page.compared && runs.length < limits.comparedRuns) return false;
  const gated = Object.keys(page.thresholds).length;
  return runs.some((run) => thresholdsMet(page, run) === gated);
}

/** The gate: every threshold the run standing for its page misses, as "page: category score < threshold". */
export function gateFailures(results: PageResult[]): string[] {
  return results.flatMap(({ page, best }) =>
    Object.entries(page.thresholds)
      .filter(([category, threshold]) => best.scores[category as Category] < threshold)
      .map(
        ([category, threshold]) =>
          `${page.name}: ${categoryNames[category as Category]} ${best.scores[category as Category]} < ${threshold}`,
      ),
  );
}
