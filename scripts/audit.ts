/**
 * `npm run audit`: Lighthouse (mobile, simulated throttling) on the production build with demo data,
 * as a gate. Pages: the marketing pages, the drop-off package form, a drop-off order, a rent's status
 * page and an overdue drop-off payment, plus a static copy of the landing page (HTML and CSS only)
 * to compare the landing's LCP with. See docs/decisions/009-lighthouse-audit.md.
 *
 * Pages are audited twice: served the way production serves them, by an HTTP/2 TLS front
 * (self-signed certificate made with openssl) in front of the system, and from the system's own
 * HTTP/1.1 port (`--http2` or `--http1` for one pass only).
 *
 * Every page runs three times per pass (`AUDIT_RUNS`); its figures are the medians, and the gate
 * fails with the page, the protocol, the category or TBT, and the median. The results go into
 * docs/performance.md between the `audit` (HTTP/2) and `audit-http1` markers.
 *
 * The static copy runs first in each pass, as the control of the runner: where a page without
 * scripts already blocks the main thread for more than 50 ms, the performance score and TBT measure the runner
 * rather than the page, and they are reported without gating (accessibility, best practices and
 * SEO are gated on any runner). See runnerVerdict in scripts/audit/runs.ts and ADR 009.
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
import { gateFailures, type RunnerVerdict, runnerVerdict } from "./audit/runs.ts";
import { onlyPages, type Protocol, protocols } from "./audit/settings.ts";
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

/** Each pass: its name in the gate's messages, how the report says the pages were served, the command for it alone and its block's marker in docs/performance.md. */
const passes = {
  http2: {
    label: "HTTP/2",
    setup:
      "Served over HTTP/2 and TLS by the audit's own front (as a CDN or load balancer serves production), forwarding to `npm start`'s HTTP/1.1 port.",
    command: "npm run audit -- --http2",
    marker: "audit",
  },
  http1: {
    label: "HTTP/1.1",
    setup: "Served over plain HTTP/1.1 by `npm start` itself (no HTTP/2 front).",
    command: "npm run audit -- --http1",
    marker: "audit-http1",
  },
} as const;

let exitCode = 0;
try {
  const started = Date.now();
  ensureBuild();
  const system = await startAuditedSystem();
  closers.push(system.close);
  let staticHtml = "";
  const tls = certificate();
  // The front serves the control (the static copy) whatever the pass, so it is always started.
  if (!tls) throw new Error("openssl is not available: the audit's HTTP/2 front needs it");
  const front = await startFront(system.origin, tls, () => staticHtml);
  closers.push(front.close);
  const origins: Record<Protocol, string> = { http1: system.origin, http2: front.origin };
  // Rendered for the phone Lighthouse emulates: the server picks the mobile variant from the user agent.
  const landingResponse = await fetch(`${system.origin}/`, { headers: { "user-agent": userAgents.mobile } });
  staticHtml = withoutScripts(await landingResponse.text());

  const controlPage = pages.find((candidate) => candidate.path === staticLandingPath)!;
  const failures: string[] = [];
  const verdicts: { label: string; verdict: RunnerVerdict }[] = [];
  for (const protocol of protocols) {
    const origin = origins[protocol];
    const pass = passes[protocol];
    const loadAtStart = loadavg()[0] ?? 0;
    await settleMachine();
    // The control first, in each pass: whether the runner, as it is now, can judge the performance
    // targets at all (a machine that got busier since the last pass is checked again).
    console.log(`▶ Runner check for the ${pass.label} pass: the landing's static copy on ${front.origin}`);
    const control = await auditPage(controlPage, front.origin, system.origin, true, "http2");
    const verdict = runnerVerdict(control);
    verdicts.push({ label: pass.label, verdict });
    console.log(`  Runner check: ${verdict.reason}.`);
    console.log(`▶ Lighthouse on ${origin} (${pass.label})`);
    const chosen = pages.filter(
      (candidate) => candidate !== controlPage && (!onlyPages || onlyPages.includes(candidate.name)),
    );
    const results: PageResult[] = [];
    for (const page of chosen) {
      results.push(await auditPage(page, origin, system.origin, protocol === "http2", protocol));
    }
    results.push(control);
    const passFailures = gateFailures(results, pass.label, verdict.judgesPerformance);
    failures.push(...passFailures);
    const load = `${loadAtStart.toFixed(1)} and ${(loadavg()[0] ?? 0).toFixed(1)}`;
    const block = report(results, pass.setup, pass.command, passFailures, load, verdict);
    console.log(`\n${block}\n`);
    if (!onlyPages) writeDoc(block, pass.marker);
  }
  console.log(`Audit took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const { label, verdict } of verdicts) {
    if (!verdict.judgesPerformance)
      console.warn(`⚠ Lighthouse performance not gated (${label}): ${verdict.reason}.`);
  }
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
