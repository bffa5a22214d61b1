import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { offlineRouteIds, precacheList } from "./build-service-worker.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A client build: its files, and a React Router manifest naming the routes' modules and styles. */
function clientBuild(files: Record<string, string>, routes: Record<string, object>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "precache-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "assets"));
  const manifest = {
    version: "v1",
    url: "/assets/manifest-v1.js",
    entry: { module: "/assets/entry.js", imports: ["/assets/shell.js"], css: ["/assets/shell.css#"] },
    routes,
  };
  files["assets/manifest-v1.js"] = `window.__reactRouterManifest=${JSON.stringify(manifest)};`;
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const offlineRoutes = Object.fromEntries(
  offlineRouteIds.map((id) => [
    id,
    { id, module: "/assets/screen.js", css: ["/assets/shell.css#", "/assets/screen.css"] },
  ]),
);

describe("precacheList", () => {
  it("keeps the shell, the offline screens with what they import lazily, their styles and fonts, and the public files", () => {
    const dir = clientBuild(
      {
        "assets/entry.js": 'import"./shell.js";',
        "assets/shell.js": "export const shell = 1;",
        "assets/shell.css": "@font-face{src:url(/assets/sans.woff2)}",
        "assets/sans.woff2": "font",
        "assets/screen.js": 'const qr = () => import("./qr.js");',
        "assets/screen.css": ".screen{}",
        "assets/qr.js": "export const qr = 1;",
        "assets/home.js": "export const home = 1;",
        "offline.html": "<p>offline</p>",
        "offline.html.br": "compressed copy",
        "offline.html.gz": "compressed copy",
      },
      { ...offlineRoutes, home: { id: "home", module: "/assets/home.js" } },
    );
    const list = precacheList(dir);
    // The manifest every page loads, but not the routes it names besides the offline screens'.
    expect(list.filter((entry) => entry.revision === null).map((entry) => entry.url)).toEqual([
      "/assets/entry.js",
      "/assets/manifest-v1.js",
      "/assets/qr.js",
      "/assets/sans.woff2",
      "/assets/screen.css",
      "/assets/screen.js",
      "/assets/shell.css",
      "/assets/shell.js",
    ]);
    expect(list.find((entry) => entry.url === "/offline.html")?.revision).toMatch(/^[0-9a-f]{16}$/);
    expect(list.filter((entry) => /\.(br|gz)$/.test(entry.url))).toEqual([]);
  });

  it("names a missing offline route rather than leaving it out", () => {
    const dir = clientBuild({ "assets/entry.js": "", "assets/shell.js": "" }, {});
    expect(() => precacheList(dir)).toThrow(/Route "order" is not in the build: update src\/pages.ts/);
  });
});
