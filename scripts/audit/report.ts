/** The audit's Markdown block, as printed and as kept in docs/performance.md between its markers. */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { chromiumVersion } from "./chrome.ts";
import { type PageResult, staticLandingPath } from "./pages.ts";
import { comparedRuns, http1Only, maxRuns, root } from "./settings.ts";

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function lighthouseVersion(): string {
  const file = path.join(root, "node_modules/lighthouse/package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

/** `setup` says how the pages were served, `load` the load average at the start and the end. */
export function report(results: PageResult[], setup: string, failures: string[], load: string): string {
  const landing = results.find((result) => result.page.path === "/");
  const statik = results.find((result) => result.page.path === staticLandingPath);
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`${http1Only ? "npm run audit -- --http1" : "npm run audit"}\`: Lighthouse ${lighthouseVersion()}, ${chromiumVersion()} headless, mobile form factor, simulated throttling (slow 4G, 4× CPU), production build, fresh demo data. ${setup} Load average of the machine (${cpus().length} cores) at the start and the end: ${load}. Up to ${maxRuns} runs per page, each in a fresh browser, started once the machine's load had settled; a page passes when one run meets all its thresholds, and the figures are that run's (else the best run's). The last column lists every run's performance score.`,
    "",
    "| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | SI | TBT | CLS | Runs |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...results.map(({ page, runs, best }) => {
      const { scores, metrics: m } = best;
      const name = page.path === staticLandingPath ? "`/` static copy (no JS)" : `\`${page.name}\``;
      return `| ${name} | ${scores.performance} | ${scores.accessibility} | ${scores["best-practices"]} | ${scores.seo} | ${seconds(m.fcp)} | ${seconds(m.lcp)} | ${seconds(m.si)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${runs.map((run) => run.scores.performance).join(", ")} |`;
    }),
  ];
  if (landing && statik) {
    // Each page's fastest LCP of its runs (both always run the full number of times).
    const fastest = (result: PageResult) => Math.min(...result.runs.map((run) => run.metrics.lcp));
    const ratio = fastest(landing) / fastest(statik);
    lines.push(
      "",
      `Landing LCP / static copy LCP (fastest of ${comparedRuns} runs each): ${seconds(fastest(landing))} / ${seconds(fastest(statik))} = **${ratio.toFixed(2)}** (1.00: the landing's JavaScript would cost its largest paint nothing).`,
    );
  }
  for (const { page, best } of results) {
    const threshold = page.thresholds.performance;
    if (threshold === undefined || best.scores.performance >= threshold) continue;
    lines.push(
      "",
      `What costs \`${page.name}\` points (failing performance audits of its best run):`,
      "",
      ...(best.findings.length ? best.findings.map((finding) => `- ${finding}`) : ["- (none)"]),
    );
  }
  lines.push(
    "",
    http1Only
      ? "Not gated: HTTP/1.1 comparison (`npm run audit -- --http1`)."
      : failures.length
        ? `Gate: **failed** — ${failures.join("; ")}.`
        : "Gate: passed.",
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
