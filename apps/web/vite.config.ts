import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// `npm run dev`: the API runs apart (scripts/dev.ts) and the dev server forwards its paths to it.
const apiTarget = process.env.API_INTERNAL_URL;
// Everything under /demo but the web app's own demo inbox (as `scripts/system.ts` routes it).
const apiPaths = ["/api", "/ebox", "^/demo/(?!inbox(\\.data|/)?([?#]|$))", "/healthz", "/readyz"];

/** The root route's module: React Router renders it on every page. */
const rootRoute = path.resolve(import.meta.dirname, "src/root.tsx");

/** What the groups read of the module graph, through Rolldown's chunking context. */
interface ModuleGraph {
  getModuleInfo(id: string): {
    importedIds: string[];
    importers: string[];
    dynamicImporters: string[];
    isEntry: boolean;
  } | null;
}

/** The modules reached from `start` by following `next` (its imports, or its importers). */
function reachedFrom(start: string, next: (id: string) => readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [start];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const other of next(id)) {
      if (!reached.has(other)) {
        reached.add(other);
        pending.push(other);
      }
    }
  }
  return reached;
}

const isStylesheet = (id: string) => /\.css(\?|$)/.test(id);

/**
 * Which chunk takes `id` if it is one of the app's modules the root route imports, directly or
 * through others: every page loads those with the root, so chunks of them cost no page a byte
 * (ADR 040). `shell` takes those that draw (a stylesheet among their imports), `core` the others:
 * configuration, i18n, storage, paths. Code loaded with `import()` that draws nothing (the order
 * stream, the API client) then depends on no stylesheet, which it would link again (ADR 041).
 * Static imports only; the walk is made once per build, from the root.
 */
function rootImports() {
  let reached: Set<string> | undefined;
  const draws = new Map<string, boolean>();
  return (id: string, graph: ModuleGraph): "shell" | "core" | null => {
    const importsOf = (module: string) => graph.getModuleInfo(module)?.importedIds ?? [];
    reached ??= reachedFrom(rootRoute, importsOf);
    if (!reached.has(id) || id.includes("/node_modules/")) return null;
    let drawing = draws.get(id);
    if (drawing === undefined) {
      drawing = isStylesheet(id) || [...reachedFrom(id, importsOf)].some(isStylesheet);
      draws.set(id, drawing);
    }
    return drawing ? "shell" : "core";
  };
}

/** The shared components, whose stylesheets are all in the `components` cascade layer (ADR 025). */
const componentsDir = path.resolve(import.meta.dirname, "src/components") + path.sep;

/**
 * Whether `id` is a shared component's stylesheet that more than one entry reaches: two routes, or
 * a route and a module loaded with `import()`. They join the shell's stylesheet, so that a page
 * links a few stylesheets instead of one per shared chunk (ADR 041). Only the layered ones: a part
 * loaded with `import()` links the shell's stylesheet again, after the page's own, and only the
 * layers keep a screen's own rules winning then. A stylesheet one route uses stays with it.
 */
function isSharedStylesheet(id: string, graph: ModuleGraph): boolean {
  if (!id.startsWith(componentsDir) || !isStylesheet(id)) return false;
  const importers = reachedFrom(id, (module) => graph.getModuleInfo(module)?.importers ?? []);
  let entries = 0;
  for (const importer of importers) {
    const info = graph.getModuleInfo(importer);
    if (info?.isEntry || info?.dynamicImporters.length) entries += 1;
  }
  return entries > 1;
}

/**
 * The build is Vite's and Rolldown's defaults (ADR 034) with three groups: the framework, and what
 * the root route imports in two, with the stylesheets several routes share (ADR 040 and 041). No
 * per-route chunk plan to keep in step.
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
                  // What the root imports, every page loads: as 16 small files otherwise, each
                  // shared by a different set of routes. First what draws nothing (configuration,
                  // i18n), then the layouts, the shared UI and the error screen with the shared
                  // components' stylesheets: one file, not one per shared chunk.
                  { name: (id, context) => (importedByRoot(id, context) === "core" ? "core" : null) },
                  {
                    name: (id, context) =>
                      importedByRoot(id, context) === "shell" || isSharedStylesheet(id, context)
                        ? "shell"
                        : null,
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
  };
});
