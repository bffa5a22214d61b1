import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { measure, measureAfterInteractive, overBudget } from "./budgets.ts";

/** A client build with a manifest and assets of known sizes (random bytes do not compress). */
const clientDir = mkdtempSync(path.join(tmpdir(), "budgets-"));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

let seed = 1;
function noise(bytes: number): string {
  let text = "";
  while (text.length < bytes) {
    seed = (seed * 48271) % 2147483647;
    text += seed.toString(36);
  }
  return text.slice(0, bytes);
}

const gz = (file: string) => gzipSync(files[file] ?? "", { level: 9 }).length;
const files: Record<string, string> = {
  "/assets/entry.js": noise(40_000),
  "/assets/react.js": noise(30_000),
  "/assets/root.js": noise(5_000),
  "/assets/shared.js": noise(8_000),
  "/assets/order.js": noise(3_000),
  "/assets/package.js": noise(2_000),
  "/assets/layout.js": noise(1_000),
  "/assets/root.css": "body{margin:0}".repeat(100),
  "/assets/order.css": ".order{color:red}".repeat(50),
};
const manifest = {
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: { id: "root", module: "/assets/root.js", imports: ["/assets/react.js"], css: ["/assets/root.css"] },
    order: {
      id: "order",
      parentId: "root",
      path: "order",
      module: "/assets/order.js",
      imports: ["/assets/shared.js"],
      css: ["/assets/order.css", "/assets/root.css#"],
    },
    flow: { id: "flow", parentId: "root", path: "package", module: "/assets/layout.js" },
    package: {
      id: "package",
      parentId: "flow",
      index: true,
      module: "/assets/package.js",
      imports: ["/assets/shared.js"],
    },
  },
};
const manifestSource = `window.__reactRouterManifest=${JSON.stringify(manifest)};`;
mkdirSync(path.join(clientDir, "assets"));
for (const [file, text] of Object.entries(files)) writeFileSync(path.join(clientDir, file), text);
writeFileSync(path.join(clientDir, "assets/manifest-abc.js"), manifestSource);
/** The manifest a page's HTML carries with lazy route discovery: the routes of its chain. */
const inlineManifest = (...ids: (keyof typeof manifest.routes)[]) =>
  gzipSync(
    JSON.stringify({ ...manifest, routes: Object.fromEntries(ids.map((id) => [id, manifest.routes[id]])) }),
    {
      level: 9,
    },
  ).length;
const shell = gz("/assets/entry.js") + gz("/assets/react.js") + gz("/assets/root.js");

describe("bundle budgets", () => {
  const sizes = measure(clientDir);

  it("measures every leaf route: shell, its route chain and the manifest its HTML carries; own JS apart from shared chunks", () => {
    expect(sizes.map((size) => size.route)).toEqual(["order", "package/(index)"]);
    const [order, pkg] = sizes;
    expect(order?.initialJs).toBe(
      shell + inlineManifest("root", "order") + gz("/assets/order.js") + gz("/assets/shared.js"),
    );
    expect(order?.routeChunk).toBe(gz("/assets/order.js"));
    expect(order?.css).toBe(gz("/assets/root.css") + gz("/assets/order.css"));
    expect(pkg?.initialJs).toBe(
      shell +
        inlineManifest("root", "flow", "package") +
        gz("/assets/layout.js") +
        gz("/assets/package.js") +
        gz("/assets/shared.js"),
    );
    expect(pkg?.routeChunk).toBe(gz("/assets/layout.js") + gz("/assets/package.js"));
  });

  it("names the route and the size of what is over budget", () => {
    const order = sizes[0];
    if (!order) throw new Error("no order route");
    expect(overBudget(sizes, { initialJs: 1024 * 1024, routeChunk: 1024 * 1024, css: 1024 * 1024 })).toEqual(
      [],
    );
    const failures = overBudget([order], { initialJs: 10 * 1024, routeChunk: 1024, css: 10 });
    expect(failures).toEqual([
      `order: initial JS ${(order.initialJs / 1024).toFixed(1)} KB > 10.0 KB`,
      `order: route chunk ${(order.routeChunk / 1024).toFixed(1)} KB > 1.0 KB`,
      `order: CSS ${(order.css / 1024).toFixed(1)} KB > 0.0 KB`,
    ]);
  });

  it("holds a route to its own initial-JS budget where it has one", () => {
    const order = sizes[0];
    if (!order) throw new Error("no order route");
    const limits = { initialJs: 10 * 1024, routeChunk: 1024 * 1024, css: 1024 * 1024 };
    const own = Math.ceil(order.initialJs / 1024) * 1024;
    expect(overBudget([order], { ...limits, initialJsOf: { [order.route]: own } })).toEqual([]);
    expect(overBudget([order], { ...limits, initialJsOf: { [order.route]: own - 1024 } })).toEqual([
      `order: initial JS ${(order.initialJs / 1024).toFixed(1)} KB > ${(own / 1024 - 1).toFixed(1)} KB`,
    ]);
    expect(overBudget([order], { ...limits, initialJsOf: { elsewhere: own } })).toHaveLength(1);
  });

  it("refuses a folder without a build", () => {
    const empty = path.join(clientDir, "empty");
    mkdirSync(path.join(empty, "assets"), { recursive: true });
    expect(() => measure(empty)).toThrow(/build first/);
  });

  it("measures what loads after interactive on its own budget, and fails when it is missing", () => {
    const lazyDir = path.join(clientDir, "lazy");
    mkdirSync(path.join(lazyDir, "assets"), { recursive: true });
    const reporter = noise(4_000);
    writeFileSync(path.join(lazyDir, "assets", "web-vitals-reporter-AbC_12.js"), reporter);
    const bytes = gzipSync(reporter, { level: 9 }).length;
    const [fits] = measureAfterInteractive(lazyDir, [
      { name: "reporter", file: /^web-vitals-reporter-[\w-]+\.js$/, budget: bytes },
    ]);
    expect(fits).toMatchObject({ size: bytes, failure: undefined });
    const [over] = measureAfterInteractive(lazyDir, [
      { name: "reporter", file: /^web-vitals-reporter-[\w-]+\.js$/, budget: bytes - 1 },
    ]);
    expect(over?.failure).toMatch(/^reporter: .* KB > .* KB$/);
    const [missing] = measureAfterInteractive(lazyDir, [
      { name: "other", file: /^other-.*\.js$/, budget: 1 },
    ]);
    expect(missing?.failure).toMatch(/no chunk matches/);
  });
});
