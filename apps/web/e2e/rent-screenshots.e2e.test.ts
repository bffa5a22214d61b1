import type { Page } from "playwright-core";
import { speakEnglish, visit } from "./support/browser.ts";
import { advanceOrder } from "./support/journeys.ts";
import { describeShots, shot } from "./support/shots.ts";

/**
 * Screenshots of every rent-status screen and modal for review:
 * `SHOTS_DIR=/tmp/shots-rent npx playwright test e2e/rent-screenshots --workers=1`.
 * Skipped unless SHOTS_DIR is set.
 */

const settled = (page: Page) => page.locator('[data-testid="rent-status"]').waitFor();

describeShots(
  "rent screenshots",
  async ({ open, scenario, viewport, lang, suffix }) => {
    const { page } = await open({ viewport, language: lang });
    // Demo rents are Budi's (Indonesian): English answers his members auth with language en.
    if (lang === "en") {
      await speakEnglish(page);
    }

    const toStore = await scenario("rent-to-store");
    await visit(page, toStore.url);
    await settled(page);
    await shot(page, `to-store-${suffix}`);
    await shot(page, `to-store-viewport-${suffix}`, false);
    await page.locator('[data-testid="cancel-rent"]').click();
    await page.locator('[data-testid="cancel-confirm"]').waitFor();
    await shot(page, `to-store-confirm-${suffix}`, false);
    await page.route("**/api/v1/box/express/cancelRent", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({
          code: 409,
          message: "This rent can no longer be cancelled: items have been stored or the rent has ended.",
        }),
      }),
    );
    await page.locator('[data-testid="cancel-confirm-yes"]').click();
    await page.locator('[data-testid="cancel-denied"]').waitFor();
    await shot(page, `to-store-denied-${suffix}`, false);
    await page.unroute("**/api/v1/box/express/cancelRent");
    await page.keyboard.press("Escape");
    await page.locator('[data-testid="cancel-rent"]').click();
    await page.locator('[data-testid="cancel-confirm-yes"]').click();
    await page.locator('[data-testid="cancel-success"]').waitFor();
    await shot(page, `cancel-success-${suffix}`);
    await page.locator('[data-testid="result-action"]').click();
    await page.locator('[data-testid="rent-status"][data-status="CANCEL"]').waitFor();
    await shot(page, `cancelled-${suffix}`);

    const inStore = await scenario("rent-in-store");
    await visit(page, inStore.url);
    await settled(page);
    await shot(page, `in-store-${suffix}`);
    await page.locator('[data-testid="pick-up"]').click();
    await page.locator('[data-testid="pick-up-dialog"]').waitFor();
    await shot(page, `pick-up-dialog-${suffix}`, false);
    await page.locator('[data-testid="open-locker"]').click();
    await page.locator('[data-testid="open-locker-page"] [data-testid="qr"]').waitFor();
    await shot(page, `open-locker-${suffix}`);
    await page.goBack();
    await settled(page);
    await page.locator('[data-testid="pick-up"]').click();
    await page.locator('[data-testid="stop-rent"]').click();
    await page.locator('[data-testid="stop-count"]').waitFor();
    await shot(page, `stop-count-${suffix}`);
    await page.locator('[data-testid="stop-view"]').waitFor({ timeout: 10_000 });
    await shot(page, `stop-${suffix}`);

    const overdue = await scenario("rent-in-store-overdue");
    await visit(page, overdue.url);
    await settled(page);
    await page.locator('[data-testid="pick-up"]').click();
    await page.locator('[data-testid="overdue-cost"]').waitFor();
    await shot(page, `overdue-${suffix}`);
    await visit(page, `${overdue.url}&payment_status=FAILED&overdue=true`);
    await page.locator('[data-testid="overdue-view"] [data-testid="payment-result"]').waitFor();
    await page.locator('[data-testid="overdue-cost"]').waitFor();
    await shot(page, `overdue-failed-${suffix}`);
    await visit(page, `${inStore.url}&payment_status=SUCCESS&overdue=true`);
    await settled(page);
    await shot(page, `in-store-paid-${suffix}`, false);

    for (const id of ["rent-ended", "rent-ended-by-system"]) {
      const other = await scenario(id);
      await visit(page, other.url);
      await settled(page);
      await shot(page, `${id}-${suffix}`);
    }
    const stopped = await scenario("rent-ended");
    await visit(
      page,
      `/order-status/action?act=stop_success&orderid=${stopped.params.get("orderid")}&token=demo-token-budi`,
    );
    await page.locator('[data-testid="stop-success"]').waitFor();
    await shot(page, `stop-success-${suffix}`);

    await visit(page, "/order-status?orderid=999999&token=demo-token-budi");
    await page.locator('[data-testid="error-dialog"][open]').waitFor();
    await shot(page, `oops-${suffix}`, false);
    await visit(page, "/order-status?token=demo-token-budi");
    await page.locator('[data-testid="rent-missing-order"]').waitFor();
    await shot(page, `missing-${suffix}`, false);

    // The countdown at zero, while the rent is being cancelled.
    const soon = await scenario("rent-to-store");
    await advanceOrder(soon.orderId, 50);
    await page.route("**/api/v1/box/express/cancelRent", () => undefined);
    await visit(page, soon.url);
    await page.locator('[data-testid="expired-cancelling"]').waitFor();
    await shot(page, `to-store-zero-${suffix}`, false);
  },
  180_000,
);
