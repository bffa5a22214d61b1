/**
 * Builds `/sw.js` after the web build (called from `react-router.config.ts` → `buildEnd`).
 *
 * The precache list is the app shell a person needs at the locker with no signal: the entry, the
 * root and the web-view routes (order, rent status, paid overdue) with everything they import,
 * also lazily (the English messages, the QR encoder…), their styles and fonts, plus the public
 * files (offline page, manifest, icons). Marketing routes are kept when visited (runtime cache).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { pages } from "./src/pages.ts";

/** Route ids whose screens must open offline: the registry's `precache` pages (src/pages.ts). */
export const offlineRouteIds = pages.filter((page) => page.precache).map((page) => page.id);

interface ManifestRoute {
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
}
interface ClientManifest {
  version: string;
  /** The manifest's own file, which every page loads (`routeDiscovery` "initial", ADR 048). */
  url: string;
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

function readClientManifest(clientDir: string): ClientManifest {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}`);
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(
    source.replace(/^window\.__reactRouterManifest=/, "").replace(/;$/, ""),
  ) as ClientManifest;
}

/** Every asset a JS or CSS file refers to (`./x.js` imports, `/assets/x.woff2` urls). */
function referencedAssets(clientDir: string, url: string): string[] {
  const text = readFileSync(path.join(clientDir, url), "utf8");
  const found = new Set<string>();
  for (const match of text.matchAll(/["'`(](?:\.\/|\/assets\/)([\w.-]+\.(?:js|css|woff2))/g)) {
    if (match[1]) found.add(`/assets/${match[1]}`);
  }
  return [...found];
}

export function precacheList(clientDir: string): PrecacheEntry[] {
  const manifest = readClientManifest(clientDir);
  // The manifest names some stylesheets with a trailing `#` (React Router's marker): the file has none.
  const file = (url: string) => url.replace(/[#?].*$/, "");
  const { entry } = manifest;
  const start = new Set<string>([entry.module, ...entry.imports, ...(entry.css ?? [])].map(file));
  for (const id of offlineRouteIds) {
    if (!manifest.routes[id]) throw new Error(`Route "${id}" is not in the build: update src/pages.ts`);
    // The route and the layout routes above it, up to the root.
    for (
      let route: ManifestRoute | undefined = manifest.routes[id];
      route;
      route = manifest.routes[route.parentId ?? ""]
    ) {
      for (const url of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) start.add(file(url));
    }
  }
  // Follow lazy imports and font urls from there.
  const assets = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const url = queue.pop() as string;
    if (assets.has(url) || !existsSync(path.join(clientDir, url))) continue;
    assets.add(url);
    if (/\.(js|css)$/.test(url)) queue.push(...referencedAssets(clientDir, url));
  }
  // The manifest itself, without the routes it names (only the offline pages' are kept).
  assets.add(manifest.url);
  const entries: PrecacheEntry[] = [...assets].sort().map((url) => ({ url, revision: null }));
  // Public files have no hash in their name: their content is their revision.
  for (const name of readdirSync(clientDir, { recursive: true }) as string[]) {
    const file = path.join(clientDir, name);
    // Not the compressed copies (precompress-assets.ts): the server picks those for a request itself.
    if (name.startsWith("assets") || name === "sw.js" || /\.(br|gz)$/.test(name)) continue;
    if (statSync(file).isDirectory()) continue;
    const revision = createHash("sha256").update(readFileSync(file)).digest("hex").slice(0, 16);
    entries.push({ url: `/${name.split(path.sep).join("/")}`, revision });
  }
  return entries;
}

export async function buildServiceWorker(clientDir: string): Promise<void> {
  const precache = precacheList(clientDir);
  const release = readClientManifest(clientDir).version;
  await build({
    configFile: false,
    logLevel: "warn",
    root: import.meta.dirname,
    publicDir: false,
    define: {
      __PRECACHE__: JSON.stringify(precache),
      __RELEASE__: JSON.stringify(release),
      "process.env.NODE_ENV": JSON.stringify("production"),
    },
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      copyPublicDir: false,
      lib: {
        entry: path.join(import.meta.dirname, "service-worker/sw.ts"),
        formats: ["iife"],
        name: "paxelboxServiceWorker",
        fileName: () => "sw.js",
      },
    },
  });
  const bytes = precache
    .filter((entry) => entry.revision === null)
    .reduce((total, entry) => total + gzipSync(readFileSync(path.join(clientDir, entry.url))).length, 0);
  console.info(
    `service worker: /sw.js precaches ${precache.length} files (${(bytes / 1024).toFixed(1)} KB gzip of scripts, styles and fonts)`,
  );
}
