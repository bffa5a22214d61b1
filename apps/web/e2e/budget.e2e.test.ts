import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Page, Response } from "playwright-core";
import { budgets } from "../../../scripts/budgets.ts";
import { compressionThreshold } from "../precompress-assets.ts";
import { measuredPages } from "../src/pages.ts";
import { visit, watchRequests } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";

/**
 * What the landing page really loads stays within the initial-JS budget that `npm test` checks on
 * every route from the build manifest (`scripts/budgets.ts`): this is the same budget, measured in
 * the browser, scripts loaded after hydration included.
 */
const budgetBytes = budgets.initialJs;

/**
 * What must never reach the landing page's JavaScript: the contract's schemas (zod, ~10 KB;
 * content comes from server loaders), DOMPurify (server HTML is sanitised by the loader; the
 * browser loads it only for HTML that arrives later), Leaflet (the finder's map loads near the
 * screen), the ALTCHA widget (guest book only) and the route registry (`src/pages.ts`: the
 * service worker and the audit read it; the page posts to the worker with `service-worker/messages.ts`).
 */
const keptOut = [
  { name: "zod", marker: "ZodError" },
  { name: "DOMPurify", marker: "DOMPurify" },
  { name: "Leaflet", marker: "leaflet-container" },
  { name: "ALTCHA", marker: "altcha-widget" },
  { name: "the route registry", marker: "weightKb" },
];

describe("landing JS budget", () => {
  test(`loads at most ${budgetBytes / 1024} KB of gzip JS on /, and serves it compressed as it was built`, async ({
    open,
  }) => {
    const { page } = await open({ viewport: "mobile" });
    const files: Response[] = [];
    page.on("response", (response) => {
      if (["script", "stylesheet"].includes(response.request().resourceType())) files.push(response);
    });
    await visit(page, "/");
    await page.waitForLoadState("networkidle");

    let total = 0;
    const scripts = files.filter((response) => response.request().resourceType() === "script");
    for (const response of files) {
      const body = Buffer.from(await (await fetch(response.url())).arrayBuffer());
      if (scripts.includes(response)) {
        total += gzipSync(body).length;
        const text = body.toString("utf8");
        for (const library of keptOut)
          expect(text.includes(library.marker), `${library.name} in ${response.url()}`).toBe(false);
      }
      // Everything above the compression threshold (1 KB) travels compressed, with Brotli at its best
      // quality, as the build compressed it (precompress-assets.ts); a server compressing as it sends
      // (quality 4, or zstd) sent the landing's scripts 16 % larger.
      if (body.length <= compressionThreshold) continue;
      expect(response.headers()["content-encoding"], response.url()).toBe("br");
      const { responseBodySize } = await response.request().sizes();
      const best = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).length;
      expect(responseBodySize, `${response.url()}: bytes on the wire`).toBeLessThanOrEqual(best * 1.01);
    }
    console.info(`[budget] / loads ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(budgetBytes);
  });
});

/**
 * Every script a page loads as a phone meets it, until the page is quiet: after load, no new script
 * for 2 s ("network idle" never comes on the order screens: their stream of pushed changes stays
 * open). Gzip bytes against the page's weight in the route registry (`src/pages.ts`).
 */
async function scriptsUntilQuiet(page: Page, path: string): Promise<string[]> {
  const scripts = watchRequests(page, ["script"]);
  await page.goto(path, { waitUntil: "load" });
  await scripts.quiet(2000);
  return scripts.urls;
}

describe("weight in the browser, every script until the page is quiet", () => {
  test.use({ visitor: { viewport: "mobile" } });

  for (const entry of measuredPages) {
    test(`${entry.name}: ≤ ${entry.weightKb} KB gzip`, async ({ page, scenario }) => {
      const path = entry.scenario ? (await scenario(entry.scenario)).url : entry.path;
      const scripts = await scriptsUntilQuiet(page, path);
      let bytes = 0;
      for (const url of scripts)
        bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
      // Compared unrounded: a page 20 bytes over is over, though it reads "170.0 KB".
      const kb = Math.round((bytes / 1024) * 100) / 100;
      console.info(`[budget] ${entry.name}: ${scripts.length} script requests, ${kb} KB gzip`);
      expect(bytes, `${entry.name}: gzip bytes (${kb} KB)`).toBeLessThanOrEqual(entry.weightKb * 1024);
    });
  }
});
