import { defineConfig } from "vitest/config";

/**
 * Two test files at a time suit a 2-core machine. Each project says so itself: a project extending
 * its package's config does not take the root's, and one left at the default of a single worker
 * runs its files on their own, after the others.
 */
const maxWorkers = 2;

/** Unit and API tests of every workspace and of the scripts; browser tests run on Playwright's runner (apps/web/playwright.config.ts). */
export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        extends: "./packages/contract/vitest.config.ts",
        test: { name: "contract", root: "./packages/contract", maxWorkers },
      },
      { extends: "./apps/api/vitest.config.ts", test: { name: "api", root: "./apps/api", maxWorkers } },
      { extends: "./apps/web/vitest.config.ts", test: { name: "web", root: "./apps/web", maxWorkers } },
      {
        test: { name: "scripts", root: "./scripts", include: ["*.test.ts", "audit/*.test.ts"], maxWorkers },
      },
    ],
  },
});
