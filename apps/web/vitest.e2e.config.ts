import { defineConfig } from "vitest/config";

/**
 * Browser journeys: the global setup starts the built system on a free port and one Chromium;
 * test files connect to it. Build first: `npm run build -w @paxelbox/web`. `E2E_SET=measures`
 * runs the timing measures instead (`npm run bench -- --browser`), which `npm test` leaves out.
 */
const measures = process.env.E2E_SET === "measures";

export default defineConfig({
  test: {
    include: measures ? ["e2e/measures/*.measure.ts"] : ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    environment: "node",
    // Generous limits: these catch a hang, not slowness (the budgets and the Lighthouse audit measure
    // speed). A 2-core runner with two Chromium workers takes 3–4× a quiet machine's time.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    maxWorkers: 2,
    // `describe.concurrent` suites open at most two pages at a time per worker: more only queue on
    // two cores and push hydration past its wait.
    maxConcurrency: 2,
    // `expect.poll` waits for what a page shows after a call or a timer: 1 s (Vitest's default) is a
    // race on a busy runner, not a measure of anything.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: true,
  },
});
