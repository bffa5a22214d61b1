import { defineConfig } from "vitest/config";

/** Unit and API tests of every workspace and of the scripts; browser tests run on Playwright's runner (apps/web/playwright.config.ts). */
export default defineConfig({
  test: {
    projects: [
      {
        extends: "./packages/contract/vitest.config.ts",
        test: { name: "contract", root: "./packages/contract" },
      },
      { extends: "./apps/api/vitest.config.ts", test: { name: "api", root: "./apps/api" } },
      { extends: "./apps/web/vitest.config.ts", test: { name: "web", root: "./apps/web" } },
      { test: { name: "scripts", root: "./scripts", include: ["*.test.ts", "audit/*.test.ts"] } },
    ],
  },
});
