import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { animationsDone, everyFrame, type Lang, type ViewportName } from "./browser.ts";
import { describe, type NewContext, type Open, test } from "./fixtures.ts";
import type { createScenario } from "./journeys.ts";

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

/** What a screenshot run's test gets: its frame, the suffix naming its pictures, and its fixtures. */
export interface ShotsRun {
  viewport: ViewportName;
  lang: Lang;
  /** `<viewport>-<lang>`, the end of every picture's name. */
  suffix: string;
  open: Open;
  newContext: NewContext;
  scenario: typeof createScenario;
}

/**
 * Screenshots for review: a block `title` with one test a frame (`everyFrame`, titled
 * `<viewport> <lang>`), skipped unless SHOTS_DIR is set; `timeout` for each when the default is short.
 */
export function describeShots(
  title: string,
  run: (frame: ShotsRun) => Promise<void>,
  timeout?: number,
): void {
  describe(title, () => {
    test.skip(!shotsDir, "screenshots for review: set SHOTS_DIR");
    for (const [viewport, lang] of everyFrame) {
      test(`${viewport} ${lang}`, async ({ open, newContext, scenario }) => {
        if (timeout) test.setTimeout(timeout);
        await run({ viewport, lang, suffix: `${viewport}-${lang}`, open, newContext, scenario });
      });
    }
  });
}
