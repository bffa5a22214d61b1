/** What `npm run audit` takes from its command line and environment. */
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

/** The HTTP/2 front, or the system's own HTTP/1.1 port. */
export type Protocol = "http2" | "http1";

/**
 * How the pages are served: both by default (the HTTP/2 front as production serves them, then the
 * system's own HTTP/1.1 port as a phone meets a server without a front); `--http2` or `--http1`
 * for one of them.
 */
export const protocols: readonly Protocol[] = process.argv.includes("--http1")
  ? ["http1"]
  : process.argv.includes("--http2")
    ? ["http2"]
    : ["http2", "http1"];
/** A pass: its name in the report, the command for it alone, and its block's marker in docs/performance.md. */
export interface Pass {
  label: string;
  command: string;
  marker: string;
}

export const passes: Record<Protocol, Pass> = {
  http2: { label: "HTTP/2", command: "npm run audit -- --http2", marker: "audit" },
  http1: { label: "HTTP/1.1", command: "npm run audit -- --http1", marker: "audit-http1" },
};

/** Folder for every run's Lighthouse JSON report (open them in the Lighthouse viewer); none when unset. */
export const reportDir = process.env.AUDIT_REPORT_DIR
  ? path.resolve(process.env.AUDIT_REPORT_DIR)
  : undefined;
/** Runs per page and protocol (`AUDIT_RUNS`, 3 unless told; an odd count has a true median). */
export const runsPerPage = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3));
/** Only these pages (comma-separated names, e.g. `/order,/order-status`), for a quick look; no report is written. */
export const onlyPages = process.env.AUDIT_PAGES?.split(",")
  .map((name) => name.trim())
  .filter(Boolean);
export const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/**
 * `AUDIT_THROTTLING=devtools`: Lighthouse slows the browser itself (request latency, bandwidth,
 * CPU) instead of estimating the load from an unthrottled one, so what waits for one of six
 * HTTP/1.1 connections is measured, not modelled. Slower and noisier than the default; for a
 * comparison of two builds, so no report is written.
 */
export const appliedThrottling = process.env.AUDIT_THROTTLING === "devtools";
/** `--update-baseline`: this run's medians become the baseline of each pass it ran (every page only). */
export const updateBaseline = process.argv.includes("--update-baseline");
/** The figures each run is compared with, per pass and page (see scripts/audit/baseline.ts). */
export const baselineFile = path.join(root, "scripts/audit/baseline.json");
/** One JSON line per pass of every full run, beside docs/performance.md (its History section says how to read it). */
export const historyFile = path.join(root, "docs/performance-history.jsonl");
