import { phoneAndDesktop, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import {
  conversationWith,
  e164,
  freshEmail,
  freshMark,
  freshPhone,
  inboxPath,
  inboxTexts,
  mailsTo,
  partnershipInbox,
} from "./support/inbox.ts";
import {
  decodeQr,
  openDropOffLink,
  payOverdueAtSandbox,
  scanAtKiosk,
  sendGuestBook,
} from "./support/journeys.ts";
import { $, fillPackageForm, openPackageForm } from "./support/package-form.ts";

/**
 * The messages people get (docs/notifications.md), followed in Chromium to where they arrive: the
 * WhatsApp sandbox and the SMTP sink, shown on the demo inbox (`/demo/inbox`). A worker sends them a
 * moment after the change that caused them, and the inbox shows new messages by itself: the
 * assertions on it wait. Each journey in both languages and at both sizes (the phone in Indonesian,
 * the desktop in English): the pages it crosses depend on the one or the other.
 */

/** How long a message may take to reach the inbox: the worker's poll, the send, the inbox's refresh. */
const arrival = { timeout: 30_000 };

/** The drop-off scenarios' recipient (Rina Kartika), as the sender typed the number. */
const recipientNumber = "0811222233333";

for (const [viewport, lang] of phoneAndDesktop) {
  describe(`notifications at ${viewport} in ${lang}`, () => {
    const t = inboxTexts[lang];

    test("package form → QR → kiosk store → the recipient's WhatsApp message → its link opens the pick-up QR → kiosk take", async ({
      openScenario,
    }) => {
      test.setTimeout(120_000);
      // 1. A courier fills the form for a recipient of this test's own, and the locker stores the parcel.
      const { page, errors, boxId } = await openPackageForm(openScenario, viewport, lang, "run");
      const phone = freshPhone();
      await fillPackageForm(page, { phone });
      await $(page, "package-submit").click();
      const image = $(page, "package-qr-image");
      await image.waitFor({ timeout: 10_000 });
      const stored = await scanAtKiosk(await decodeQr(image), boxId);
      expect(stored.status).toBe(200);
      expect(stored.body.data?.action).toBe("dropoff-store");
      const orderId = stored.body.data?.orderId ?? 0;
      const door = stored.body.data?.doorNumber ?? "";

      // 2. The recipient's phone: one WhatsApp message, from the sender, naming the door, delivered.
      await visit(page, inboxPath(phone));
      await expect(page.locator("h1")).toHaveText(t.title);
      const conversation = conversationWith(page, e164(phone));
      const message = conversation.getByTestId("message");
      await expect(message).toHaveCount(1, arrival);
      await expect(page.getByTestId("conversation")).toHaveCount(1);
      await expect(message).toHaveAttribute("data-template", "dropoff_stored");
      await expect(message).toContainText("Rina Kartika");
      await expect(message).toContainText("Kurir Paxel");
      await expect(message).toContainText(door);
      await expect(message.getByTestId("message-status")).toHaveAttribute(
        "data-status",
        /^(delivered|read)$/,
        arrival,
      );
      await expect(message.getByTestId("message-status")).toHaveText(
        new RegExp(`^(${t.status.delivered}|${t.status.read})$`),
      );

      // 3. Its link, scoped to this one order, opens the pick-up QR.
      const link = message.getByTestId("message-link");
      await expect(link).toHaveCount(1);
      await expect(link).toHaveAttribute("href", new RegExp(`/order\\?orderid=${orderId}&token=[^&\\s]+$`));
      await link.click();
      await page.waitForURL((url) => url.pathname === "/order");
      await $(page, "order-screen").waitFor();
      await expect($(page, "order-door")).toContainText(door);
      const takeCode = await decodeQr($(page, "order-qr-code"));
      expect(takeCode).toMatch(/^PXB-T-/);

      // 4. The recipient takes the parcel with it.
      const taken = await scanAtKiosk(takeCode, boxId);
      expect(taken.status).toBe(200);
      expect(taken.body.data?.action).toBe("pickup");
      expect(taken.body.data?.orderStatus).toBe("CUSTOMER_TAKEN");

      // 5. The phone hears that the parcel was taken, from which door; nothing left to open.
      await visit(page, inboxPath(phone));
      const pickedUp = conversationWith(page, e164(phone))
        .getByTestId("message")
        .and(page.locator('[data-template="dropoff_picked_up"]'));
      await expect(pickedUp).toHaveCount(1, arrival);
      await expect(pickedUp).toContainText(`pintu ${door}, sudah diambil pada`);
      await expect(pickedUp.getByTestId("message-link")).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test("overdue payment with an e-mail → the receipt in the SMTP sink", async ({ openScenario }) => {
      test.setTimeout(120_000);
      const { page, errors, demo } = await openScenario("dropoff-overdue-need-to-pay", {
        viewport,
        language: lang,
      });
      await openDropOffLink(page, lang, demo.url);
      await $(page, "overdue-screen").waitFor();
      const invoice = (await $(page, "overdue-invoice").textContent()) ?? "";
      const door = (await $(page, "overdue-door").textContent()) ?? "";
      const total = (await $(page, "overdue-total").textContent()) ?? "";
      expect(invoice).not.toBe("");
      expect(total).toMatch(/^Rp\. \d/);

      const email = freshEmail();
      await payOverdueAtSandbox(page, email);

      // The receipt, in the mailbox the address names: invoice number, amount, door.
      await visit(page, inboxPath(email));
      const mail = mailsTo(page, email);
      await expect(mail).toHaveCount(1, arrival);
      await expect(page.getByTestId("mail")).toHaveCount(1);
      await expect(page.getByTestId("conversation")).toHaveCount(0);
      await expect(mail).toHaveAttribute("data-template", "dropoff_fee_receipt");
      await expect(mail.locator("h3")).toContainText(invoice);
      await expect(mail.getByTestId("mail-to")).toHaveText(email);
      await expect(mail).toContainText(total);
      await expect(mail).toContainText(door);
      expect(errors).toEqual([]);
    });

    test("overdue payment → the recipient's WhatsApp message in the page's language → its link opens the pick-up QR in it on the recipient's phone", async ({
      openScenario,
      open,
    }) => {
      test.setTimeout(120_000);
      const { page, errors, demo } = await openScenario("dropoff-overdue-need-to-pay", {
        viewport,
        language: lang,
      });
      const orderId = new URL(demo.url, "http://x").searchParams.get("orderid") ?? "";
      await openDropOffLink(page, lang, demo.url);
      await $(page, "overdue-screen").waitFor();
      const door = (await $(page, "overdue-door").textContent()) ?? "";
      await payOverdueAtSandbox(page, freshEmail());

      // The recipient's phone (the scenario's number): the fee's message, in the overdue page's language.
      await visit(page, inboxPath(recipientNumber));
      const paid = conversationWith(page, e164(recipientNumber))
        .locator('[data-testid="message"][data-template="dropoff_fee_paid"]')
        .filter({ has: page.locator(`a[href*="orderid=${orderId}&"]`) });
      await expect(paid).toHaveCount(1, arrival);
      await expect(paid.locator("p[lang]")).toHaveAttribute("lang", lang);
      await expect(paid).toContainText(door);
      const href = (await paid.getByTestId("message-link").getAttribute("href")) ?? "";

      // Its link, tapped on that phone, whose browser has never opened the site: the pick-up QR, in
      // the message's language.
      const phone = await open({ viewport });
      await visit(phone.page, href.replace(/^https?:\/\/[^/]+/, ""));
      await $(phone.page, "order-screen").waitFor();
      await expect(phone.page.locator("html")).toHaveAttribute("lang", lang);
      await expect($(phone.page, "order-door")).toContainText(door);
      expect(await decodeQr($(phone.page, "order-qr-code"))).toMatch(/^PXB-P-/);
      expect(errors).toEqual([]);
      expect(phone.errors).toEqual([]);
    });

    test("guest-book send → the lead in the partnership inbox", async ({ open }) => {
      test.setTimeout(120_000);
      const { page, errors } = await open({ viewport, language: lang });
      const mark = freshMark();
      await sendGuestBook(page, lang, "Business", `Kami ingin memasang loker di gedung kantor kami. ${mark}`);

      // The lead, with every field, in the partnership team's inbox (among the other tests' leads).
      await visit(page, inboxPath(partnershipInbox));
      const lead = mailsTo(page, partnershipInbox).filter({ hasText: mark });
      await expect(lead).toHaveCount(1, arrival);
      await expect(lead).toHaveAttribute("data-template", "partnership_lead");
      await expect(lead.locator("h3")).toContainText("Budi Santoso");
      for (const value of [
        "081234567890",
        "budi@example.com",
        "Kami ingin memasang loker di gedung kantor kami.",
      ]) {
        await expect(lead).toContainText(value);
      }
      expect(errors).toEqual([]);
    });
  });
}
