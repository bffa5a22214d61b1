import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file builds its own app on its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // Files share a worker and the modules it has loaded (the app's graph is most of a file's
    // start-up); each still builds its own app on its own database, and nothing here mocks modules.
    isolate: false,
  },
});
