import { defineConfig } from "@playwright/test";
import { testBrowserFlags } from "../../scripts/chromium.ts";

/**
 * The browser suite on Playwright's runner, with Debian's Chromium. The global setup starts the
 * built system once (`e2e/support/global-setup.ts`); build first: `npm run build -w @paxelbox/web`.
 * `E2E_SET=measures` runs the timing measures instead (`npm run bench -- --browser`), which
 * `npm test` leaves out.
 */
const measures = process.env.E2E_SET === "measures";
const ci = Boolean(process.env.CI);
/**
 * Files that start a system of their own in the worker's process with data of their own. The web
 * app's server keeps its configuration (the API it calls) per process from first use, so such a
 * file runs in a project of its own: its workers have loaded no other system's web server.
 */
const ownSystem = /xss\.e2e\.test\.ts$/;

export default defineConfig({
  testDir: "e2e",
  testMatch: measures ? "measures/*.measure.ts" : "*.e2e.test.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  // Two cores: two workers; more only queue and push hydration past its waits.
  workers: 2,
  fullyParallel: true,
  // Generous limits: these catch a hang, not slowness (the budgets and the benchmarks measure speed).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One retry; a test that passes on it is reported as flaky, by name, in the summary. The retry
  // records the trace (below), so every failure comes with one.
  retries: 1,
  forbidOnly: ci,
  reporter: ci ? [["list"], ["html", { open: "never", outputFolder: "test-results/report" }]] : "list",
  outputDir: "test-results/output",
  projects: measures
    ? [{ name: "measures" }]
    : [
        // First: its tests run in order in one worker, beside the other worker's share of the
        // suite; last, they kept one worker busy after the other had run out of tests.
        { name: "own-system", testMatch: ownSystem },
        { name: "suite", testIgnore: ownSystem },
      ],
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: "/usr/bin/chromium", args: [...testBrowserFlags, "--disable-quic"] },
    // The trace of a failed test (test-results/output, opened with `npx playwright show-trace`) is
    // recorded on its retry. Recording every first run, to throw almost all of it away, took a
    // quarter of the suite's CPU (the browser encoding a screencast of every page).
    trace: "on-first-retry",
  },
});
