/** The audit's Markdown block, as printed and as kept in docs/performance.md between its markers. */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { baselineNote, type Comparison, comparisonTable, type PassRecord } from "./baseline.ts";
import { helloWorldPage, type PageResult, staticLandingPath } from "./pages.ts";
import { type Miss, missText, type RunnerVerdict } from "./runs.ts";
import { root } from "./settings.ts";

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function lighthouseVersion(): string {
  const file = path.join(root, "node_modules/lighthouse/package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

/** Cores, CPU model and memory. */
export function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
}

/** The commit checked out, with `+changes` when tracked files differ from it; undefined outside git. */
export function checkedOut(): string | undefined {
  try {
    const git = (...args: string[]) =>
      execFileSync("git", args, { cwd: root, stdio: ["ignore", "pipe", "ignore"] })
        .toString()
        .trim();
    const commit = git("rev-parse", "--short", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") ? `${commit}+changes` : commit;
  } catch {
    return undefined;
  }
}

/** One pass's block: how the pages were served and measured, its figures, and their comparison. */
export interface PassReport {
  /** How the pages were served. */
  setup: string;
  /** The command for this pass alone. */
  command: string;
  /** The load average at the pass's start and end. */
  load: string;
  verdict: RunnerVerdict;
  misses: readonly Miss[];
  /** The pass's figures, as the baseline and the history keep them. */
  record: PassRecord;
  /** The baseline's figures of this pass, when there is one. */
  baseline: PassRecord | undefined;
  /** Each page beside the hello world and the baseline (baseline.ts's compare). */
  comparison: readonly Comparison[];
}

/** A page's name in the tables. */
export function pageLabel(results: readonly PageResult[]): (name: string) => string {
  return (name) => {
    const page = results.find((result) => result.page.name === name)?.page;
    if (page?.path === staticLandingPath) return "`/` static copy (no JS)";
    if (name === helloWorldPage.name) return name;
    return `\`${name}\``;
  };
}

export function report(results: readonly PageResult[], pass: PassReport): string {
  const { record, verdict, misses } = pass;
  const landing = results.find((result) => result.page.path === "/");
  const statik = results.find((result) => result.page.path === staticLandingPath);
  const label = pageLabel(results);
  const index =
    record.benchmarkIndex === undefined
      ? ""
      : `, Lighthouse benchmark index ${record.benchmarkIndex} (median)`;
  const lines = [
    `Measured ${record.date}${record.build ? ` at ${record.build}` : ""} with \`${pass.command}\`: Lighthouse ${record.lighthouse}, ${record.chromium} headless, mobile form factor, simulated throttling (slow 4G, 4× CPU), production build, fresh demo data. ${pass.setup} Machine: ${record.machine}${index}; its load average at the start and the end: ${pass.load}. ${record.runsPerPage} run${record.runsPerPage === 1 ? "" : "s"} per page, each in a fresh browser, started once the machine's load had settled; every figure is the **median** of the page's runs, and the last column lists every run's performance score. The React Router hello world (\`scripts/audit/hello-world/\`: one server-rendered route, React Router's defaults, built with the repo's own React Router and Vite) is measured in the same pass, served the same way.`,
    "",
    "| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | SI | TBT | CLS | Runs |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...results.map(({ page, runs, median }) => {
      const { scores, metrics: m } = median;
      return `| ${label(page.name)} | ${scores.performance} | ${scores.accessibility} | ${scores["best-practices"]} | ${scores.seo} | ${seconds(m.fcp)} | ${seconds(m.lcp)} | ${seconds(m.si)} | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} | ${runs.map((run) => run.scores.performance).join(", ")} |`;
    }),
  ];
  if (record.notMeasured?.length) {
    lines.push("", `**Not measured**: ${record.notMeasured.join(", ")} (see the log).`);
  }
  lines.push(
    "",
    `Against the hello world and the baseline (performance · TBT · LCP). ${baselineNote(record, pass.baseline)}`,
    "",
    ...comparisonTable(pass.comparison, label, verdict.judgesPerformance),
  );
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
    misses.length
      ? `Targets (reported, not a gate): **missed** — ${misses.map((miss) => `${missText(miss)}${miss.timing && !verdict.judgesPerformance ? " (runner)" : ""}`).join("; ")}.`
      : "Targets: all met.",
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
