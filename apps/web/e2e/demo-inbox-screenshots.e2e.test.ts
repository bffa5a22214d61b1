import { visit } from "./support/browser.ts";
import { expect } from "./support/fixtures.ts";
import { freshMark, freshPhone, inboxPath, mailsTo, partnershipInbox } from "./support/inbox.ts";
import { openDropOffLink, payOverdueAtSandbox, sendGuestBook } from "./support/journeys.ts";
import { describeShots, shot } from "./support/shots.ts";

/**
 * Screenshots of the demo inbox for review (from apps/web):
 * `SHOTS_DIR=/tmp/shots-inbox npx playwright test e2e/demo-inbox-screenshots`. Skipped unless
 * SHOTS_DIR is set. Its messages: a stored parcel's WhatsApp, an overdue fee's receipt, a guest
 * book's lead and its acknowledgement.
 */

describeShots(
  "demo inbox screenshots",
  async ({ open, scenario, viewport, lang, suffix }) => {
    const { page } = await open({ viewport, language: lang });
    const mark = freshMark();
    await sendGuestBook(
      page,
      lang,
      "Business",
      `Kami ingin memasang loker di lobi gedung kantor kami. ${mark}`,
    );
    const overdue = await scenario("dropoff-overdue-need-to-pay");
    await openDropOffLink(page, lang, overdue.url);
    await payOverdueAtSandbox(page, "rina.kartika@example.com");
    await scenario("dropoff-in-store");

    await visit(page, inboxPath());
    await expect(mailsTo(page, partnershipInbox).filter({ hasText: mark })).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect(mailsTo(page, "rina.kartika@example.com").first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("message-status").first()).toHaveAttribute("data-status", "delivered", {
      timeout: 30_000,
    });
    await shot(page, `demo-inbox-${suffix}`);
    await visit(page, inboxPath("0811222233333"));
    await page.getByTestId("conversation").waitFor();
    await shot(page, `demo-inbox-phone-${suffix}`);
    await visit(page, inboxPath(freshPhone()));
    await page.getByTestId("inbox-empty").waitFor();
    await shot(page, `demo-inbox-empty-${suffix}`);
    await visit(page, inboxPath("rina@"));
    await page.getByTestId("field-error").waitFor();
    await shot(page, `demo-inbox-invalid-${suffix}`, false);
  },
  180_000,
);
