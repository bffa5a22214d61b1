/**
 * Size budgets of the built web app (run by `npm test` after the build), measured gzip:
 *   - initial JS of every route (entry + manifest + every module of its route chain) ≤ 170 KB;
 *   - what a client-side navigation to a route loads beyond the shared entry and root ≤ 25 KB;
 *   - initial CSS of every route ≤ 20 KB.
 * A failure names the route and the size.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const budgets = { initialJs: 170 * 1024, routeChunk: 25 * 1024, css: 20 * 1024 };

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteEntry>;
}

export interface RouteSize {
  route: string;
  initialJs: number;
  routeChunk: number;
  css: number;
}

export function measure(clientDir: string): RouteSize[] {
  const assets = path.join(clientDir, "assets");
  const manifestFile = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!manifestFile) throw new Error(`No React Router manifest in ${assets}: build first`);
  const manifestSource = readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(
    manifestSource.replace(/^window\.__reactRouterManifest=/, "").replace(/;$/, ""),
  ) as Manifest;
  const gzip = new Map<string, number>();
  const size = (file: string) => {
    let bytes = gzip.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
      gzip.set(file, bytes);
    }
    return bytes;
  };
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + size(file), 0);
  const chain = (route: RouteEntry): RouteEntry[] => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    return parent ? [...chain(parent), route] : [route];
  };
  const shared = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const root = manifest.routes.root;
  const rootFiles = new Set(root ? [root.module, ...(root.imports ?? [])] : []);
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));

  return Object.values(manifest.routes)
    .filter((route) => route.id !== "root" && !parents.has(route.id))
    .map((route) => {
      const routes = chain(route);
      const js = new Set([...shared, ...routes.flatMap((r) => [r.module, ...(r.imports ?? [])])]);
      const own = [...js].filter((file) => !shared.has(file) && !rootFiles.has(file));
      const css = new Set(routes.flatMap((r) => r.css ?? []));
      return {
        route:
          routes
            .map((r) => r.path ?? (r.index ? "(index)" : ""))
            .filter(Boolean)
            .join("/") || route.id,
        initialJs: sum(js) + gzipSync(manifestSource).length,
        routeChunk: sum(own),
        css: sum(css),
      };
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/build/client");
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const failures: string[] = [];
  for (const size of measure(clientDir)) {
    console.log(
      `${size.route.padEnd(36)} initial JS ${kb(size.initialJs).padStart(9)}  route chunk ${kb(size.routeChunk).padStart(8)}  CSS ${kb(size.css).padStart(8)}`,
    );
    if (size.initialJs > budgets.initialJs)
      failures.push(`${size.route}: initial JS ${kb(size.initialJs)} > ${kb(budgets.initialJs)}`);
    if (size.routeChunk > budgets.routeChunk)
      failures.push(`${size.route}: route chunk ${kb(size.routeChunk)} > ${kb(budgets.routeChunk)}`);
    if (size.css > budgets.css) failures.push(`${size.route}: CSS ${kb(size.css)} > ${kb(budgets.css)}`);
  }
  if (failures.length > 0) {
    console.error(`\nOver budget:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
}
