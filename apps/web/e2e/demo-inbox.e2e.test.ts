import type { Page } from "playwright-core";
import { audit } from "./support/a11y-screens.ts";
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
import { api, createScenario, sendGuestBook } from "./support/journeys.ts";

/**
 * The demo inbox (`/demo/inbox`): what the WhatsApp sandbox and the SMTP sink received, as phones
 * and mail clients show it. Its filter is a form that works without scripts; an empty inbox says
 * how to make a message; the start banner's links open it in either language; WCAG 2.2 AA (axe)
 * with messages, empty and with a wrong filter. The journeys that end in it:
 * `notifications.e2e.test.ts`; screenshots: `demo-inbox-screenshots.e2e.test.ts`.
 */

/** Where the demo scenarios' drop-off recipient gets their messages (`0811222233333`). */
const scenarioRecipient = "0811222233333";

/** Waits until the outbox holds a message to `to` that `matches` (the worker sends it a moment later). */
async function outboxHas(to: string, matches: (entry: { id: string; text: string }) => boolean) {
  await expect
    .poll(async () => (await api<{ id: string; text: string }[]>(inboxApi(to))).data.some(matches), {
      timeout: 30_000,
    })
    .toBe(true);
}
const inboxApi = (to: string) => `/api/demo/outbox?to=${encodeURIComponent(to)}`;

/** A stored drop-off (a fresh demo record) and its WhatsApp message, once it has been sent. */
async function storedParcelMessage(): Promise<string> {
  const demo = await createScenario("dropoff-in-store");
  await outboxHas(scenarioRecipient, (entry) => entry.text.includes(`orderid=${demo.orderId}&`));
  return demo.orderId;
}

for (const [viewport, lang] of phoneAndDesktop) {
  describe(`demo inbox at ${viewport} in ${lang}`, () => {
    const t = inboxTexts[lang];

    test("a recipient without messages: says so, and how to make one", async ({ open }) => {
      const { page, errors } = await open({ viewport, language: lang });
      const phone = freshPhone();
      await visit(page, inboxPath(phone));
      const empty = page.getByTestId("inbox-empty");
      await expect(empty.locator("h2")).toHaveText(t.empty.titleFor.replace("{{to}}", phone));
      await expect(page.getByTestId("inbox-to")).toHaveValue(phone);
      await expect(page.getByTestId("conversation")).toHaveCount(0);
      // How to make one: the package form, the kiosk, an overdue parcel, the guest book.
      await expect(empty.getByRole("link")).toHaveCount(4);
      await expect(empty.locator('a[href="/demo/kiosk"]')).toBeVisible();
      await expect(empty.locator('a[href="/api/demo/scenarios/package-form/open"]')).toBeVisible();
      expect(errors).toEqual([]);
    });

    test("a stored parcel's message: in its recipient's conversation, its link to the order a real link", async ({
      open,
    }) => {
      const orderId = await storedParcelMessage();
      const { page, errors } = await open({ viewport, language: lang });
      await visit(page, inboxPath(scenarioRecipient));
      const message = conversationWith(page, e164(scenarioRecipient))
        .getByTestId("message")
        .filter({ has: page.locator(`a[href*="orderid=${orderId}&"]`) });
      await expect(message).toHaveCount(1);
      // The message's own language, whatever the page's.
      await expect(message.locator("p[lang]")).toHaveAttribute("lang", "id");
      const link = message.getByTestId("message-link");
      await expect(link).toHaveAttribute("href", /^http:\/\/localhost:\d+\/order\?orderid=\d+&token=[\w-]+$/);
      // The text is the link's own address, not markup.
      await expect(link).toHaveText((await link.getAttribute("href")) ?? "");
      await expect(page.getByTestId("inbox-phones").locator("h2")).toContainText(t.phones);
      // Long links and addresses wrap: nothing is wider than the screen.
      const width = page.viewportSize()?.width ?? 0;
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors).toEqual([]);
    });
  });
}

describe("the demo inbox's filter without scripts", () => {
  test.use({ visitor: { viewport: "mobile", javaScriptEnabled: false } });

  test("refuses what is neither a number nor an address, then shows one number's messages", async ({
    page,
  }) => {
    await storedParcelMessage();
    await page.goto(inboxPath());
    const to = page.getByTestId("inbox-to");
    await to.fill("rina@");
    await page.getByTestId("inbox-show").click();
    await page.waitForURL((url) => url.searchParams.get("to") === "rina@");
    await expect(page.getByTestId("field-error")).toHaveText(inboxTexts.id.filter.invalid);
    await expect(to).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("conversation")).toHaveCount(0);
    await expect(page.getByTestId("inbox-empty")).toHaveCount(0);

    // As people write a number: with its dashes.
    await page.getByTestId("inbox-to").fill("0811-2222-33333");
    await page.getByTestId("inbox-show").click();
    await page.waitForURL((url) => url.searchParams.get("to") === "0811-2222-33333");
    await expect(page.getByTestId("conversation")).toHaveCount(1);
    await expect(conversationWith(page, e164(scenarioRecipient))).toBeVisible();
    await expect(page.getByTestId("mail")).toHaveCount(0);
    await expect(page.getByTestId("field-error")).toHaveCount(0);
  });
});

describe("the start banner's links", () => {
  for (const lang of ["id", "en"] as const) {
    test(`open the inbox in ${lang}, and its filter keeps the language`, async ({ page }) => {
      const t = inboxTexts[lang];
      await visit(page, inboxPath(undefined, lang));
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.locator("h1")).toHaveText(t.title);
      const email = freshEmail();
      await page.getByTestId("inbox-to").fill(email);
      await page.getByTestId("inbox-show").click();
      await page.waitForURL((url) => url.searchParams.get("to") === email);
      await expect(page).toHaveURL((url) => url.searchParams.get("lang") === lang);
      await expect(page.getByTestId("inbox-empty").locator("h2")).toHaveText(
        t.empty.titleFor.replace("{{to}}", email),
      );
    });
  }
});

/** Axe on the inbox as it is now, at the phone size and then the desktop size. */
async function audited(page: Page, label: string): Promise<string[]> {
  return audit(page, label, { sizes: "both" });
}

describe("WCAG 2.2 AA (axe) on the demo inbox", () => {
  for (const lang of ["id", "en"] as const) {
    test(`with messages, empty, and with a wrong filter, in ${lang}`, async ({ open }) => {
      test.setTimeout(120_000);
      const { page } = await open({ viewport: "mobile", language: lang });
      const mark = freshMark();
      await sendGuestBook(page, lang, "Business", `Kami ingin memasang loker. ${mark}`);
      await storedParcelMessage();
      await outboxHas(partnershipInbox, (entry) => entry.text.includes(mark));

      const found: string[] = [];
      await visit(page, inboxPath());
      await expect(mailsTo(page, partnershipInbox).filter({ hasText: mark })).toHaveCount(1);
      await expect(page.getByTestId("conversation").first()).toBeVisible();
      found.push(...(await audited(page, "inbox with messages")));
      await visit(page, inboxPath(freshPhone()));
      await page.getByTestId("inbox-empty").waitFor();
      found.push(...(await audited(page, "empty inbox")));
      await visit(page, inboxPath("rina@"));
      await page.getByTestId("field-error").waitFor();
      found.push(...(await audited(page, "wrong filter")));
      expect(found).toEqual([]);
    });
  }
});
