/**
 * `npm run audit`: Lighthouse (mobile, simulated throttling) on the production build with demo data,
 * as a gate. Pages: the marketing pages, the drop-off package form, a drop-off order, a rent's status
 * page and an overdue drop-off payment, plus a static copy of the landing page (HTML and CSS only)
 * to compare the landing's LCP with. See docs/decisions/009-lighthouse-audit.md.
 *
 * Pages are served the way production serves them: an HTTP/2 TLS front (self-signed certificate
 * made with openssl) in front of the system on its own port. `--http1` audits the system's own
 * HTTP/1.1 port instead and reports without gating.
 *
 * Every page runs up to five times (`AUDIT_RUNS`) and passes when one run meets all its thresholds
 * (CPU contention on a shared machine only makes runs slower); the gate fails with the page, the
 * category and the score. The results go into docs/performance.md between the `audit` markers.
 *
 * The parts are in scripts/audit/: the page list (pages.ts), the command line (settings.ts), the
 * system (system.ts), the front (front.ts), Chromium (chrome.ts), one Lighthouse run
 * (lighthouse.ts), a page's runs (audit-page.ts), the choice of run and the gate (runs.ts), and
 * the report (report.ts).
 */
import { loadavg } from "node:os";
import { userAgents } from "lighthouse/core/config/constants.js";
import { auditPage } from "./audit/audit-page.ts";
import { killChromes } from "./audit/chrome.ts";
import { certificate, startFront, withoutScripts } from "./audit/front.ts";
import { type PageResult, pages, staticLandingPath } from "./audit/pages.ts";
import { report, writeDoc } from "./audit/report.ts";
import { gateFailures } from "./audit/runs.ts";
import { http1Only, onlyPages } from "./audit/settings.ts";
import { ensureBuild, startAuditedSystem } from "./audit/system.ts";

/** Stops of the system and the front, in the order they started. */
const closers: (() => Promise<void>)[] = [];

/**
 * Lighthouse's simulated throttling still runs the page on this machine's CPU: start when the
 * work before (a build, a test suite) has died down, or after 90 s at the latest.
 */
async function settleMachine(): Promise<void> {
  const deadline = Date.now() + 90_000;
  while ((loadavg()[0] ?? 0) > 1.5 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    killChromes();
    for (const close of closers) void close().catch(() => {});
    process.exit(130);
  });
}

let exitCode = 0;
try {
  const started = Date.now();
  const loadAtStart = loadavg()[0] ?? 0;
  ensureBuild();
  const system = await startAuditedSystem();
  closers.push(system.close);
  const tls = http1Only ? null : certificate();
  if (!http1Only && !tls) {
    console.warn(
      "⚠ openssl is not available: auditing over plain HTTP/1.1 (expect about 10 points less performance)",
    );
  }
  let staticHtml = "";
  let origin = system.origin;
  if (tls) {
    const front = await startFront(system.origin, tls, () => staticHtml);
    closers.push(front.close);
    origin = front.origin;
  }
  // Rendered for the phone Lighthouse emulates: the server picks the mobile variant from the user agent.
  const landingResponse = await fetch(`${system.origin}/`, { headers: { "user-agent": userAgents.mobile } });
  staticHtml = withoutScripts(await landingResponse.text());
  const setup = tls
    ? "Served over HTTP/2 and TLS by the audit's own front (as a CDN or load balancer serves production), forwarding to `npm start`'s HTTP/1.1 port."
    : "Served over plain HTTP/1.1 by `npm start` itself (no HTTP/2 front).";
  await settleMachine();
  console.log(`▶ Lighthouse on ${origin} (${tls ? "HTTP/2 front" : "HTTP/1.1"})`);

  const results: PageResult[] = [];
  // With --http1 without a front, the static copy has nowhere to be served from.
  const chosen = pages.filter(
    (candidate) =>
      (tls || candidate.path !== staticLandingPath) && (!onlyPages || onlyPages.includes(candidate.name)),
  );
  for (const page of chosen) {
    results.push(await auditPage(page, origin, system.origin, Boolean(tls)));
  }

  const failures = http1Only ? [] : gateFailures(results);
  const load = `${loadAtStart.toFixed(1)} and ${(loadavg()[0] ?? 0).toFixed(1)}`;
  const block = report(results, setup, failures, load);
  console.log(`\n${block}\n`);
  if (!onlyPages) writeDoc(block, http1Only ? "audit-http1" : "audit");
  console.log(`Audit took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length > 0) {
    for (const failure of failures) console.error(`✖ Lighthouse ${failure}`);
    exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  killChromes();
  for (const close of closers.reverse()) {
    try {
      await close();
    } catch {
      // keep cleaning up
    }
  }
}
process.exit(exitCode);
