import { hydrated, phoneAndDesktop } from "../support/browser.ts";
import { describe, expect, test } from "../support/fixtures.ts";
import { commits, recordRenders } from "../support/renders.ts";

/**
 * What React renders once a page is up, counted per commit (`support/renders.ts`). A component
 * whose state flips right after hydration re-renders everything below it in one task as the page
 * becomes interactive — on a phone, the blocking time Lighthouse counts. The root layout did so on
 * every page (the Web Vitals hook read the hydration flag), and every slide change of the services
 * carousel rendered each slide again (pictures, texts, buttons: 26 components every 1.5 s).
 */
const publicPages = [
  { page: "/", path: "/" },
  { page: "/services", path: "/services" },
  { page: "/guest-book", scenario: "guest-book-individu" },
  { page: "/package", scenario: "package-form" },
] as const;

/** Once the page has hydrated: the discovery of the routes it links, the carousel's engine… */
const settleMs = 2_500;

/** A slide change: the carousel, its arrows and dots (8 today; each slide again was 26). */
const maxSlideChange = 10;

describe("render work after hydration", () => {
  for (const entry of publicPages) {
    test(`${entry.page}: the document's layout renders once, in hydration, on a phone and a desktop, in both languages`, async ({
      open,
      scenario,
    }) => {
      for (const [viewport, language] of phoneAndDesktop) {
        const frame = `${entry.page} (${viewport}, ${language})`;
        const { page, errors } = await open({ viewport, language });
        await recordRenders(page);
        const path = "path" in entry ? entry.path : (await scenario(entry.scenario, { language })).url;
        await page.goto(path);
        await hydrated(page);
        await page.waitForTimeout(settleMs);
        const [hydration, ...later] = await commits(page);
        expect(hydration?.layout, `${frame}: the hydration renders the layout`).toBe(true);
        expect(
          later.filter((commit) => commit.layout),
          `${frame}: commits after hydration that rendered the layout again`,
        ).toEqual([]);
        expect(errors, frame).toEqual([]);
      }
    });
  }

  test(`/services: a slide change renders at most ${maxSlideChange} components, not the slides`, async ({
    open,
  }) => {
    for (const [viewport, language] of phoneAndDesktop) {
      const frame = `/services (${viewport}, ${language})`;
      const { page, errors } = await open({ viewport, language });
      // No autoplay: the one slide change is the visitor's.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await recordRenders(page);
      await page.goto("/services");
      await page.locator('[data-testid="banner-carousel"][data-ready="true"]').waitFor();
      await page.waitForTimeout(500);
      const before = (await commits(page)).length;
      const dots = page.getByTestId("banner-carousel").locator("ol button");
      await expect(dots.nth(1), frame).toBeAttached();
      await page
        .getByRole("button", { name: language === "en" ? "Next promotion" : "Promo berikutnya" })
        .click();
      await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
      await page.waitForTimeout(300);
      const change = (await commits(page)).slice(before);
      expect(change.length, `${frame}: the slide change committed`).toBeGreaterThan(0);
      expect(
        Math.max(...change.map((commit) => commit.components)),
        `${frame}: components rendered by a slide change (${JSON.stringify(change)})`,
      ).toBeLessThanOrEqual(maxSlideChange);
      expect(errors, frame).toEqual([]);
    }
  });
});
