import { defineConfig } from "vitest/config";

/** Unit tests beside the code, and of the browser tests' own helpers (node by default; files that need a DOM ask for jsdom). */
export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    restoreMocks: true,
    unstubGlobals: true,
  },
});
