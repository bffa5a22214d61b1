import { defineConfig } from "vitest/config";

/** Unit tests beside the code (node by default; files that need a DOM ask for jsdom). */
export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
    environment: "node",
    restoreMocks: true,
    unstubGlobals: true,
  },
});
