/** The audit's Markdown block, as printed and as kept in docs/performance.md between its markers. */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { chromiumVersion } from "./chrome.ts";
import { type PageResult, staticLandingPath } from "./pages.ts";
import { medianOfKnown, type RunnerVerdict } from "./runs.ts";
import { root, runsPerPage } from "./settings.ts";

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function lighthouseVersion(): string {
  const file = path.join(root, "node_modules/lighthouse/package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

/**
 * The block of one protocol's pass: `setup` says how the pages were served, `command` how to run
 * just this pass, `load` the load average at its start and end, `verdict` the runner check.
 */
export function report(
  results: PageResult[],
  setup: string,
  command: string,
  failures: string[],
  load: string,
  verdict: RunnerVerdict,
): string {
  const landing = results.find((result) => result.page.path === "/");
  const statik = results.find((result) => result.page.path === staticLandingPath);
  const index = medianOfKnown(results.map(({ median: run }) => run.benchmarkIndex));
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? "unknown CPU"}${index === undefined ? "" : `, Lighthouse benchmark index ${Math.round(index)} (median)`}`;
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`${command}\`: Lighthouse ${lighthouseVersion()}, ${chromiumVersion()} headless, mobile form factor, simulated throttling (slow 4G, 4× CPU), production build, fresh demo data. ${setup} Machine: ${machine}; its load average at the start and the end: ${load}. ${runsPerPage} runs per page, each in a fresh browser, started once the machine's load had settled; every figure is the **median** of the page's runs, and the last column lists every run's performance score.`,
    "",
    "| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | SI | TBT | CLS | Runs |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...results.map(({ page, runs, median }) => {
      const { scores, metrics: m } = median;
      const name = page.path === staticLandingPath ? "`/` static copy (no JS)" : `\`${page.name}\``;
      return `| ${name} | ${scores.performance} | ${scores.accessibility} | ${scores["best-practices"]} | ${scores.seo} | ${seconds(m.fcp)} | ${seconds(m.lcp)} | ${seconds(m.si)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${runs.map((run) => run.scores.performance).join(", ")} |`;
    }),
  ];
  // Only where both were served the same way: the copy always comes from the HTTP/2 front.
  if (landing && statik && landing.served === statik.served) {
    const ratio = landing.median.metrics.lcp / statik.median.metrics.lcp;
    lines.push(
      "",
      `Landing LCP / static copy LCP (medians): ${seconds(landing.median.metrics.lcp)} / ${seconds(statik.median.metrics.lcp)} = **${ratio.toFixed(2)}** (1.00: the landing's JavaScript would cost its largest paint nothing).`,
    );
  }
  for (const { page, median } of results) {
    const threshold = page.thresholds.performance;
    const slow = page.maxTbtMs !== undefined && median.metrics.tbt > page.maxTbtMs;
    if ((threshold === undefined || median.scores.performance >= threshold) && !slow) continue;
    lines.push(
      "",
      `What costs \`${page.name}\` points (failing performance audits of its median run):`,
      "",
      ...(median.findings.length ? median.findings.map((finding) => `- ${finding}`) : ["- (none)"]),
    );
  }
  lines.push(
    "",
    `Runner check: ${verdict.reason}.`,
    "",
    failures.length
      ? `Targets: **missed** — ${failures.join("; ")}.`
      : verdict.judgesPerformance
        ? "Targets: all met."
        : "Targets gated on this runner (accessibility, best practices, SEO): all met.",
  );
  return lines.join("\n");
}

/** Replaces the block between `<!-- marker:start -->` and `<!-- marker:end -->` (appends it when missing). */
export function writeDoc(block: string, marker: string): void {
  const file = path.join(root, "docs/performance.md");
  const doc = readFileSync(file, "utf8");
  const start = `<!-- ${marker}:start -->`;
  const end = `<!-- ${marker}:end -->`;
  const content = `${start}\n${block}\n${end}`;
  writeFileSync(
    file,
    doc.includes(start)
      ? doc.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => content)
      : `${doc.trimEnd()}\n\n${content}\n`,
  );
}
