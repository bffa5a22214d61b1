/**
 * `npm run audit`: Lighthouse (mobile, simulated throttling) on the production build with demo data,
 * as a benchmark: it reports, and fails on no figure. Pages: the measured pages of the route registry
 * (the marketing pages, the drop-off package form, a drop-off order, a rent's status page and an
 * overdue drop-off payment), a React Router hello world built and served beside them
 * (scripts/audit/hello-world.ts) and a static copy of the landing page (HTML and CSS only). See
 * docs/decisions/009-lighthouse-audit.md and docs/performance.md.
 *
 * Pages are audited twice: served the way production serves them, by an HTTP/2 TLS front
 * (self-signed certificate made with openssl) in front of the system (and of the hello world's
 * server), and from the system's own HTTP/1.1 port (the hello world from its server's; `--http2`
 * or `--http1` for one pass only).
 *
 * Every page runs three times per pass (`AUDIT_RUNS`); its figures are the medians. Each pass is
 * appended as one JSON line to docs/performance-history.jsonl (every figure, every run's score, what
 * costs a page that misses its target points), and its block, one table with the hello world of the
 * same pass as a row and the stored baseline's figures beside each page's (scripts/audit/baseline.json;
 * `--update-baseline` rewrites it from this run), marking what got slower and what misses its
 * target, goes into docs/performance.md between the `audit` (HTTP/2) and `audit-http1` markers.
 * The exit code is 0 whatever the figures; 1 only when something could not be measured (a build
 * that failed, a browser or a page that errored, the web build rewritten during a pass).
 *
 * The static copy runs first in each pass, as the control of the runner: where a page without
 * scripts already blocks the main thread for more than 50 ms, the performance score and TBT measure
 * the runner as much as the page, and the report says so (runnerVerdict in scripts/audit/runs.ts).
 *
 * The parts are in scripts/audit/: the page list (pages.ts), the command line (settings.ts), the
 * system (system.ts), the hello world (hello-world.ts, hello-world/), the front (front.ts), Chromium
 * (chrome.ts), one Lighthouse run (lighthouse.ts), a page's runs (audit-page.ts), the medians and
 * the targets (runs.ts), the baseline and the history (baseline.ts), and the report (report.ts).
 */
import { loadavg } from "node:os";
import { userAgents } from "lighthouse/core/config/constants.js";
import { auditPage } from "./audit/audit-page.ts";
import {
  appendHistory,
  type Baseline,
  type PassMeta,
  pageFigures,
  passRecord,
  readBaseline,
  withPass,
  writeBaseline,
} from "./audit/baseline.ts";
import { chromiumVersion, killChromes } from "./audit/chrome.ts";
import { certificate, startFront, withoutScripts } from "./audit/front.ts";
import { buildHelloWorld, startHelloWorld } from "./audit/hello-world.ts";
import { controlPage, helloWorldPage, type Page, type PageResult, pages } from "./audit/pages.ts";
import { checkedOut, lighthouseVersion, machine, passMisses, report, writeDoc } from "./audit/report.ts";
import { medianOfKnown, missText, runnerVerdict } from "./audit/runs.ts";
import {
  appliedThrottling,
  baselineFile,
  historyFile,
  onlyPages,
  type Protocol,
  passes,
  protocols,
  runsPerPage,
  updateBaseline,
} from "./audit/settings.ts";
import { buildStamp, ensureBuild, startAuditedSystem } from "./audit/system.ts";

/** A load average as recorded: one decimal. */
const round = (load: number) => Math.round(load * 10) / 10;

/** Stops of the system, the hello world and the front, in the order they started. */
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
/** Every page (and pass) that could not be measured. */
const notMeasured: string[] = [];
try {
  if (updateBaseline && onlyPages) {
    throw new Error("--update-baseline records every page: run it without AUDIT_PAGES");
  }
  if (updateBaseline && appliedThrottling) {
    throw new Error("--update-baseline records the default throttling: run it without AUDIT_THROTTLING");
  }
  if (appliedThrottling) {
    console.log(
      "Applied throttling (AUDIT_THROTTLING=devtools): not comparable with the tables; nothing is written.",
    );
  }
  const started = Date.now();
  ensureBuild();
  const stamp = buildStamp();
  console.log("▶ Building the React Router hello world");
  buildHelloWorld();
  const system = await startAuditedSystem();
  closers.push(system.close);
  const helloWorld = await startHelloWorld();
  closers.push(helloWorld.close);
  let staticHtml = "";
  const tls = certificate();
  // The front serves the control (the static copy) whatever the pass, so it is always started.
  if (!tls) throw new Error("openssl is not available: the audit's HTTP/2 front needs it");
  const front = await startFront(system.origin, tls, () => staticHtml, [
    { prefix: helloWorldPage.path!, upstream: helloWorld.origin },
  ]);
  closers.push(front.close);
  const origins: Record<Protocol, { pages: string; helloWorld: string }> = {
    http1: { pages: system.origin, helloWorld: helloWorld.origin },
    http2: { pages: front.origin, helloWorld: front.origin },
  };
  // Rendered for the phone Lighthouse emulates: the server picks the mobile variant from the user agent.
  const landingResponse = await fetch(`${system.origin}/`, { headers: { "user-agent": userAgents.mobile } });
  staticHtml = withoutScripts(await landingResponse.text());

  const baseline = readBaseline(baselineFile);
  let newBaseline: Baseline | undefined = baseline;
  const lighthouse = lighthouseVersion();
  const chromium = chromiumVersion();
  const build = checkedOut();
  const allMisses: string[] = [];

  for (const protocol of protocols) {
    const origin = origins[protocol];
    const pass = passes[protocol];
    const passNotMeasured: string[] = [];
    /** The page's runs, or undefined (logged and counted) when it could not be measured. */
    const measure = async (page: Page, at: string, served: Protocol): Promise<PageResult | undefined> => {
      try {
        return await auditPage(page, at, system.origin, served === "http2", served);
      } catch (error) {
        console.error(
          `✖ ${page.name} (${pass.label}) not measured: ${error instanceof Error ? error.message : error}`,
        );
        passNotMeasured.push(page.name);
        return undefined;
      }
    };
    const loadAtStart = loadavg()[0] ?? 0;
    await settleMachine();
    // The control first, in each pass: how much of the performance and TBT figures the runner, as
    // it is now, adds by itself (a machine that got busier since the last pass is checked again).
    console.log(`▶ Runner check for the ${pass.label} pass: the landing's static copy on ${front.origin}`);
    const control = await measure(controlPage, front.origin, "http2");
    const verdict = runnerVerdict(control && pageFigures(control));
    console.log(`  Runner check: ${verdict.reason}.`);
    console.log(`▶ Lighthouse on ${origin.pages} (${pass.label}), the hello world on ${origin.helloWorld}`);
    const results: PageResult[] = [];
    const hello = await measure(helloWorldPage, origin.helloWorld, protocol);
    if (hello) results.push(hello);
    for (const page of pages.filter((candidate) => !onlyPages || onlyPages.includes(candidate.name))) {
      const result = await measure(page, origin.pages, protocol);
      if (result) results.push(result);
    }
    if (control) results.push(control);
    if (buildStamp() !== stamp) {
      // The pages measured after it loaded other files than the system's HTML names: not one build.
      console.error(`✖ The web build was rewritten during the ${pass.label} pass: its figures are dropped.`);
      notMeasured.push(`every page (${pass.label}: the web build changed during the pass)`);
      break;
    }

    const meta: PassMeta = {
      date: new Date().toISOString().slice(0, 10),
      measuredAt: new Date().toISOString(),
      ...(build ? { build } : {}),
      lighthouse,
      chromium,
      machine: machine(),
      ...(() => {
        const index = medianOfKnown(results.map(({ median }) => median.benchmarkIndex));
        return index === undefined ? {} : { benchmarkIndex: Math.round(index) };
      })(),
      loadAverage: { start: round(loadAtStart), end: round(loadavg()[0] ?? 0) },
      runsPerPage,
      runnerCheck: verdict.reason,
    };
    const record = passRecord(results, meta, passNotMeasured);
    const misses = passMisses(record, pass);
    allMisses.push(
      ...misses.map(
        (miss) => `${missText(miss)}${miss.timing && !verdict.judgesPerformance ? " (runner)" : ""}`,
      ),
    );
    const block = report(record, pass, baseline?.passes[protocol]);
    console.log(`\n${block}\n`);
    for (const [name, findings] of Object.entries(record.findings ?? {})) {
      console.log(`What costs ${name} points (${pass.label}, failing audits of its median run):`);
      for (const finding of findings.length ? findings : ["(none)"]) console.log(`  - ${finding}`);
    }
    if (!onlyPages && !appliedThrottling) {
      writeDoc(block, pass.marker);
      appendHistory(historyFile, protocol, record);
    }
    if (updateBaseline) {
      if (passNotMeasured.length) {
        console.warn(`⚠ The ${pass.label} baseline is kept: ${passNotMeasured.join(", ")} not measured.`);
      } else {
        newBaseline = withPass(newBaseline, protocol, record);
      }
    }
    notMeasured.push(...passNotMeasured.map((name) => `${name} (${pass.label})`));
  }
  if (updateBaseline && newBaseline !== baseline && newBaseline) {
    writeBaseline(baselineFile, newBaseline);
    console.log(`Baseline rewritten: ${baselineFile}`);
  }
  console.log(`Audit took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const miss of allMisses) console.warn(`⚠ Target missed: ${miss}`);
  if (allMisses.length)
    console.warn("  (reported, not a gate: compare with the hello world and the baseline)");
  if (notMeasured.length) {
    console.error(`✖ Not measured: ${notMeasured.join(", ")}`);
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
