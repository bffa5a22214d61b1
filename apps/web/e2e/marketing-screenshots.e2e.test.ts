import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { animationsDone, visit } from "./support/browser.ts";
import { createScenario } from "./support/journeys.ts";
import { describeShots, shotsDir } from "./support/shots.ts";

/**
 * Screenshots of the marketing site for review:
 * `SHOTS_DIR=/tmp/shots-marketing npx playwright test e2e/marketing-screenshots --workers=1`.
 * Skipped unless SHOTS_DIR is set. The guest book is sent for real, to the test system's API (the
 * confirmation opens only after a send).
 */

interface Shot {
  name: string;
  path: string | (() => Promise<string>);
  full?: boolean;
  setup?: (page: Page) => Promise<void>;
  /** Runs before the page is opened (routes). */
  before?: (page: Page) => Promise<void>;
}

async function fillForm(page: Page) {
  await page.locator('input[name="sender_name"]').fill("Budi Santoso");
  await page.locator('input[name="sender_contact"]').fill("081234567890");
  await page.locator('input[name="email_address"]').fill("budi@example.com");
  await page.locator('input[name="purpose"][value="advertise_in_paxelbox"]').check();
  await page
    .locator('textarea[name="message"]')
    .fill("Kami ingin memasang loker di lobi gedung kantor kami.");
  await page.locator('input[name="term_check"]').check();
}

/** The finder's list has its answer (it is faded and busy while it loads). */
const finderSettled = (page: Page) =>
  page.locator('[data-testid="locker-finder"] [aria-busy="true"]').waitFor({ state: "detached" });

/** Searches the finder for `query` and waits for its answer. */
async function findLockers(page: Page, query: string) {
  await page.locator('[data-testid="finder-input"]').fill(query);
  await page.locator('[data-testid="finder-search"]').click();
  await finderSettled(page);
}

const shots: Shot[] = [
  { name: "landing", path: "/", full: true },
  {
    name: "landing-finder",
    path: "/#location",
    setup: async (page) => {
      await findLockers(page, "Stasiun");
      await page.locator('[data-testid="finder-map"]').scrollIntoViewIfNeeded();
      await page.locator('[data-testid="finder-map"] path.leaflet-interactive').first().waitFor();
      await page.locator('[data-testid="finder-show"]').first().click();
      await animationsDone(page);
      await page.locator("#location").evaluate((element) => element.scrollIntoView());
    },
  },
  {
    name: "landing-finder-empty",
    path: "/",
    setup: async (page) => {
      await findLockers(page, "Surabaya");
      await page.locator("#location").evaluate((element) => element.scrollIntoView());
    },
  },
  {
    name: "landing-contact",
    path: "/",
    setup: async (page) => {
      await page.locator('label:has([data-testid="business-type-Business"])').click();
      await page.locator("#contact").evaluate((element) => element.scrollIntoView());
    },
  },
  { name: "services", path: "/services", full: true },
  {
    name: "services-anchor",
    path: "/services/#retur-paket",
    setup: async (page) => {
      // The page scrolls to its anchor 2 s after it shows (spec §9); motion is reduced, so at once.
      await page.waitForFunction(() => window.scrollY > 0);
    },
  },
  { name: "guest-book", path: "/guest-book?business_type=Business", full: true },
  {
    name: "guest-book-errors",
    path: "/guest-book?business_type=Individu",
    full: true,
    setup: async (page) => {
      await page.locator('input[name="sender_contact"]').fill("0812");
      await page.locator('input[name="email_address"]').fill("budi@");
      await page.locator('[data-testid="guest-book-submit"]').click();
      await page.locator('[data-testid="field-error"]').first().waitFor();
    },
  },
  {
    name: "guest-book-sending",
    path: "/guest-book?business_type=Business",
    before: async (page) => {
      // The action's answer never comes: the overlay stays.
      await page.route(
        (url) => url.pathname === "/guest-book.data",
        () => undefined,
      );
    },
    setup: async (page) => {
      await fillForm(page);
      await page.locator('[data-testid="guest-book-submit"]').click();
      await page.locator('[data-testid="loading-overlay"]').waitFor();
    },
  },
  {
    name: "guest-book-captcha-error",
    path: "/guest-book?business_type=Business",
    before: async (page) => {
      // The form posts an answer the API does not accept.
      await page.route(
        (url) => url.pathname === "/guest-book.data",
        (route) => {
          const body = new URLSearchParams(route.request().postData() ?? "");
          body.set("captcha", "bm90IGEgcHJvb2Y=");
          return route.continue({ postData: body.toString() });
        },
      );
    },
    setup: async (page) => {
      await fillForm(page);
      await page.locator('[data-testid="guest-book-submit"]').click();
      await page.locator('[data-testid="error-dialog"] p').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: "guest-book-submitted",
    path: "/guest-book?business_type=Business",
    setup: async (page) => {
      await fillForm(page);
      await page.locator('[data-testid="guest-book-submit"]').click();
      await page.locator('[data-testid="guest-book-submitted"]').waitFor({ timeout: 20_000 });
    },
  },
  { name: "short-link-not-found", path: async () => (await createScenario("short-link-missing")).url },
  {
    name: "short-link-looking",
    path: "/o/slowcode",
    before: async (page) => {
      await page.route("**/api/v1/shortlinks/*", () => undefined);
    },
  },
];

describeShots(
  "marketing screenshots",
  async ({ open, viewport, lang, suffix }) => {
    const dir = shotsDir ?? "";
    await mkdir(dir, { recursive: true });
    for (const shot of shots) {
      const { page } = await open({ viewport, language: lang });
      await page.emulateMedia({ reducedMotion: "reduce" });
      await shot.before?.(page);
      const target = typeof shot.path === "string" ? shot.path : await shot.path();
      await visit(page, target);
      await page.evaluate(() => document.fonts.ready);
      if (shot.full) {
        // Every picture loads now (a lazy one off screen, or in a carousel's hidden slide, would
        // never finish), then a scroll through the page lets the map draw.
        await page.evaluate(() => {
          for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) {
            image.loading = "eager";
          }
        });
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 500) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 80));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      }
      await shot.setup?.(page);
      await animationsDone(page);
      await page.screenshot({
        path: path.join(dir, `${shot.name}-${suffix}.png`),
        fullPage: shot.full,
      });
    }
  },
  300_000,
);
