import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// `npm run dev`: the API runs apart (scripts/dev.ts) and the dev server forwards its paths to it.
const apiTarget = process.env.API_INTERNAL_URL;
// Everything under /demo but the web app's own demo inbox (as `scripts/system.ts` routes it).
const apiPaths = ["/api", "/ebox", "^/demo/(?!inbox(\\.data|/)?([?#]|$))", "/healthz", "/readyz"];

/** The build is Vite's and Rolldown's defaults (ADR 034): no hand-made chunk plan to keep in step. */
export default defineConfig({
  plugins: [reactRouter()],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // One file for the framework every page runs first (React, React DOM, React Router), so
          // it is cached once and not re-split by each route's set of shared modules.
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie)[\\/]/,
                },
              ],
            },
          },
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
