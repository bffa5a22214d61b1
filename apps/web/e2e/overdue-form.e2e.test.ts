import type { Page, Request } from "playwright-core";
// The messages' own files, not `locales/*.ts`: Playwright's loader needs the import attribute on a
// JSON import, which those files (bundled by Vite) do not give.
import enOverdue from "../src/locales/en/drop-off/overdue.json" with { type: "json" };
import enResults from "../src/locales/en/drop-off/results.json" with { type: "json" };
import enPayment from "../src/locales/en/payment.json" with { type: "json" };
import enShell from "../src/locales/en/shell.json" with { type: "json" };
import idOverdue from "../src/locales/id/drop-off/overdue.json" with { type: "json" };
import idResults from "../src/locales/id/drop-off/results.json" with { type: "json" };
import idPayment from "../src/locales/id/payment.json" with { type: "json" };
import idShell from "../src/locales/id/shell.json" with { type: "json" };
import {
  baseUrl,
  desktopId,
  holdScripts,
  hydrated,
  type Lang,
  phoneEn,
  type ViewportName,
  visit,
} from "./support/browser.ts";
import { describe, expect, type Open, test } from "./support/fixtures.ts";
import { advanceOrder, api, createScenario, type Scenario } from "./support/journeys.ts";
import { storeParcel } from "./support/package-form.ts";

/**
 * The overdue page's form is a `<Form method="post">` with a route action (ADR 036), so Select
 * Payment reaches the gateway's checkout whatever the browser runs:
 *   - no scripts at all: the server's form posts to the action, which answers a wrong e-mail with
 *     the spec's message in the page's language and what was typed, and sends a right one on to
 *     the checkout;
 *   - scripts held back after the first paint: the same, before they arrive; an e-mail typed while
 *     they are held survives their arrival;
 *   - scripts running: react-hook-form checks first (nothing is posted with a wrong e-mail), then
 *     posts through the action; the checkout, and back from it paid, the pick-up QR.
 * Indonesian by default, English by the `lang` link or the language cookie; phone and desktop.
 */

const texts = {
  id: { header: idShell.header, errors: idShell.errors, dropOff: { overdue: idOverdue } },
  en: { header: enShell.header, errors: enShell.errors, dropOff: { overdue: enOverdue } },
} as const;
const $ = (page: Page, testId: string) => page.getByTestId(testId);
const fieldError = (page: Page) => $(page, "overdue-form").getByTestId("field-error");
const atCheckout = (page: Page) =>
  page.waitForURL((url) => url.pathname.startsWith("/demo/pay/"), { timeout: 15_000 });
/** A post of the overdue page's form to its action (a document's, or the running page's). */
const isFormPost = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname.startsWith("/overduepayment");

/** How an English visitor comes: the link's `lang`, or the language cookie of an earlier visit. */
type Way = "default" | "link" | "cookie";
const frames: [ViewportName, Lang, Way][] = [
  ["mobile", "id", "default"],
  ["desktop", "en", "link"],
  ["mobile", "en", "cookie"],
];

/** A fresh overdue drop-off and a page for it, in the language and the way given. */
async function openDue(
  open: Open,
  viewport: ViewportName,
  lang: Lang,
  way: Way,
  options: { javaScriptEnabled?: boolean; timezoneId?: string } = {},
) {
  const demo: Scenario = await createScenario(
    "dropoff-overdue-need-to-pay",
    way === "link" ? { language: lang } : {},
  );
  const opened = await open({ viewport, language: way === "cookie" ? lang : undefined, ...options });
  return { ...opened, demo, t: texts[lang] };
}

/**
 * A fresh overdue drop-off (`openDue`) opened at the server's form, no hydration waited for: in a
 * browser that runs no script (`none`), or with every script held back until `release()` (`held`).
 */
async function openServerForm(
  open: Open,
  viewport: ViewportName,
  lang: Lang,
  way: Way,
  scripts: "none" | "held",
) {
  const opened = await openDue(open, viewport, lang, way, { javaScriptEnabled: scripts !== "none" });
  const release = scripts === "held" ? await holdScripts(opened.page) : () => {};
  await opened.page.goto(opened.demo.url, { waitUntil: "domcontentloaded" });
  await $(opened.page, "overdue-form").waitFor();
  return { ...opened, release };
}

for (const [viewport, lang, way] of frames)
  describe(`the overdue form without scripts (${viewport}, ${lang} by ${way})`, () => {
    test("answers a wrong e-mail in the page's language keeping it, then goes on to the gateway's checkout", async ({
      open,
    }) => {
      const { page, demo, t } = await openServerForm(open, viewport, lang, way, "none");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page).toHaveTitle(`${t.header.overdueFee} · PaxelBox`);
      const detail = await api<{ invoiceNumber: string }>(
        `/api/v1/dropoff/overdue/${demo.orderId}`,
        demo.token,
      );
      await expect($(page, "overdue-invoice")).toHaveText(detail.data.invoiceNumber);
      // Select Payment is the browser's own here: enabled, and the action decides.
      const pay = $(page, "overdue-select-payment");
      await expect(pay).toBeEnabled();
      // The fee's breakdown is the browser's own too: it opens without a script.
      const breakdown = $(page, "overdue-breakdown");
      await expect(breakdown).toBeHidden();
      await $(page, "overdue-total-toggle").click();
      await expect(breakdown).toBeVisible();
      await expect(breakdown).toContainText(t.dropOff.overdue.feePerDay);

      const email = $(page, "overdue-email");
      await email.fill("rina@example");
      const refused = page.waitForResponse((response) => isFormPost(response.request()));
      await pay.click();
      expect((await refused).status()).toBe(400);
      await fieldError(page).waitFor();
      await expect(fieldError(page)).toHaveText(t.dropOff.overdue.messages.email);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(email).toHaveValue("rina@example");
      // The page comes back with the focus on the field to correct, and the same invoice.
      await expect(email).toBeFocused();
      await expect($(page, "overdue-invoice")).toHaveText(detail.data.invoiceNumber);

      await email.fill(" rina@example.com ");
      await pay.click();
      await atCheckout(page);
      await page.getByRole("button", { name: "Cancel", exact: true }).waitFor();
      // The API kept the e-mail the receiver gave (trimmed) with the fee's invoice number.
      const after = await api<{ invoiceNumber: string; receiverEmail: string }>(
        `/api/v1/dropoff/overdue/${demo.orderId}`,
        demo.token,
      );
      expect(after.data).toMatchObject({
        invoiceNumber: detail.data.invoiceNumber,
        receiverEmail: "rina@example.com",
      });

      // Back from the gateway: the warning in the page's language, the e-mail there again.
      await page.getByRole("button", { name: "Cancel", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/overduepayment", { timeout: 15_000 });
      await $(page, "overdue-warning").waitFor();
      await expect($(page, "overdue-warning")).toHaveText(t.dropOff.overdue.cancelled);
      await expect(email).toHaveValue("rina@example.com");
    });
  });

for (const [viewport, lang, way] of frames.slice(0, 2))
  describe(`the paid fee without scripts (${viewport}, ${lang} by ${way})`, () => {
    test("pays at the checkout and comes back to the pick-up QR and its door, drawn by the server", async ({
      open,
    }) => {
      const { page, demo } = await openServerForm(open, viewport, lang, way, "none");
      await $(page, "overdue-email").fill("rina@example.com");
      await $(page, "overdue-select-payment").click();
      await atCheckout(page);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/overduepayment/success-payment", { timeout: 15_000 });
      const results = lang === "en" ? enResults : idResults;
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.locator("h1")).toHaveText(results.paidTitle);
      await expect($(page, "overdue-paid-qr")).toBeVisible();
      const detail = await api<{ mouth: { number: string } }>(
        `/api/v1/dropoff/overdue/${demo.orderId}`,
        demo.token,
      );
      await expect($(page, "overdue-paid-door")).toContainText(detail.data.mouth.number);
      await expect($(page, "overdue-paid-validity")).toBeVisible();
      // No script, no service worker: the page does not promise the code without signal.
      await expect($(page, "offline-qr-hint")).toBeHidden();
    });
  });

for (const [viewport, lang] of [desktopId])
  test(`a parcel sent to a 14-digit "628…" number shows it as "08…" and its fee can be paid (${viewport}, ${lang})`, async ({
    open,
  }) => {
    const boxId = Number((await createScenario("package-form")).params.get("boxId"));
    const stored = await storeParcel(boxId, { phone: "62811222233333" });
    const orderId = stored.body.data?.orderId as number;
    // Past the free days: the fee is due.
    await advanceOrder(orderId, 3 * 24 * 60);
    const link = new URL(stored.body.data?.recipientLink as string, baseUrl);
    const { page } = await open({ viewport, language: lang });
    await visit(page, `/overduepayment${link.search}${lang === "en" ? "&lang=en" : ""}`);
    await expect($(page, "overdue-phone")).toHaveValue("0811222233333");
    await expect(fieldError(page)).toHaveCount(0);
    await $(page, "overdue-email").fill("rina@example.com");
    await expect($(page, "overdue-select-payment")).toBeEnabled();
    await $(page, "overdue-select-payment").click();
    await atCheckout(page);
  });

for (const [viewport, lang, way] of frames.slice(0, 1))
  test(`a form left open while another day past the deadline starts shows the fee it will charge, the e-mail kept (${viewport}, ${lang})`, async ({
    open,
  }) => {
    const { page, demo } = await openDue(open, viewport, lang, way);
    await page.clock.install();
    await visit(page, demo.url);
    const total = $(page, "overdue-total");
    const before = (await total.textContent()) ?? "";
    await $(page, "overdue-email").fill("rina@example.com");
    // Another day past the deadline starts (moved on the server), then the page's hour passes.
    await advanceOrder(demo.orderId, 24 * 60);
    await page.clock.fastForward("01:00:01");
    await expect(total).not.toHaveText(before);
    await expect($(page, "overdue-email")).toHaveValue("rina@example.com");
  });

for (const [viewport, lang, way] of frames.slice(1, 2))
  test(`a paid fee's QR left on screen past its new deadline gives way to the note that it no longer opens (${viewport}, ${lang})`, async ({
    open,
  }) => {
    const { page, demo } = await openDue(open, viewport, lang, way);
    await page.clock.install();
    await visit(page, demo.url);
    await $(page, "overdue-email").fill("rina@example.com");
    await $(page, "overdue-select-payment").click();
    await atCheckout(page);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/overduepayment/success-payment", { timeout: 15_000 });
    await expect($(page, "overdue-paid-qr")).toBeVisible();
    // The code opens the door for a day after the payment: the day has almost passed when the page
    // is opened again, and it is left open past the end.
    await advanceOrder(demo.orderId, 24 * 60 - 1);
    await page.reload();
    await hydrated(page);
    await expect($(page, "overdue-paid-qr")).toBeVisible();
    await page.clock.runFor(2 * 60_000);
    await expect($(page, "overdue-paid-qr-hidden")).toBeVisible();
    await expect($(page, "overdue-paid-qr")).toHaveCount(0);
  });

for (const [viewport, lang] of [phoneEn])
  describe(`a return without scripts that finds the fee unpaid (${viewport}, ${lang})`, () => {
    test("says where the payment stands, asks again while it is being confirmed for a minute, and its links pay again", async ({
      open,
    }) => {
      test.setTimeout(90_000);
      const way = lang === "en" ? "link" : "default";
      const { page, demo } = await openDue(open, viewport, lang, way, { javaScriptEnabled: false });
      const m = lang === "en" ? enPayment : idPayment;
      const check = $(page, "payment-check");
      const refresh = page.locator('meta[http-equiv="refresh"]');
      // What a gateway's return claims, for a fee nobody has started paying: not confirmed at once.
      const paid = `${demo.url.replace("/overduepayment?", "/overduepayment/success-payment?")}&payment_status=SUCCESS`;
      await page.goto(paid, { waitUntil: "domcontentloaded" });
      await expect(check).toHaveAttribute("data-phase", "unconfirmed");
      await expect(page.locator("h1")).toHaveText(m.notConfirmed);
      await expect(page).toHaveTitle(`${m.notConfirmed} · PaxelBox`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(refresh).toHaveCount(0);
      await $(page, "payment-check-again").click();
      await page.waitForLoadState("domcontentloaded");
      await expect(check).toHaveAttribute("data-phase", "unconfirmed");

      // Pay again: the overdue form, in the page's language, on to the checkout, left unpaid.
      await $(page, "payment-pay-again").click();
      await page.waitForURL((url) => url.pathname === "/overduepayment");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await $(page, "overdue-email").fill("rina@example.com");
      await $(page, "overdue-select-payment").click();
      await atCheckout(page);
      const checkout = page.url();

      // Back with the payment open at the gateway: being confirmed, and the browser asks again.
      await page.goto(paid, { waitUntil: "domcontentloaded" });
      await expect(check).toHaveAttribute("data-phase", "pending");
      await expect(page.locator("h1")).toHaveText(m.confirming);
      await expect(refresh).toHaveCount(1);
      await page.waitForURL((url) => url.searchParams.has("since"), { timeout: 15_000 });
      await expect(check).toHaveAttribute("data-phase", "pending");
      // A minute after the first page, it stops asking and says so, as the page with scripts does.
      const since = Number(new URL(page.url()).searchParams.get("since"));
      expect(since).toBeGreaterThan(Date.now() - 30_000);
      await page.goto(`${paid}&since=${since - 60_000}`, { waitUntil: "domcontentloaded" });
      await expect(check).toHaveAttribute("data-phase", "unconfirmed");
      await expect(refresh).toHaveCount(0);
      // "Check again" starts the minute anew.
      await $(page, "payment-check-again").click();
      await page.waitForLoadState("domcontentloaded");
      await expect(check).toHaveAttribute("data-phase", "pending");
      expect(new URL(page.url()).searchParams.has("since")).toBe(false);

      // Paid at the same checkout: the pick-up QR.
      await page.goto(`${paid}&since=${since - 60_000}`, { waitUntil: "domcontentloaded" });
      await $(page, "payment-pay-again").click();
      await page.waitForURL((url) => url.pathname === "/overduepayment");
      await $(page, "overdue-email").fill("rina@example.com");
      await $(page, "overdue-select-payment").click();
      await atCheckout(page);
      expect(page.url()).toBe(checkout);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/overduepayment/success-payment", { timeout: 15_000 });
      await expect($(page, "overdue-paid-qr")).toBeVisible();
    });

    test("before the scripts arrive the page says the same, and the check that runs then goes on from it", async ({
      open,
    }) => {
      const way = lang === "en" ? "link" : "default";
      const { page, demo } = await openDue(open, viewport, lang, way);
      // Every phase the check's card shows, in order.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __phases: string[] }).__phases = seen;
        new MutationObserver(() => {
          const phase = document.querySelector("[data-testid='payment-check']")?.getAttribute("data-phase");
          if (phase && seen.at(-1) !== phase) seen.push(phase);
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });
      const release = await holdScripts(page);
      const paid = `${demo.url.replace("/overduepayment?", "/overduepayment/success-payment?")}&payment_status=SUCCESS`;
      await page.goto(paid, { waitUntil: "domcontentloaded" });
      const check = $(page, "payment-check");
      await expect(check).toHaveAttribute("data-phase", "unconfirmed");
      await expect($(page, "payment-pay-again")).toHaveAttribute("href", /^\/overduepayment\?/);
      release();
      await hydrated(page);
      // The check's own buttons take the links' place once its code is there; it never showed less.
      await expect($(page, "payment-pay-again")).not.toHaveAttribute("href");
      await expect(check).toHaveAttribute("data-phase", "unconfirmed");
      expect(await page.evaluate(() => (window as unknown as { __phases: string[] }).__phases)).toEqual([
        "unconfirmed",
      ]);
      await $(page, "payment-pay-again").click();
      await page.waitForURL((url) => url.pathname === "/overduepayment");
      await expect($(page, "overdue-email")).toBeVisible();
    });
  });

describe("the expired link in English, without scripts", () => {
  for (const viewport of ["mobile", "desktop"] as const)
    test(`goes on to the expire page in English (${viewport}): its address names the language it has no token to learn`, async ({
      open,
    }) => {
      // A visitor whose last choice here was Indonesian opens an English link.
      const { page } = await open({ viewport, language: "id", javaScriptEnabled: false });
      const expired = await createScenario("dropoff-overdue-expired", { language: "en" });
      await page.goto(expired.url, { waitUntil: "domcontentloaded" });
      await page.waitForURL((url) => url.pathname === "/overduepayment/expire");
      expect(new URL(page.url()).searchParams.get("lang")).toBe("en");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      // The spec keeps the page's title Indonesian; the help around it speaks the visitor's language.
      await expect(page.locator("main h1")).toHaveText("Link Kadaluwarsa");
      await expect(page.getByText(enResults.helpTitle, { exact: true })).toBeVisible();
    });
});

describe("every document of the overdue flow has a title, without scripts too", () => {
  test("the expired link goes on to its titled page; the result pages and the page on its way elsewhere", async ({
    open,
  }) => {
    const { page } = await open({ viewport: "mobile", javaScriptEnabled: false });
    const expired = await createScenario("dropoff-overdue-expired");
    await page.goto(expired.url, { waitUntil: "domcontentloaded" });
    await page.waitForURL((url) => url.pathname === "/overduepayment/expire");
    await expect(page).toHaveTitle("Link Kadaluwarsa · PaxelBox");
    for (const [path, title] of [
      ["/overduepayment/expire", "Link Kadaluwarsa · PaxelBox"],
      ["/overduepayment/success", "Paket sudah diambil · PaxelBox"],
    ] as const) {
      await page.goto(path, { waitUntil: "domcontentloaded" });
      await expect(page).toHaveTitle(title);
    }
    // Opened without its token the page waits for the browser to find one: still a titled document.
    const due = await createScenario("dropoff-overdue-need-to-pay");
    await page.goto(`/overduepayment?orderid=${due.orderId}`, { waitUntil: "domcontentloaded" });
    await expect(page).toHaveTitle(`${idShell.header.overdueFee} · PaxelBox`);
  });
});

for (const [viewport, lang, way] of frames.slice(0, 2))
  describe(`the overdue form before its scripts arrive (${viewport}, ${lang} by ${way})`, () => {
    test("Select Payment pressed before the scripts arrive posts the server's form: the checkout", async ({
      open,
    }) => {
      const { page, release } = await openServerForm(open, viewport, lang, way, "held");
      await $(page, "overdue-email").fill("rina@example.com");
      // Nothing of the page runs yet: the browser posts the form itself.
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
      const posted = page.waitForRequest(isFormPost);
      await $(page, "overdue-select-payment").click();
      expect((await posted).isNavigationRequest()).toBe(true);
      await atCheckout(page);
      release();
    });

    test("a wrong e-mail sent before them comes back refused, and the page that hydrates keeps the message", async ({
      open,
    }) => {
      const { page, t, release } = await openServerForm(open, viewport, lang, way, "held");
      await $(page, "overdue-email").fill("rina@");
      await $(page, "overdue-select-payment").click();
      await fieldError(page).waitFor();
      await expect(fieldError(page)).toHaveText(t.dropOff.overdue.messages.email);
      release();
      await hydrated(page);
      await expect(fieldError(page)).toHaveText(t.dropOff.overdue.messages.email);
      await expect($(page, "overdue-email")).toHaveValue("rina@");
      // Running now, the page holds Select Payment until the e-mail is right.
      await expect($(page, "overdue-select-payment")).toBeDisabled();
      await $(page, "overdue-email").fill("rina@example.com");
      await expect($(page, "overdue-select-payment")).toBeEnabled();
      await $(page, "overdue-select-payment").click();
      await atCheckout(page);
    });

    test("an e-mail typed while they are held is kept when they arrive, and Select Payment then goes on", async ({
      open,
    }) => {
      const { page, release } = await openServerForm(open, viewport, lang, way, "held");
      const email = $(page, "overdue-email");
      await email.focus();
      await email.pressSequentially("rina@exam", { delay: 20 });
      release();
      await email.pressSequentially("ple.com", { delay: 20 });
      await hydrated(page);
      await expect(email).toHaveValue("rina@example.com");
      await expect(email).toBeFocused();
      const pay = $(page, "overdue-select-payment");
      await expect(pay).toBeEnabled();
      const posted = page.waitForRequest(isFormPost);
      await pay.click();
      // The running page posts through React Router (a data request, not a document).
      expect((await posted).isNavigationRequest()).toBe(false);
      await atCheckout(page);
    });
  });

for (const [viewport, lang, way] of frames.slice(0, 2))
  describe(`the overdue form with its scripts (${viewport}, ${lang} by ${way})`, () => {
    test("Select Payment without signal says 'Oops...' and keeps the e-mail; with the signal back it goes on", async ({
      open,
    }) => {
      const { page, demo, t } = await openDue(open, viewport, lang, way);
      await visit(page, demo.url);
      const pay = $(page, "overdue-select-payment");
      const email = $(page, "overdue-email");
      await email.fill("rina@example.com");
      await expect(pay).toBeEnabled();
      await page.context().setOffline(true);
      // By keyboard: Select Payment is disabled while it posts, then 'Oops...'; closed, the focus
      // is back on Select Payment, not lost on the page.
      await pay.focus();
      await page.keyboard.press("Enter");
      const dialog = page.locator('[data-testid="error-dialog"][open]');
      await expect(dialog).toContainText(t.errors.somethingWrong);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(pay).toBeFocused();
      await expect(email).toHaveValue("rina@example.com");
      await expect($(page, "overdue-screen")).toBeVisible();
      await page.context().setOffline(false);
      await expect(pay).toBeEnabled();
      await pay.click();
      await atCheckout(page);
    });

    test("a refresh that fails while the form is on screen (the signal back, the API not yet) keeps the page and what was typed", async ({
      open,
    }) => {
      const { page, demo } = await openDue(open, viewport, lang, way);
      await visit(page, demo.url);
      const email = $(page, "overdue-email");
      await email.fill("rina@example.com");
      const isDetail = (url: URL) => /^\/api\/v1\/dropoff\/overdue\/\d+$/.test(url.pathname);
      let failed = 0;
      await page.route(isDetail, (route) => {
        failed++;
        return route.fulfill({
          status: 503,
          contentType: "application/json",
          body: '{"code":503,"message":"x"}',
        });
      });
      // The phone comes back online: the page asks for the detail again, and the API cannot answer.
      await page.context().setOffline(true);
      await page.context().setOffline(false);
      await expect.poll(() => failed).toBeGreaterThan(0);
      await page.waitForTimeout(500); // a fixed wait: what is checked is that the page does not leave
      await expect(page).toHaveURL((url) => url.pathname === "/overduepayment");
      await expect($(page, "overdue-screen")).toBeVisible();
      await expect(email).toHaveValue("rina@example.com");
    });

    test("checks in the browser first, posts to the action, opens the checkout, and comes back paid to the QR", async ({
      open,
    }) => {
      // A phone in Jakarta, another zone than the server's: the paid page hydrates without a mismatch.
      const { page, demo, t, errors } = await openDue(open, viewport, lang, way, {
        timezoneId: "Asia/Jakarta",
      });
      const posts: string[] = [];
      page.on("request", (request) => {
        if (isFormPost(request)) posts.push(request.postData() ?? "");
      });
      await visit(page, demo.url);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const pay = $(page, "overdue-select-payment");
      const email = $(page, "overdue-email");
      await expect(pay).toBeDisabled();
      await email.fill("rina@example");
      await email.blur();
      await fieldError(page).waitFor();
      await expect(fieldError(page)).toHaveText(t.dropOff.overdue.messages.email);
      await expect(pay).toBeDisabled();
      // Enter says why instead of posting.
      await email.press("Enter");
      await expect(email).toBeFocused();
      expect(posts).toEqual([]);

      await email.fill("rina@example.com");
      await expect(pay).toBeEnabled();
      // The action answers slowly here: the button says what is happening meanwhile.
      await page.route(
        (url) => url.pathname.startsWith("/overduepayment"),
        async (route) => {
          if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 1200));
          await route.fallback();
        },
      );
      await pay.click();
      await expect(pay).toHaveText(t.dropOff.overdue.processing, { useInnerText: true });
      await expect(pay).toBeDisabled();
      await atCheckout(page);
      expect(posts).toHaveLength(1);
      expect(new URLSearchParams(posts[0]).get("email")).toBe("rina@example.com");
      expect(new URLSearchParams(posts[0]).get("language")).toBe(lang);

      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/overduepayment/success-payment", { timeout: 15_000 });
      await $(page, "overdue-paid-qr").waitFor({ timeout: 15_000 });
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      // A phone whose clock runs two days ahead, past the code's validity: the page still hydrates
      // as the server drew it, and the code, valid on the server's clock, stays shown.
      await page.clock.install({ time: Date.now() + 48 * 3_600_000 });
      const paid = `/overduepayment/success-payment?orderid=${demo.orderId}&token=${demo.token}`;
      await page.goto(paid, { waitUntil: "domcontentloaded" });
      await hydrated(page);
      await $(page, "overdue-paid-qr").waitFor({ timeout: 15_000 });
      await expect($(page, "overdue-paid-qr-hidden")).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });
