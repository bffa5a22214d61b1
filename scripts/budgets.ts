/**
 * Size budgets of the built web app, measured gzip from the React Router manifest (`npm test` runs
 * this right after the web build; `npm run budgets` after any build):
 *   - initial JS of every route: the entry, every module its route chain preloads and the part
 *     of the route manifest its HTML carries ≤ 172 KB (a route may have its own: `initialJsOf`,
 *     ADR 034 and 036). With lazy route discovery (React
 *     Router's default) a page never loads the manifest file: its HTML inlines the routes it
 *     matches, the index route and their parents, and the rest is asked for on navigation;
 *   - the order stream reader, after interactive, on its own budget;
 *   - route chunk: the JavaScript only that route preloads — not the shell (entry + root) and not
 *     chunks other routes preload too (api client, TanStack Query, react-hook-form…) ≤ 25 KB;
 *   - initial CSS of every route ≤ 20 KB.
 * A failure names the route and the size: "/order: initial JS 173.2 KB > 172.0 KB".
 * What a page loads later (`import()` after hydration) is not initial and not counted.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export interface Budgets {
  initialJs: number;
  /** A route's own initial-JS budget where it differs from `initialJs`, by route as printed. */
  initialJsOf?: Record<string, number>;
  routeChunk: number;
  css: number;
}

export const budgets: Budgets = {
  initialJs: 172 * 1024,
  // Over the shared budget, each held at today's figure so that it cannot grow meanwhile: these
  // forms' code hydrates with their pages (ADR 036), and the rent page's views with its page.
  initialJsOf: {
    "/package": 178.1 * 1024,
    "/overduepayment/(index)": 175.7 * 1024,
    "/order-status/(index)": 174.8 * 1024,
  },
  routeChunk: 25 * 1024,
  css: 20 * 1024,
};

/** What every page loads after it is interactive, on its own budget (not initial JS). */
export const afterInteractive = [
  // The real-user Web Vitals reporter with the `web-vitals` library (docs/operations.md).
  { name: "Web Vitals reporter", file: /^web-vitals-reporter-[\w-]+\.js$/, budget: 3 * 1024 },
  // The order screens' reader of pushed changes, with `eventsource-parser` (ADR 020).
  { name: "Order stream reader", file: /^order-stream-[\w-]+\.js$/, budget: 3 * 1024 },
];

/** The gzip size of each after-interactive chunk; a missing chunk is a failure (renamed or inlined). */
export function measureAfterInteractive(clientDir: string, limits = afterInteractive) {
  const assets = path.join(clientDir, "assets");
  const names = readdirSync(assets);
  return limits.map(({ name, file, budget }) => {
    const found = names.find((candidate) => file.test(candidate));
    const size = found ? gzipSync(readFileSync(path.join(assets, found)), { level: 9 }).length : undefined;
    const failure =
      size === undefined
        ? `${name}: no chunk matches ${file}`
        : size > budget
          ? `${name}: ${kb(size)} > ${kb(budget)}`
          : undefined;
    return { name, size, budget, failure };
  });
}

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

/** Sizes of every leaf route of the build in `clientDir` (`apps/web/build/client`), in bytes gzip. */
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
  // The manifest may mark an asset with a fragment (`/assets/button-….css#`): the same file.
  const sum = (files: Iterable<string>) =>
    [...new Set([...files].map((file) => file.replace(/[#?].*$/, "")))].reduce(
      (total, file) => total + size(file),
      0,
    );
  const chain = (route: RouteEntry): RouteEntry[] => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    return parent ? [...chain(parent), route] : [route];
  };
  const root = manifest.routes.root;
  const shell = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    ...(root ? [root.module, ...(root.imports ?? [])] : []),
  ]);
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  const leaves = Object.values(manifest.routes).filter(
    (route) => route.id !== "root" && !parents.has(route.id),
  );
  // The manifest a page's HTML carries: its own route chain and the index route's (React Router's
  // `getPartialManifest`), as JSON in a script of the document.
  const index = Object.values(manifest.routes).find((route) => route.index && route.parentId === "root");
  const inlineManifest = (route: RouteEntry) => {
    const routes = [...chain(route), ...(index ? chain(index) : [])];
    const partial = { ...manifest, routes: Object.fromEntries(routes.map((r) => [r.id, r])) };
    return gzipSync(JSON.stringify(partial), { level: 9 }).length;
  };
  const jsOf = (route: RouteEntry) => new Set(chain(route).flatMap((r) => [r.module, ...(r.imports ?? [])]));
  const leafJs = new Map(leaves.map((route) => [route, jsOf(route)]));
  // How many leaf routes preload each file: a file of one route only is that route's own.
  const users = new Map<string, number>();
  for (const files of leafJs.values()) for (const file of files) users.set(file, (users.get(file) ?? 0) + 1);

  return leaves.map((route) => {
    const routes = chain(route);
    const js = new Set([...shell, ...(leafJs.get(route) ?? [])]);
    const own = [...js].filter((file) => !shell.has(file) && users.get(file) === 1);
    return {
      route:
        routes
          .map((r) => r.path ?? (r.index ? "(index)" : ""))
          .filter(Boolean)
          .join("/") || route.id,
      initialJs: sum(js) + inlineManifest(route),
      routeChunk: sum(own),
      css: sum(new Set(routes.flatMap((r) => r.css ?? []))),
    };
  });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One message per budget a route exceeds, e.g. "/order: initial JS 173.2 KB > 172.0 KB". */
export function overBudget(sizes: RouteSize[], limits: Budgets = budgets): string[] {
  const failures: string[] = [];
  for (const size of sizes) {
    const initialJs = limits.initialJsOf?.[size.route] ?? limits.initialJs;
    if (size.initialJs > initialJs)
      failures.push(`${size.route}: initial JS ${kb(size.initialJs)} > ${kb(initialJs)}`);
    if (size.routeChunk > limits.routeChunk)
      failures.push(`${size.route}: route chunk ${kb(size.routeChunk)} > ${kb(limits.routeChunk)}`);
    if (size.css > limits.css) failures.push(`${size.route}: CSS ${kb(size.css)} > ${kb(limits.css)}`);
  }
  return failures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/build/client");
  const sizes = measure(clientDir);
  for (const size of sizes) {
    console.log(
      `${size.route.padEnd(36)} initial JS ${kb(size.initialJs).padStart(9)}  route chunk ${kb(size.routeChunk).padStart(8)}  CSS ${kb(size.css).padStart(8)}`,
    );
  }
  const later = measureAfterInteractive(clientDir);
  for (const chunk of later) {
    console.log(
      `${`${chunk.name} (after interactive)`.padEnd(36)} ${chunk.size === undefined ? "missing" : kb(chunk.size).padStart(9)}  budget ${kb(chunk.budget)}`,
    );
  }
  const failures = [
    ...overBudget(sizes),
    ...later.flatMap((chunk) => (chunk.failure ? [chunk.failure] : [])),
  ];
  if (failures.length > 0) {
    console.error(`\nOver budget:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    `\nEvery route within budget (initial JS ≤ ${kb(budgets.initialJs)} or its own, route chunk ≤ ${kb(budgets.routeChunk)}, CSS ≤ ${kb(budgets.css)}).`,
  );
}
