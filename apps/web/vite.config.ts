import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { chunkGroups } from "./chunk-groups.ts";

/** The browser build's chunks: the shell, the web-view screens' shared code, the contract (ADR 022). */
const chunks = chunkGroups();

// `npm run dev`: the API runs apart (scripts/dev.ts) and the dev server forwards its paths to it.
const apiTarget = process.env.API_INTERNAL_URL;
const apiPaths = ["/api", "/ebox", "/demo", "/healthz", "/readyz"];

export default defineConfig({
  plugins: [reactRouter(), chunks.plugin],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { includeDependenciesRecursively: false, groups: chunks.groups } },
        },
      },
    },
  },
  server: apiTarget
    ? {
        proxy: Object.fromEntries(
          apiPaths.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
        ),
      }
    : {},
});
