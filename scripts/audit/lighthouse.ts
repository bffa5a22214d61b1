/** One Lighthouse run (default mobile settings, simulated throttling) of one address in a fresh Chromium. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { launchChrome } from "./chrome.ts";
import { type Category, categories, type Metric, metrics, type Run } from "./pages.ts";
import { appliedThrottling, reportDir } from "./settings.ts";

/** Lighthouse could not record or load the page (worth a retry); other errors stop the audit. */
export class LighthouseRunError extends Error {}

/** The run's failing performance audits, with their estimated savings and up to three files each. */
function findings(lhr: Result): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const performanceAudits = new Set(refs.map((ref) => ref.id));
  // Metrics are in the table already; "hidden" ones (TTI, max potential FID) do not count.
  const metricAudits = new Set(
    refs.filter((ref) => ref.group === "metrics" || ref.group === "hidden").map((ref) => ref.id),
  );
  return Object.values(lhr.audits)
    .filter(
      (audit) =>
        performanceAudits.has(audit.id) &&
        !metricAudits.has(audit.id) &&
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== "informative" &&
        audit.scoreDisplayMode !== "notApplicable",
    )
    .map((audit) => {
      const parts = Object.entries(audit.metricSavings ?? {})
        .filter((entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] > 0)
        .map(([metric, value]) =>
          metric === "CLS" ? `${metric} ${value}` : `${metric} ${Math.round(value)} ms`,
        );
      const details = audit.details as { items?: unknown } | undefined;
      const items = Array.isArray(details?.items) ? (details.items as { url?: unknown }[]) : [];
      const files = items
        .map((item) => (typeof item.url === "string" ? item.url : ""))
        .filter((url) => url.startsWith("http"))
        .slice(0, 3)
        .map((url) => `\`${new URL(url).pathname.split("/").pop()}\``);
      return [
        audit.title,
        audit.displayValue ? ` (${audit.displayValue})` : "",
        parts.length ? ` — saves ${parts.join(", ")}` : "",
        files.length ? `: ${files.join(", ")}` : "",
      ].join("");
    });
}

/** Runs Lighthouse on `url`; with `AUDIT_REPORT_DIR` its JSON report is kept as `<reportName>.report.json`. */
export async function lighthouseRun(
  url: string,
  ignoreCertificateErrors: boolean,
  reportName: string,
): Promise<Run> {
  const chrome = await launchChrome(ignoreCertificateErrors);
  try {
    const flags: Flags = {
      port: chrome.port,
      hostname: "127.0.0.1",
      logLevel: "error",
      output: "json",
      onlyCategories: categories,
      // The order screens keep their stream of pushed changes open, so the network never goes quiet
      // and Lighthouse would wait its default 45 s on every run; 12 s of real time is well past their load
      // (the default throttling is simulated: the page itself loads at this machine's speed).
      maxWaitForLoad: 12_000,
      ...(appliedThrottling ? { throttlingMethod: "devtools" } : {}),
    };
    const result = await lighthouse(url, flags).catch((error: unknown) => {
      throw new LighthouseRunError(
        `Lighthouse failed on ${url}: ${error instanceof Error ? error.message : error}`,
      );
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(path.join(reportDir, `${reportName}.report.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) {
      throw new LighthouseRunError(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    }
    const scores = Object.fromEntries(
      categories.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const values = Object.fromEntries(
      Object.entries(metrics).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? Number.NaN]),
    ) as Record<Metric, number>;
    return {
      scores,
      metrics: values,
      findings: findings(lhr),
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}
