/** What `npm run audit` takes from its command line and environment. */
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

/** `--http1`: audit the system's own HTTP/1.1 port, without the front and without gating. */
export const http1Only = process.argv.includes("--http1");
/** Folder for every run's Lighthouse JSON report (open them in the Lighthouse viewer); none when unset. */
export const reportDir = process.env.AUDIT_REPORT_DIR
  ? path.resolve(process.env.AUDIT_REPORT_DIR)
  : undefined;
export const maxRuns = Math.max(1, Number(process.env.AUDIT_RUNS ?? 5));
/** The landing and its static copy are compared on this many runs each. */
export const comparedRuns = Math.min(3, maxRuns);
/** Only these pages (comma-separated names, e.g. `/order,/order-status`), for a quick look; no report is written. */
export const onlyPages = process.env.AUDIT_PAGES?.split(",")
  .map((name) => name.trim())
  .filter(Boolean);
export const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
