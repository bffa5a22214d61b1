import { gzipSync } from "node:zlib";
import { budgets } from "../../../scripts/budgets.ts";
import { visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";

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
 * screen) and the ALTCHA widget (guest book only).
 */
const keptOut = [
  { name: "zod", marker: "ZodError" },
  { name: "DOMPurify", marker: "DOMPurify" },
  { name: "Leaflet", marker: "leaflet-container" },
  { name: "ALTCHA", marker: "altcha-widget" },
];

describe("landing JS budget", () => {
  it(`loads at most ${budgetBytes / 1024} KB of gzip JS on /, and serves it compressed`, async ({ open }) => {
    const { page } = await open({ viewport: "mobile" });
    const scripts: { url: string; encoding: string | null }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push({ url: response.url(), encoding: response.headers()["content-encoding"] ?? null });
    });
    await visit(page, "/");
    await page.waitForLoadState("networkidle");

    let total = 0;
    for (const script of scripts) {
      const body = Buffer.from(await (await fetch(script.url)).arrayBuffer());
      const gzipped = gzipSync(body).length;
      total += gzipped;
      const text = body.toString("utf8");
      for (const library of keptOut)
        expect(text.includes(library.marker), `${library.name} in ${script.url}`).toBe(false);
      // Everything above the compression threshold (1 KB) travels compressed.
      if (body.length > 1024) expect(script.encoding, script.url).toMatch(/^(gzip|br|zstd)$/);
    }
    console.info(`[budget] / loads ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(budgetBytes);
  });
});
