import type { BrowserContext, Page, Request } from "playwright-core";
// The messages' own files, not `locales/*.ts`: Playwright's loader needs the import attribute on a
// JSON import, which those files (bundled by Vite) do not give.
import enOverdue from "../src/locales/en/drop-off/overdue.json" with { type: "json" };
import enPayment from "../src/locales/en/payment.json" with { type: "json" };
import enRent from "../src/locales/en/rent.json" with { type: "json" };
import idOverdue from "../src/locales/id/drop-off/overdue.json" with { type: "json" };
import idPayment from "../src/locales/id/payment.json" with { type: "json" };
import idRent from "../src/locales/id/rent.json" with { type: "json" };
import {
  baseUrl,
  type ContextOptions,
  collectErrors,
  desktopEn,
  desktopId,
  featureOff,
  type Lang,
  phoneEn,
  phoneId,
  type ViewportName,
  visit,
} from "./support/browser.ts";
import { describe, expect, type NewContext, type Open, test } from "./support/fixtures.ts";
import { advanceOrder, api, createScenario } from "./support/journeys.ts";
import { describeShots, shot } from "./support/shots.ts";

/**
 * Coming back from the payment gateway (spec §4, §7), against the real system and its gateway
 * sandbox (checkout `/demo/pay/<ref>` with Pay / Fail / Cancel):
 *   - the return URLs carry the result: the non-interface flows' success, failed and cancel URLs
 *     each with `payment_status` and `overdue=true`; the bank interface's single URL is the order
 *     link with its token;
 *   - a return is never taken at its word: the page asks the payment check first — paid shows paid
 *     at once, a payment still being confirmed shows so, and a minute later (page clock) a message
 *     with "check again" and "pay again"; the page never waits forever;
 *   - the Pay button says 'Processing…' while it works; going back in history after paying never
 *     shows a pay screen; the email typed on the drop-off page survives a failed or cancelled
 *     payment (the API keeps it with the fee) and is forgotten once paid; a payment the server finds
 *     paid meanwhile (409) shows paid. The drop-off page starts its payment in its route action,
 *     on the server: which calls it makes is `overdue-action.server.test.ts`'s to check.
 * With SHOTS_DIR set, the screens on the way are saved there.
 */

const texts = {
  id: { rent: idRent, payment: idPayment, dropOff: { overdue: idOverdue } },
  en: { rent: enRent, payment: enPayment, dropOff: { overdue: enOverdue } },
} as const;
const $ = (page: Page, testId: string) => page.getByTestId(testId);

/** English runs use rents of Sari, an English-speaking demo member; Indonesian runs Budi's. */
const memberTokens = { id: "demo-token-budi", en: "demo-token-sari" } as const;

interface Calculation {
  total_overdue_fee: number;
  next_overdue_time: number;
}
interface DropoffDetail {
  overdueStatus: string;
  barcode: { id: string } | null;
}

const orderOf = (orderId: string, token: string) =>
  api<{ status: string; overdueTime: number }>(`/api/v1/box/express/info/${orderId}/paid`, token);
const calculationOf = (orderId: string, token: string) =>
  api<Calculation>(`/api/v1/box/rental/overdue-calculation/${orderId}`, token);
const dropoffOf = (orderId: string, token: string) =>
  api<DropoffDetail>(`/api/v1/dropoff/overdue/${orderId}`, token);

/** Presses a button of the sandbox checkout without a browser (someone paying on another device). */
async function finishCheckout(checkoutUrl: string, action: "pay" | "fail" | "cancel") {
  const response = await fetch(`${checkoutUrl}/${action}`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
}

/** Every `data-phase` the payment check shows, recorded from the first script on. */
async function recordPhases(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __phases: string[] }).__phases = seen;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll("[data-testid='payment-check']")) {
        const phase = element.getAttribute("data-phase") ?? "";
        if (seen.at(-1) !== phase) seen.push(phase);
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-phase"],
    });
  });
}
const phasesOf = (page: Page) => page.evaluate(() => (window as unknown as { __phases: string[] }).__phases);

/** Holds a request a moment, so the page's busy state can be seen. */
async function slowDown(page: Page, pattern: string, ms = 1200) {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

const isCheck = (request: Request) => /\/api\/v1\/box\/payments\/\d+\/check$/.test(request.url());
const atCheckout = (page: Page) => page.waitForURL((url) => url.pathname.startsWith("/demo/pay/"));

/**
 * A fresh overdue record and a page to pay it in (its `data-phase`s recorded, the clock installed when
 * asked): a rent of the member speaking `lang`, or a drop-off, whose link carries its own token.
 */
async function start(
  kind: "rent" | "dropoff",
  newContext: NewContext,
  viewport: ViewportName,
  lang: Lang,
  options: { clock?: boolean } = {},
) {
  const context = await newContext({ viewport, language: lang });
  await recordPhases(context);
  if (options.clock) await context.clock.install();
  const page = await context.newPage();
  const scenario =
    kind === "rent"
      ? await createScenario("rent-in-store-overdue", { language: lang })
      : await createScenario("dropoff-overdue-need-to-pay");
  return {
    context,
    page,
    errors: collectErrors(page),
    t: texts[lang].dropOff,
    m: texts[lang],
    token: kind === "rent" ? memberTokens[lang] : scenario.token,
    scenario,
    orderId: scenario.orderId,
  };
}

/** How a screen shows the payment check's message: in the check, or as the page's heading. */
type Shows = (page: Page, text: string) => Promise<void>;
const inCheck: Shows = (page, text) =>
  expect($(page, "payment-check")).toContainText(text, { useInnerText: true });
const asHeading: Shows = (page, text) =>
  expect(page.locator("main h1")).toHaveText(text, { useInnerText: true });

/**
 * Opens a return that claims success (`url`; `landsOn`: the path it leads to) while the gateway has
 * not settled: the page asks the payment check first, then says the payment is being confirmed.
 */
async function returnUnsettled(
  page: Page,
  m: (typeof texts)[Lang],
  url: string,
  shows: Shows,
  landsOn?: string,
) {
  const firstCheck = page.waitForRequest(isCheck);
  await page.goto(url, { waitUntil: "domcontentloaded" });
  if (landsOn) await page.waitForURL((address) => address.pathname === landsOn);
  await firstCheck;
  const check = $(page, "payment-check");
  await expect(check).toHaveAttribute("data-phase", "pending", { timeout: 10_000 });
  await shows(page, m.payment.confirming);
  return check;
}

/** At most a minute after the return: the not-confirmed message with its two ways forward. */
async function unconfirmedAfterAMinute(page: Page, m: (typeof texts)[Lang], shows: Shows, name: string) {
  await page.clock.fastForward(60_000);
  await expect($(page, "payment-check")).toHaveAttribute("data-phase", "unconfirmed");
  await shows(page, m.payment.notConfirmed);
  await expect($(page, "payment-check-again")).toHaveText(m.payment.checkAgain, { useInnerText: true });
  await expect($(page, "payment-pay-again")).toHaveText(m.payment.payAgain, { useInnerText: true });
  await shot(page, name, false);
}

async function toOverdueView(page: Page, pickUp: string) {
  await page.locator('[data-view="in-store"]').waitFor();
  await page.getByRole("button", { name: pickUp, exact: true }).click();
  await page.locator('[data-testid="overdue-cost"]').waitFor();
}

/**
 * A fresh overdue rent opened at its overdue view (`flagOff`: a feature flag turned off first), with
 * its fee (`before`) and deadline as the server had them before the view opened.
 */
async function rentAtOverdue(
  newContext: NewContext,
  viewport: ViewportName,
  lang: Lang,
  options: { clock?: boolean; flagOff?: string } = {},
) {
  const rent = await start("rent", newContext, viewport, lang, options);
  if (options.flagOff) await featureOff(rent.page, options.flagOff);
  const before = (await calculationOf(rent.orderId, rent.token)).data;
  const deadline = (await orderOf(rent.orderId, rent.token)).data.overdueTime;
  await visit(rent.page, rent.scenario.url);
  await toOverdueView(rent.page, rent.m.rent.inStore.pickUp);
  return { ...rent, before, deadline };
}

for (const [viewport, lang] of [phoneId])
  describe(`rent paid at the gateway (${viewport}, ${lang})`, () => {
    test("Pay says Processing…; the return is checked and shows paid at once; history back never shows the pay screen", async ({
      newContext,
    }) => {
      const { page, errors, m, token, orderId, before } = await rentAtOverdue(newContext, viewport, lang);

      await slowDown(page, "**/api/v1/box/payments");
      const created = page.waitForRequest((request) => request.url().endsWith("/api/v1/box/payments"));
      const pay = $(page, "pay");
      await pay.click();
      await expect(pay).toHaveText(m.rent.overdue.processing, { useInnerText: true });
      await expect(pay).toBeDisabled();
      await shot(page, `rent-pay-processing-${viewport}-${lang}`, false);
      const request = await created;
      expect(request.headers()["idempotency-key"]).toMatch(/^[\w-]{16,}$/);
      // The bank interface gets the order link with its token (the API adds the result).
      const [urlParam] = (request.postDataJSON() as { urlParam: { url: string }[] }).urlParam;
      expect(urlParam?.url).toBe(`${baseUrl}/order-status?orderid=${orderId}&token=${token}`);

      await atCheckout(page);
      const checked = page.waitForRequest(isCheck);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/order-status");
      await expect
        .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
        .toMatchObject({
          orderid: orderId,
          payment_status: "SUCCESS",
          overdue: "true",
        });
      await checked;
      const returned = page.url();
      const result = page.locator('[data-view="in-store"] [data-testid="payment-result"]');
      await result.waitFor();
      await expect(result).toHaveText(m.rent.overdue.paymentSuccess, { useInnerText: true });
      // Paid at once: never 'being confirmed', never the message.
      expect(await phasesOf(page)).not.toContain("pending");
      expect(await phasesOf(page)).not.toContain("unconfirmed");
      expect((await orderOf(orderId, token)).data.overdueTime).toBe(before.next_overdue_time);
      await shot(page, `rent-paid-${viewport}-${lang}`, false);

      // Back through the finished checkout to the overdue view's entry: the rent is paid, so the
      // in-store view shows instead of a pay screen.
      await page.goBack();
      await page.goBack();
      await page.waitForURL(
        (url) => url.pathname === "/order-status" && url.searchParams.get("status") === null,
      );
      await page.locator('[data-view="in-store"]').waitFor();
      await expect($(page, "pay")).toHaveCount(0);
      expect((await orderOf(orderId, token)).data.overdueTime).toBe(before.next_overdue_time);

      // The same return address opened again once the paid time has run out too (a reload, the
      // history, much later): no 'Payment successful' beside a countdown at its end.
      await advanceOrder(orderId, Math.ceil((before.next_overdue_time - Date.now()) / 60_000) + 5);
      await page.goto(returned, { waitUntil: "domcontentloaded" });
      await page.locator('[data-view="in-store"]').waitFor();
      await expect(page.getByTestId("payment-check")).toHaveCount(0);
      await expect(result).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });

for (const [viewport, lang] of [phoneEn])
  describe(`rent payment still being confirmed (${viewport}, ${lang})`, () => {
    test("non-interface URLs carry the result; 'being confirmed', then after a minute check again and pay again", async ({
      newContext,
    }) => {
      test.setTimeout(90_000);
      const { page, errors, m, token, orderId, before, deadline } = await rentAtOverdue(
        newContext,
        viewport,
        lang,
        {
          clock: true,
          flagOff: "snap_bi_paxelbox",
        },
      );

      const created = page.waitForRequest((request) => request.url().includes("/api/v1/order/locker?"));
      await $(page, "pay").click();
      const sent = await created;
      expect(sent.headers()["idempotency-key"]).toMatch(/^[\w-]{16,}$/);
      const info = (sent.postDataJSON() as { order_info: Record<string, string> }).order_info;
      const page0 = `${baseUrl}/order-status?orderid=${orderId}&token=${token}`;
      expect(info.success_url).toBe(`${page0}&payment_status=SUCCESS&overdue=true`);
      expect(info.failed_url).toBe(`${page0}&payment_status=FAILED&overdue=true`);
      expect(info.cancel_url).toBe(`${page0}&payment_status=CANCELLED&overdue=true`);
      await atCheckout(page);
      const checkout = page.url();

      // A return that claims success while the gateway has not settled: asked first, then 'being
      // confirmed', asked again every few seconds.
      const check = await returnUnsettled(page, m, info.success_url ?? "", inCheck);
      expect((await phasesOf(page)).filter((phase) => phase !== "loading")[0]).toBe("checking");
      await shot(page, `rent-confirming-${viewport}-${lang}`, false);
      for (let round = 0; round < 2; round++) {
        const asked = page.waitForRequest(isCheck);
        await page.clock.runFor(3_500);
        await asked;
        await expect(check).toHaveAttribute("data-phase", "pending");
      }

      // At most a minute after the return: a clear message with its two ways forward.
      await unconfirmedAfterAMinute(page, m, inCheck, `rent-not-confirmed-${viewport}-${lang}`);
      expect((await orderOf(orderId, token)).data.overdueTime).toBe(deadline);

      if (lang === "id") {
        // Check again while still open: 'being confirmed' again; then paid elsewhere → paid.
        await $(page, "payment-check-again").click();
        await expect(check).toHaveAttribute("data-phase", "pending");
        await finishCheckout(checkout, "pay");
        await page.clock.runFor(5_000);
      } else {
        // Pay again: the normal pay flow, which reopens the same open checkout.
        await $(page, "payment-pay-again").click();
        await page.locator('[data-testid="overdue-cost"]').waitFor();
        await $(page, "pay").click();
        await atCheckout(page);
        await expect(page).toHaveURL(checkout);
        await page.getByRole("button", { name: "Pay", exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get("payment_status") === "SUCCESS");
      }
      const result = page.locator('[data-view="in-store"] [data-testid="payment-result"]');
      await result.waitFor({ timeout: 10_000 });
      await expect(result).toHaveText(m.rent.overdue.paymentSuccess, { useInnerText: true });
      expect((await orderOf(orderId, token)).data.overdueTime).toBe(before.next_overdue_time);
      expect(errors).toEqual([]);
    });
  });

describe("rent return that claims success for a failed payment", () => {
  test("shows the spec's failure text and the Pay button (mobile, en)", async ({ newContext }) => {
    const { page, m, token, orderId, deadline } = await rentAtOverdue(newContext, "mobile", "en");
    await $(page, "pay").click();
    await atCheckout(page);
    await page.getByRole("button", { name: "Fail", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("payment_status") === "FAILED");
    await page.locator('[data-view="overdue"] [data-testid="payment-result"]').waitFor();

    await visit(page, `/order-status?orderid=${orderId}&token=${token}&payment_status=SUCCESS&overdue=true`);
    await page.waitForURL((url) => url.searchParams.get("payment_status") === "FAILED");
    const warning = page.locator('[data-view="overdue"] [data-testid="payment-result"]');
    await warning.waitFor();
    await expect(warning).toHaveText(m.rent.overdue.paymentFailed, { useInnerText: true });
    // The button comes back once the screen has asked the gateway (a call of its own under load).
    await expect($(page, "pay")).toBeEnabled({ timeout: 15_000 });
    expect((await orderOf(orderId, token)).data.overdueTime).toBe(deadline);
  });
});

const email = "rina.kartika@example.com";
/** A post of the overdue page's form to its route action, which starts the payment (ADR 036). */
const isOverdueFormPost = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname.startsWith("/overduepayment");
const receiverEmailOf = async (orderId: string, token: string) =>
  (await api<{ receiverEmail: string | null }>(`/api/v1/dropoff/overdue/${orderId}`, token)).data
    .receiverEmail;

for (const [viewport, lang] of [desktopId])
  describe(`drop-off overdue paid through the bank interface (${viewport}, ${lang})`, () => {
    test("the return is the order link with its token; the email survives Fail and Cancel; paid → QR; history back shows no pay screen", async ({
      newContext,
    }) => {
      test.setTimeout(90_000);
      const { page, errors, t, scenario, orderId, token } = await start(
        "dropoff",
        newContext,
        viewport,
        lang,
      );
      await visit(page, scenario.url);
      await $(page, "overdue-email").fill(email);
      const select = $(page, "overdue-select-payment");

      // The action's answer is held a moment: the button says what is happening.
      const posted = page.waitForRequest(isOverdueFormPost);
      await slowDown(page, "**/overduepayment.data?*");
      await select.click();
      await expect(select).toHaveText(t.overdue.processing, { useInnerText: true });
      await shot(page, `dropoff-pay-processing-${viewport}-${lang}`, false);
      expect(new URLSearchParams((await posted).postData() ?? "").get("email")).toBe(email);
      await page.unroute("**/overduepayment.data?*");

      for (const [button, warning] of [
        ["Fail", t.overdue.failed],
        ["Cancel", t.overdue.cancelled],
      ] as const) {
        await atCheckout(page);
        await page.getByRole("button", { name: button, exact: true }).click();
        await page.waitForURL((url) => url.pathname === "/overduepayment");
        // The bank interface's one return URL: the order link with its token (the page's language
        // when English), the result added by the API.
        await expect
          .poll(() => {
            const back = new URL(page.url()).searchParams;
            return {
              orderid: back.get("orderid"),
              token: back.get("token") ?? token,
              payment_status: back.get("payment_status"),
            };
          })
          .toEqual({ orderid: orderId, token, payment_status: button === "Fail" ? "FAILED" : "CANCELLED" });
        await $(page, "overdue-warning").waitFor();
        await expect($(page, "overdue-warning")).toHaveText(warning, { useInnerText: true });
        // The email typed before the payment is still there, and Select Payment works.
        await expect($(page, "overdue-email")).toHaveValue(email);
        await expect(select).toBeEnabled();
        await select.click();
      }

      await atCheckout(page);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/overduepayment/success-payment");
      await $(page, "overdue-paid-qr").waitFor({ timeout: 15_000 });
      expect(await phasesOf(page)).not.toContain("pending");
      expect((await dropoffOf(orderId, token)).data.barcode).not.toBeNull();
      // Paid: the email is not kept for another fee.
      expect(await receiverEmailOf(orderId, token)).toBeNull();

      // Back through the finished checkout to the overdue page: paid, so no pay screen. (First the
      // page takes the token out of its address, a navigation of its own.)
      await page.waitForURL((url) => !url.searchParams.has("token"));
      await page.goBack();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === "/order");
      await $(page, "order-screen").waitFor();
      await expect($(page, "overdue-select-payment")).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });

for (const [viewport, lang] of [desktopEn])
  describe(`drop-off overdue payment still being confirmed (${viewport}, ${lang})`, () => {
    test("a return that claims success: 'being confirmed', then after a minute pay again reopens the checkout with the email kept", async ({
      newContext,
    }) => {
      test.setTimeout(90_000);
      const { page, errors, m, scenario, orderId, token } = await start(
        "dropoff",
        newContext,
        viewport,
        lang,
        {
          clock: true,
        },
      );
      await visit(page, scenario.url);
      await $(page, "overdue-email").fill(email);
      await $(page, "overdue-select-payment").click();
      await atCheckout(page);
      const checkout = page.url();

      // What the gateway's return would say, while the gateway has not settled: asked first, then
      // 'being confirmed'.
      await returnUnsettled(
        page,
        m,
        `/overduepayment?orderid=${orderId}&token=${token}&payment_status=SUCCESS&overdue=true`,
        asHeading,
        "/overduepayment/success-payment",
      );
      await expect($(page, "overdue-paid-qr")).toHaveCount(0);
      // The page is named as its heading says: not "paid" while nothing is confirmed.
      await expect(page).toHaveTitle(`${m.payment.confirming} · PaxelBox`);
      await shot(page, `dropoff-confirming-${viewport}-${lang}`, false);

      await unconfirmedAfterAMinute(page, m, asHeading, `dropoff-not-confirmed-${viewport}-${lang}`);
      await expect(page).toHaveTitle(`${m.payment.notConfirmed} · PaxelBox`);
      expect((await dropoffOf(orderId, token)).data.overdueStatus).toBe("need_to_pay");

      // Pay again: the overdue page with the email kept → the same open checkout → paid → QR.
      await $(page, "payment-pay-again").click();
      await page.waitForURL((url) => url.pathname === "/overduepayment");
      await expect($(page, "overdue-email")).toHaveValue(email);
      await expect($(page, "overdue-select-payment")).toBeEnabled();
      await $(page, "overdue-select-payment").click();
      await atCheckout(page);
      await expect(page).toHaveURL(checkout);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/overduepayment/success-payment");
      await $(page, "overdue-paid-qr").waitFor({ timeout: 15_000 });
      expect(await receiverEmailOf(orderId, token)).toBeNull();
      expect(errors).toEqual([]);
    });
  });

/**
 * "Pay later" at the sandbox checkout: back to the shop with the checkout still open, as Midtrans
 * sends the browser to its finish address (`status_code=201&transaction_status=pending`) once a
 * virtual account or a QRIS code is shown, and a SNAP bank before it settles.
 */
async function returnWhilePending(page: Page, landsOn: string) {
  await atCheckout(page);
  await page.getByRole("button", { name: "Pay later (back to the shop)", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === landsOn);
}

for (const [viewport, lang] of [phoneEn])
  describe(`a return while the payment is still pending (${viewport}, ${lang})`, () => {
    test("rent, Midtrans's pending finish redirect: 'being confirmed', not 'time is up'; paying then shows paid", async ({
      newContext,
    }) => {
      const { page, errors, m, token, orderId, before } = await rentAtOverdue(newContext, viewport, lang, {
        flagOff: "snap_bi_paxelbox",
      });
      await $(page, "pay").click();
      await atCheckout(page);
      const checkout = page.url();
      await returnWhilePending(page, "/order-status");
      const check = $(page, "payment-check");
      await expect(check).toHaveAttribute("data-phase", "pending", { timeout: 10_000 });
      await inCheck(page, m.payment.confirming);
      await expect(page.getByText(m.rent.overdue.paymentCancelled)).toHaveCount(0);
      expect(new URL(page.url()).searchParams.get("payment_status")).not.toBe("CANCELLED");

      // The virtual account is paid a little later: the page keeps checking and shows paid.
      await finishCheckout(checkout, "pay");
      const result = page.locator('[data-view="in-store"] [data-testid="payment-result"]');
      await result.waitFor({ timeout: 15_000 });
      await expect(result).toHaveText(m.rent.overdue.paymentSuccess, { useInnerText: true });
      expect((await orderOf(orderId, token)).data.overdueTime).toBe(before.next_overdue_time);
      expect(errors).toEqual([]);
    });

    test("drop-off, the bank's return before it settled: 'being confirmed', not 'time is up'", async ({
      newContext,
    }) => {
      const { page, errors, m, t, scenario, orderId, token } = await start(
        "dropoff",
        newContext,
        viewport,
        lang,
      );
      await visit(page, scenario.url);
      await $(page, "overdue-email").fill(email);
      await $(page, "overdue-select-payment").click();
      await returnWhilePending(page, "/overduepayment/success-payment");
      await expect($(page, "payment-check")).toHaveAttribute("data-phase", "pending", { timeout: 10_000 });
      await asHeading(page, m.payment.confirming);
      await expect($(page, "overdue-warning")).toHaveCount(0);
      await expect(page.getByText(t.overdue.cancelled)).toHaveCount(0);
      expect((await dropoffOf(orderId, token)).data.overdueStatus).toBe("need_to_pay");
      expect(errors).toEqual([]);
    });
  });

for (const [viewport, lang] of [phoneId])
  describe(`a paid fee whose pick-up QR is late (${viewport}, ${lang})`, () => {
    test("drop-off: waits a minute for the QR, then says it is not confirmed, and check again shows the QR once it is there", async ({
      newContext,
    }) => {
      const { page, errors, m, scenario, orderId } = await start("dropoff", newContext, viewport, lang, {
        clock: true,
      });
      await visit(page, scenario.url);
      await $(page, "overdue-email").fill(email);
      await $(page, "overdue-select-payment").click();
      await atCheckout(page);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/overduepayment/success-payment");
      await $(page, "overdue-paid-qr").waitFor({ timeout: 15_000 });

      // Paid, but the overdue detail comes without its pick-up QR, as from a back end that issues it
      // late. Opened with the stored token, the page asks in the browser.
      let late = true;
      // A request is late or not when it is sent: one still in flight from the page's last poll
      // must not bring the QR that only Check again should fetch.
      await page.route(`**/api/v1/dropoff/overdue/${orderId}`, async (route) => {
        const lateNow = late;
        const response = await route.fetch();
        const json = (await response.json()) as { data?: { barcode?: unknown } };
        if (lateNow && json.data) json.data.barcode = null;
        await route.fulfill({ response, json });
      });
      await visit(page, `/overduepayment/success-payment?orderid=${orderId}`);
      // The check says paid; the page waits for the QR.
      await expect($(page, "payment-check")).toHaveAttribute("data-phase", "SUCCESS");
      await expect($(page, "overdue-paid-qr")).toHaveCount(0);
      await page.clock.fastForward(61_000);
      await expect($(page, "payment-check")).toHaveAttribute("data-phase", "unconfirmed");
      await asHeading(page, m.payment.notConfirmed);
      await expect($(page, "payment-pay-again")).toHaveText(m.payment.payAgain, { useInnerText: true });
      await shot(page, `dropoff-paid-qr-late-${viewport}-${lang}`, false);

      late = false;
      await $(page, "payment-check-again").click();
      await $(page, "overdue-paid-qr").waitFor({ timeout: 15_000 });
      expect(errors).toEqual([]);
    });
  });

for (const [viewport, lang] of [desktopId])
  describe(`the return of a charge the API refunded (${viewport}, ${lang})`, () => {
    test("rent and drop-off say it was charged and refunded, not 'time is up'", async ({ newContext }) => {
      const rent = await start("rent", newContext, viewport, lang);
      await visit(
        rent.page,
        `/order-status?orderid=${rent.orderId}&token=${rent.token}&payment_status=REFUNDED&overdue=true`,
      );
      await expect($(rent.page, "payment-refunded")).toHaveText(rent.m.rent.overdue.paymentRefunded, {
        useInnerText: true,
      });
      await expect(rent.page.getByText(rent.m.rent.overdue.paymentCancelled)).toHaveCount(0);
      expect(rent.errors).toEqual([]);

      const drop = await start("dropoff", newContext, viewport, lang);
      await visit(
        drop.page,
        `/overduepayment?orderid=${drop.orderId}&token=${drop.token}&payment_status=REFUNDED&overdue=true`,
      );
      await expect($(drop.page, "overdue-refunded-message")).toHaveText(drop.t.overdue.refunded, {
        useInnerText: true,
      });
      await expect($(drop.page, "overdue-warning")).toHaveCount(0);
      await $(drop.page, "overdue-refunded-order").click();
      await drop.page.waitForURL((url) => url.pathname === "/order");
      expect(drop.errors).toEqual([]);
    });
  });

/**
 * Pays the fee on another device (`visitor`): opens the link, gets the pay button ready (`ready`),
 * presses it (`button`) and pays at the sandbox checkout.
 */
async function payElsewhere(
  open: Open,
  visitor: ContextOptions,
  url: string,
  button: string,
  ready: (page: Page) => Promise<void>,
) {
  const { page } = await open(visitor);
  await visit(page, url);
  await ready(page);
  await $(page, button).click();
  await atCheckout(page);
  await finishCheckout(page.url(), "pay");
}

describe("paid meanwhile on another device", () => {
  test("drop-off fee: Select Payment meets the server's 409 and shows the paid QR (desktop, en)", async ({
    newContext,
    open,
  }) => {
    const { page, errors, scenario, orderId, token } = await start("dropoff", newContext, "desktop", "en");
    await visit(page, scenario.url);
    await $(page, "overdue-email").fill(email);
    await expect($(page, "overdue-select-payment")).toBeEnabled();

    // Paid elsewhere while this page still shows the form.
    await payElsewhere(
      open,
      { viewport: "mobile", language: "en" },
      scenario.url,
      "overdue-select-payment",
      (phone) => $(phone, "overdue-email").fill(email),
    );
    expect((await dropoffOf(orderId, token)).data.barcode).not.toBeNull();

    // The action meets the refusal (the fee is no longer due, or the payment 409) and sends the
    // page on: paid, so the QR.
    await $(page, "overdue-select-payment").click();
    await page.waitForURL((url) => url.pathname === "/overduepayment/success-payment");
    await $(page, "overdue-paid-qr").waitFor({ timeout: 15_000 });
    // The refusal is the path to paid, not an error.
    await expect(page.locator('[data-testid="error-dialog"][open]')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("rent: the overdue view leaves for the in-store view by itself (mobile, id)", async ({
    newContext,
    open,
  }) => {
    const { page, m, token, scenario, orderId, before } = await rentAtOverdue(newContext, "mobile", "id");

    await payElsewhere(open, { viewport: "desktop", language: "id" }, scenario.url, "pay", (laptop) =>
      toOverdueView(laptop, m.rent.inStore.pickUp),
    );
    expect((await orderOf(orderId, token)).data.overdueTime).toBe(before.next_overdue_time);

    // The order poll (5 s) sees the new deadline: no pay screen for a paid fee.
    await page.locator('[data-view="in-store"]').waitFor({ timeout: 12_000 });
    await expect(page).toHaveURL((url) => url.searchParams.get("status") === null);
    await expect($(page, "pay")).toHaveCount(0);
  });
});

/**
 * For review: the pay `button` while its request (`held`) is held, then a return that claims success
 * (`returnUrl`) while the gateway has not settled: 'being confirmed', and the message a minute later.
 */
async function shootPayment(
  page: Page,
  side: "rent" | "dropoff",
  suffix: string,
  pay: { button: string; processing: string; held: string; returnUrl: string },
) {
  await slowDown(page, pay.held);
  await $(page, pay.button).click();
  await expect($(page, pay.button)).toHaveText(pay.processing, { useInnerText: true });
  await shot(page, `shot-${side}-processing-${suffix}`, false);
  await atCheckout(page);
  await page.goto(pay.returnUrl);
  const check = $(page, "payment-check");
  await expect(check).toHaveAttribute("data-phase", "pending", { timeout: 10_000 });
  await shot(page, `shot-${side}-confirming-${suffix}`, false);
  await page.clock.fastForward(60_000);
  await expect(check).toHaveAttribute("data-phase", "unconfirmed");
  await shot(page, `shot-${side}-not-confirmed-${suffix}`, false);
}

/**
 * The changed screens in every viewport and language, for review: the Pay button while it works,
 * 'being confirmed' and the not-confirmed message, on the rent and the drop-off side.
 */
describeShots(
  "payment return screenshots",
  async ({ newContext, viewport, lang, suffix }) => {
    const rent = await rentAtOverdue(newContext, viewport, lang, { clock: true });
    await shootPayment(rent.page, "rent", suffix, {
      button: "pay",
      processing: rent.m.rent.overdue.processing,
      held: "**/api/v1/box/payments",
      returnUrl: `/order-status?orderid=${rent.orderId}&token=${rent.token}&payment_status=SUCCESS&overdue=true`,
    });

    const drop = await start("dropoff", newContext, viewport, lang, { clock: true });
    await visit(drop.page, drop.scenario.url);
    await $(drop.page, "overdue-email").fill(email);
    await shootPayment(drop.page, "dropoff", suffix, {
      button: "overdue-select-payment",
      processing: drop.t.overdue.processing,
      held: "**/overduepayment.data?*",
      returnUrl: `/overduepayment/success-payment?orderid=${drop.orderId}&token=${drop.token}&payment_status=SUCCESS&overdue=true`,
    });
  },
  120_000,
);
