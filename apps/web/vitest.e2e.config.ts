import { defineConfig } from "vitest/config";

/**
 * Browser journeys: the global setup starts the built system on a free port and one Chromium;
 * test files connect to it. Build first: `npm run build -w @paxelbox/web`.
 */
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    fileParallelism: true,
  },
});
