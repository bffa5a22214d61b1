import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { chunkGroups, isShellStylesheet } from "./chunk-groups.ts";

/** The browser build's chunks: the shell, the web-view screens' shared code, the contract (ADR 022). */
const chunks = chunkGroups();

// `npm run dev`: the API runs apart (scripts/dev.ts) and the dev server forwards its paths to it.
const apiTarget = process.env.API_INTERNAL_URL;
const apiPaths = ["/api", "/ebox", "/demo", "/healthz", "/readyz"];

export default defineConfig({
  plugins: [reactRouter(), chunks.plugin],
  experimental: {
    // A lazily imported chunk lists the shell's stylesheet among what it needs (it imports the
    // shell). The root route links that stylesheet on every page as `…/shell-….css#` (React Router
    // marks a stylesheet that lazy chunks also need), so Vite's preload helper, which compares
    // addresses, did not find it and linked it once more after hydration: parsed again and the page
    // restyled. Named the same way here, it is found. The root never leaves the page.
    renderBuiltUrl: (filename, { hostType, ssr }) =>
      !ssr && hostType === "js" && isShellStylesheet(filename) ? `/${filename}#` : undefined,
  },
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
