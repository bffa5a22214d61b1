import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// `npm run dev`: the API runs apart (scripts/dev.ts) and the dev server forwards its paths to it.
const apiTarget = process.env.API_INTERNAL_URL;
// Everything under /demo but the web app's own demo inbox (as `scripts/system.ts` routes it).
const apiPaths = ["/api", "/ebox", "^/demo/(?!inbox(\\.data|/)?([?#]|$))", "/healthz", "/readyz"];

/** The root route's module: React Router renders it on every page. */
const rootRoute = path.resolve(import.meta.dirname, "src/root.tsx");

/**
 * Whether `id` is one of the app's modules the root route imports, directly or through others:
 * every page loads those with the root, so one chunk of them costs no page a byte (ADR 040).
 * Static imports only; the walk is made once per build, from the root.
 */
function rootImports() {
  let reached: Set<string> | undefined;
  return (id: string, context: { getModuleInfo(id: string): { importedIds: string[] } | null }) => {
    if (!reached) {
      reached = new Set();
      const pending = [rootRoute];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        for (const imported of context.getModuleInfo(next)?.importedIds ?? []) {
          if (!reached.has(imported)) {
            reached.add(imported);
            pending.push(imported);
          }
        }
      }
    }
    return reached.has(id) && !id.includes("/node_modules/");
  };
}

/**
 * The build is Vite's and Rolldown's defaults (ADR 034) with two groups: the framework, and what
 * the root route imports (ADR 040). No per-route chunk plan to keep in step.
 */
export default defineConfig(() => {
  const importedByRoot = rootImports();
  return {
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
                  // The layouts, i18n, the shared UI and the error screen: every page loads them,
                  // as 16 small files otherwise, each shared by a different set of routes.
                  { name: (id, context) => (importedByRoot(id, context) ? "shell" : null) },
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
  };
});
