import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { animationsDone } from "./browser.ts";

/** Where the screenshot runs save their pictures; those runs are skipped without it. */
export const shotsDir = process.env.SHOTS_DIR;

/**
 * Saves a screenshot of the page for review as `<SHOTS_DIR>/<name>.png`, once its fonts have loaded
 * and its transitions (a dialog opening, a slide) have ended (`scripts: false`: a page that runs none).
 */
export async function shot(page: Page, name: string, full = true, { scripts = true } = {}): Promise<void> {
  if (!shotsDir) return;
  await mkdir(shotsDir, { recursive: true });
  // A page that runs no script cannot be asked in it (Playwright's screenshot waits for the fonts).
  if (scripts) {
    await page.evaluate(() => document.fonts.ready);
    await animationsDone(page);
  }
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: full });
}
