import { mkdir } from "node:fs/promises";
import path from "node:path";
// The screen's own messages file, not `locales/*.ts`: Playwright's loader needs the import
// attribute on a JSON import, which those files (bundled by Vite) do not give.
import enOverdue from "../src/locales/en/drop-off/overdue.json" with { type: "json" };
import idOverdue from "../src/locales/id/drop-off/overdue.json" with { type: "json" };
import { focusAtLowest, inspect, type Probe } from "./support/bars.ts";
import { visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { createScenario, openDropOffLink } from "./support/journeys.ts";
import { fillPackageForm } from "./support/package-form.ts";

/**
 * Nothing hides under a sticky or fixed bar (WCAG 2.2 SC 2.4.11 Focus Not Obscured, and errors
 * that stay readable). Every screen that has a bar is checked in the axe audits' walk through the
 * screens (`support/a11y-screens.ts`, the states marked `bars`), in Indonesian and English, at
 * 390×844 and 1280×800, with the checks of `support/bars.ts`. Here: the case no focus shows, the
 * overdue page's e-mail message appearing while the field sits just above the phone's bar; and the
 * package QR's sticky card on a shorter desktop screen than those two frames.
 *
 * Screenshots of the overdue page with its e-mail error: set SHOTS_DIR.
 */

const overdueMessages = { id: idOverdue, en: enOverdue } as const;
const shotsDir = process.env.SHOTS_DIR;

/**
 * A message that appears with no focus that moves: the person leaves the field, or presses Enter
 * in a field the browser had no need to scroll. The overdue page's e-mail just above the phone's
 * sticky bar (the field in view, its hint under the bar, as after a scroll): its message must come
 * out from under the bar.
 */
describe("the overdue e-mail's message once the field is left, or on Enter (phone)", () => {
  for (const [lang, how] of [
    ["id", "left"],
    ["en", "left"],
    ["id", "Enter"],
    ["en", "Enter"],
  ] as const) {
    test(`is not under the sticky bar (${lang}, ${how})`, async ({ open }) => {
      test.setTimeout(60_000);
      const { page } = await open({ viewport: "mobile", language: lang });
      await openDropOffLink(page, lang, (await createScenario("dropoff-overdue-need-to-pay")).url);
      await page.getByTestId("overdue-total-toggle").click();
      const email = page.getByTestId("overdue-email");
      if (how === "left") {
        // Before any message the bar is taller (the line saying why the button is disabled): the
        // field focused as low as it can be without a scroll keeps its hint clear of the bar.
        await email.evaluate(focusAtLowest);
        expect((await page.evaluate(inspect, { kind: "active" } as Probe)).problems).toEqual([]);
      }
      await email.fill("rina@example");
      // The field's bottom 4 px above the bar: in view, its hint and the message's place under the bar.
      const placed = await email.evaluate((input) => {
        const bar = document.querySelector('[data-testid="overdue-actions"]')?.getBoundingClientRect();
        if (!bar) return false;
        window.scrollBy(0, input.getBoundingClientRect().bottom - (bar.top - 4));
        return Math.abs(input.getBoundingClientRect().bottom - (bar.top - 4)) < 1;
      });
      expect(placed, "the page scrolls far enough to put the field above the bar").toBe(true);
      if (how === "Enter") {
        await email.evaluate((input) => input.focus({ preventScroll: true }));
        await page.keyboard.press("Enter");
      } else {
        // A tap elsewhere leaves the field.
        await page.getByTestId("overdue-form").locator("h2").tap();
      }
      const error = page.getByTestId("overdue-form").locator('[data-testid="field-error"]');
      await error.waitFor();
      await expect(error).toHaveText(overdueMessages[lang].messages.email);
      const overlap = () =>
        error.evaluate((element) => {
          const bar = document.querySelector('[data-testid="overdue-actions"]')?.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          return bar ? Math.max(0, Math.round(box.bottom - bar.top)) : -1;
        });
      await expect.poll(overlap).toBe(0);
      await expect
        .poll(() => error.evaluate((element) => element.getBoundingClientRect().top >= 0))
        .toBe(true);
      const hint = page.getByTestId("overdue-form").getByText(overdueMessages[lang].emailHint, {
        exact: true,
      });
      await expect(hint, "the hint stays with the error").toBeVisible();
      if (shotsDir && how === "Enter") {
        await mkdir(shotsDir, { recursive: true });
        await page.evaluate(() => document.fonts.ready);
        // The reported case: the field focused as low as it can be without a scroll.
        await email.blur();
        await email.evaluate(focusAtLowest);
        await page.screenshot({ path: path.join(shotsDir, `overdue-error-mobile-${lang}.png`) });
      }
    });
  }
});

/**
 * The made QR's card on the package form sits beside the form on a wide screen, stuck under the
 * header while the form scrolls; it is nearly as tall as a laptop's viewport (a 1280×720 page, or
 * larger text or a longer locker name at 1280×800). Stuck there, its foot (New Package) stayed below the fold until the form's
 * end, and focusing it scrolled the page without bringing the button up. Each control of the card,
 * focused from every scroll position, must be in full view.
 */
test("the package QR's card on a laptop's short screen: New Package in view when focused", async ({
  open,
}) => {
  const { page } = await open({ viewport: "desktop", language: "id" });
  await page.setViewportSize({ width: 1280, height: 720 });
  await visit(page, (await createScenario("package-form")).url);
  await fillPackageForm(page);
  await page.getByTestId("package-submit").click();
  await page.getByTestId("package-qr-image").waitFor();
  await expect(page.getByTestId("package-new")).toBeVisible();
  expect((await page.evaluate(inspect, { kind: "sweep", step: 60 } as Probe)).problems).toEqual([]);
});
