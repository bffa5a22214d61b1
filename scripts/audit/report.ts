/**
 * The audit's Markdown block, as printed and as kept in docs/performance.md between its markers:
 * one table per pass, made from the pass's record alone (what the history keeps), so a block can be
 * rewritten from docs/performance-history.jsonl. It stays short (a test holds its length): every
 * run's score, the other metrics and what costs a page points are in the history, not on the page.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import path from "node:path";
import { baselineNote, noticeable, type PassRecord, slowerThan } from "./baseline.ts";
import { controlPage, helloWorldPage, type PageFigures, pageNamed } from "./pages.ts";
import { runnerVerdict, targetMisses } from "./runs.ts";
import { type Pass, root } from "./settings.ts";
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

/** A page's name in the table. */
export function pageLabel(name: string): string {
  if (name === controlPage.name) return "`/` static copy (no JS)";
  if (name === helloWorldPage.name) return name;
  return `\`${name}\``;
}

/** Every target the pass's medians miss, against the targets of the route registry. */
export function passMisses(record: PassRecord, pass: Pick<Pass, "label">) {
  return targetMisses(
    Object.entries(record.pages).map(([name, figures]) => ({ page: pageNamed(name), figures })),
    pass.label,
  );
}

/** "98", or "96 (base 99)" where the baseline's figure reads otherwise; ▼ where the change is past the noise. */
function cell(now: string, before: string | undefined, slower: boolean): string {
  return `${now}${before !== undefined && before !== now ? ` (base ${before})` : ""}${slower ? " ▼" : ""}`;
}

/**
 * One pass's block: what was measured with what, then one row per page (the medians of its
 * performance score, LCP, TBT and CLS, each with the baseline's where it differs; the other scores;
 * the targets it misses), then one line on the targets.
 */
export function report(
  record: PassRecord,
  pass: Pick<Pass, "label" | "command">,
  baseline?: PassRecord,
): string {
  const verdict = runnerVerdict(record.pages[controlPage.name]);
  const misses = passMisses(record, pass);
  const index = record.benchmarkIndex === undefined ? "" : `, benchmark index ${record.benchmarkIndex}`;
  const row = (name: string, now: PageFigures) => {
    const before = baseline?.pages[name];
    const slower = before ? slowerThan(now, before) : [];
    const moved = (key: string) => slower.some((item) => item.startsWith(key));
    const page = pageNamed(name);
    const missed = misses.filter((miss) => miss.page === name);
    const targets =
      Object.keys(page.thresholds).length === 0 && page.maxTbtMs === undefined
        ? "—"
        : missed.length === 0
          ? "✓"
          : `✖ ${missed.map((miss) => `${miss.what}${miss.timing && !verdict.judgesPerformance ? " (runner)" : ""}`).join("; ")}`;
    return [
      pageLabel(name),
      cell(String(now.performance), before && String(before.performance), moved("performance")),
      cell(seconds(now.lcpMs), before && seconds(before.lcpMs), moved("LCP")),
      cell(`${now.tbtMs} ms`, before && `${before.tbtMs} ms`, moved("TBT")),
      cell(now.cls.toFixed(3), before?.cls.toFixed(3), false),
      `${now.accessibility} · ${now.bestPractices} · ${now.seo}`,
      targets,
    ];
  };
  /** Whether any cell can differ from the baseline's. */
  const compared = baseline !== undefined && baseline.measuredAt !== record.measuredAt;
  const missedPages = new Set(misses.map((miss) => miss.page)).size;
  const lines = [
    `**${pass.label}**, \`${pass.command}\`, ${record.date}${record.build ? ` at ${record.build}` : ""}: Lighthouse ${record.lighthouse}, ${record.chromium}, ${record.machine}${index}; each figure the median of ${record.runsPerPage} run${record.runsPerPage === 1 ? "" : "s"}. ${baselineNote(record, baseline)}`,
    "",
    "| Page | Performance | LCP | TBT | CLS | Accessibility · best practices · SEO | Targets |",
    "|---|---:|---:|---:|---:|---|---|",
    ...Object.entries(record.pages).map(([name, figures]) => `| ${row(name, figures).join(" | ")} |`),
    "",
    `${compared ? `(base …): the baseline's figure where it differs; ▼: a change past what runs of one build vary by (performance \u2212${noticeable.performance}, TBT +${noticeable.tbtMs} ms, LCP +${seconds(noticeable.lcpMs)}). ` : ""}Runner check: ${record.runnerCheck}.`,
  ];
  if (record.notMeasured?.length)
    lines.push(`**Not measured**: ${record.notMeasured.join(", ")} (see the log).`);
  lines.push(
    misses.length
      ? `Targets (reported, not a gate): **${missedPages} page${missedPages === 1 ? "" : "s"} miss${missedPages === 1 ? "es" : ""} one** (✖)${record.findings ? "; what costs them points: `findings` in this pass's line of [`performance-history.jsonl`](performance-history.jsonl)" : ""}.`
      : "Targets: all met.",
  );
  return lines.join("\n");
}

/** Replaces the block between `<!-- marker:start -->` and `<!-- marker:end -->` (appends it when missing). */
export function writeDoc(block: string, marker: string, file = path.join(root, "docs/performance.md")): void {
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
