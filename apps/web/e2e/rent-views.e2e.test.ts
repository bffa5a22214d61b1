import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../src/locales/en.ts";
import id from "../src/locales/id.ts";
import {
  baseUrl,
  collectErrors,
  getBrowser,
  type Lang,
  newContext,
  speakEnglish,
  type ViewportName,
  visit,
} from "./support/browser.ts";
import { createScenario } from "./support/journeys.ts";

/**
 * The five rent-status views (spec §2) from fresh demo scenarios, in Indonesian and English, in the
 * mobile and the desktop frame; the share button and its payload through a stub bridge; the poll
 * stopping on CANCEL and pausing while the page is hidden; the 'Oops...' dialog.
 *
 * Demo rents all belong to Budi (an Indonesian-speaking member); the English runs answer his members
 * auth call with `language: "en"` so the screens switch language the way they would for Sari.
 */

const product = (text: string) => text.replaceAll("{{product}}", "Paxel");

async function speak(page: Page, lang: Lang) {
  await page.unrouteAll({ behavior: "ignoreErrors" });
  if (lang === "id") return;
  await speakEnglish(page);
}

/** A stub of the Android bridge that keeps every call for the test to read. */
async function stubBridge(context: BrowserContext) {
  await context.addInitScript(() => {
    const calls: { action: string; payload: unknown }[] = [];
    (window as unknown as { __bridgeCalls: typeof calls }).__bridgeCalls = calls;
    const actions = [
      "closeWebView",
      "copyToClipboard",
      "openMapLink",
      "openMapLocation",
      "shareOrder",
      "contactSupport",
      "recordEvent",
    ];
    (window as unknown as { PaxelBoxBridge: Record<string, (json: string) => void> }).PaxelBoxBridge =
      Object.fromEntries(
        actions.map((action) => [
          action,
          (json: string) => calls.push({ action, payload: JSON.parse(json) }),
        ]),
      );
  });
}

const bridgeCalls = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __bridgeCalls: { action: string; payload: Record<string, unknown> }[] })
        .__bridgeCalls,
  );

const orderRequests = (page: Page) => {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (/\/api\/v1\/box\/express\/info\/\d+\/paid/.test(request.url())) seen.push(request);
  });
  return seen;
};

/** No serious or critical axe violations (WCAG 2.1 AA rules). */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );
}

const combos: [ViewportName, Lang][] = [
  ["mobile", "id"],
  ["desktop", "en"],
];

describe.each(combos)("the five views at %s in %s", (viewport, lang) => {
  const m = lang === "en" ? en : id;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await newContext({ viewport, language: lang });
    await stubBridge(context);
    page = await context.newPage();
    errors = collectErrors(page);
    await speak(page, lang);
  });
  afterAll(async () => {
    await context.close();
  });

  const open = async (scenario: string, extra = "") => {
    const { url, params } = await createScenario(scenario);
    await visit(page, `${url}${extra}`);
    await page.locator('[data-testid="rent-status"]').waitFor();
    return { url, orderId: params.get("orderid") ?? "" };
  };
  const text = (testId: string) => page.locator(`[data-testid="${testId}"]`).first().innerText();
  const view = () => page.locator('[data-testid="rent-status"]').getAttribute("data-view");

  it("to-store: countdown, store QR, rent info, history, payment details, Cancel Rent", async () => {
    await open("rent-to-store");
    expect(await view()).toBe("to-store");
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    expect(await text("countdown-clock")).toMatch(/^00:(49|50):\d\d$/);
    expect(await text("countdown")).toContain(m.rent.countdown.toStoreLabel);
    expect(await page.locator('[data-testid="store-qr"] svg[role="img"]').count()).toBe(1);
    expect(await text("rent-info")).toContain(m.rent.rentInfo.orderNumber);
    expect(await text("rent-info")).toContain(product(m.rent.rentInfo.boxSize));
    expect(await page.locator('[data-testid="status-history"] li').count()).toBe(1);
    expect(await text("payment-total")).toMatch(/Rp\. \d{1,3}(\.\d{3})*$/);
    expect(await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).isVisible()).toBe(
      true,
    );
    // No header title, no share button while the rent runs.
    expect(await page.locator('[data-testid="header-title"]').count()).toBe(0);
    expect(await page.locator('[data-testid="share-button"]').count()).toBe(0);
    await expectAccessible(page);
  });

  it("in-store: header, rent info, how-to, history, location, payment, support, countdown, Pick Up Items", async () => {
    await open("rent-in-store");
    expect(await view()).toBe("in-store");
    expect(await text("view-headline")).toBe(m.rent.inStore.headline);
    expect(await text("status-history")).toContain(m.status.IN_STORE);
    expect(await text("status-history")).toContain(m.status.IMPORTED);
    // Newest first.
    expect(await page.locator('[data-testid="status-history"] li').first().getAttribute("data-status")).toBe(
      "IN_STORE",
    );
    // The settings texts arrive with their own call (and the sanitiser) after the view shows.
    await page.locator('[data-testid="content-how_to_pick_up_items"] li').first().waitFor();
    expect(await page.locator('[data-testid="content-how_to_pick_up_items"] li').count()).toBeGreaterThan(1);
    expect(await page.locator('[data-testid="location-info"]').count()).toBe(1);
    expect(await text("countdown-clock")).toMatch(/^0[23]:\d\d:\d\d$/);
    const donations = await page.locator('[data-testid="payment-donation"]').allInnerTexts();
    expect(donations.join("\n")).toContain(lang === "en" ? "Plant a tree" : "Tanam pohon");
    expect(await page.getByRole("button", { name: m.rent.inStore.contactSupport }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).isVisible()).toBe(
      true,
    );
    // The sticky bar stays in view at the bottom of the frame.
    const bar = await page.locator('[data-testid="pick-up"]').boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    expect((bar?.y ?? 0) + (bar?.height ?? 0)).toBeGreaterThan(height - 40);
    await expectAccessible(page);
  });

  it("overdue: dates, order number, size, extension, fee per unit, total, note and the Pay button", async () => {
    await open("rent-in-store-overdue", "&status=overdue");
    expect(await view()).toBe("overdue");
    expect(await page.locator('[data-testid="header-title"]').innerText()).toBe(m.header.overdueFee);
    await page.locator('[data-testid="overdue-cost"]').waitFor();
    const details = await text("overdue-details");
    for (const label of [m.rent.overdue.rentStart, m.rent.overdue.rentEnds, m.rent.overdue.extendedUntil]) {
      expect(details).toContain(label);
    }
    expect(details).toContain(m.rent.overdue.orderNumber);
    expect(details).toContain(product(m.rent.overdue.boxSize));
    // Deadline 2.5 h ago: 2 whole hours + 1 = 3 hours at Rp. 5.000.
    expect(await text("overdue-extension")).toBe(
      `${m.rent.overdue.extension}\n${lang === "en" ? "3 hours" : "3 jam"}`,
    );
    expect(await text("overdue-fee-per-unit")).toContain("Rp. 5.000");
    expect(await text("overdue-total")).toContain("Rp. 15.000");
    expect(await text("overdue-cost")).toContain(m.rent.overdue.note);
    const pay = page.getByRole("button", { name: lang === "en" ? "Pay" : "Pilih Pembayaran", exact: true });
    expect(await pay.isEnabled()).toBe(true);
    await expectAccessible(page);
  });

  it("stop: door number, QR, warning box, how-to-stop-rent and the 10 s countdown", async () => {
    await open("rent-in-store", "&status=stop&qrdisplay=data");
    expect(await view()).toBe("stop");
    // The page may arrive rendered by the server; the QR is drawn once its encoder has loaded.
    await page.locator('[data-testid="stop-qr"] svg[role="img"]').waitFor();
    expect(await page.locator('[data-testid="stop-qr"] svg[role="img"]').count()).toBe(1);
    expect(await text("qr-door")).toMatch(/\d+/);
    await page.locator('[data-testid="content-attention_pick_up_items"]').waitFor();
    await page.locator('[data-testid="content-how_to_stop_rent"]').waitFor();
    expect(await text("stop-countdown")).toMatch(/(10|[1-9])/);
  });

  it("other: ended, cancelled and ended by system, with the share button and its payload", async () => {
    for (const [scenario, status] of [
      ["rent-ended", "CUSTOMER_TAKEN"],
      ["rent-cancelled", "CANCEL"],
      ["rent-ended-by-system", "TAKEN_BY_SYSTEM"],
    ] as const) {
      await open(scenario);
      expect(await view()).toBe("other");
      expect(await page.locator('[data-testid="view-hero"]').innerText()).toContain(m.status[status]);
      for (const block of ["rent-info", "status-history", "location-info", "payment-details"]) {
        expect(await page.locator(`[data-testid="${block}"]`).count(), block).toBe(1);
      }
      expect(await text("payment-details")).toContain(m.rent.payment.adminFee);
      expect(await text("payment-method")).toContain("Virtual Account");
      await page.locator('[data-testid="share-button"]').click();
      const shares = (await bridgeCalls(page)).filter((call) => call.action === "shareOrder");
      expect(shares.at(-1)?.payload).toMatchObject({
        status: m.status[status],
        recipientName: "Budi Santoso",
        expressNumber: expect.stringMatching(/^PBR/),
        box: { name: expect.any(String), address: expect.any(String), door: expect.any(String) },
        paymentInfo: expect.stringMatching(/^Virtual Account · Rp\. /),
      });
    }
    const donations = await page.locator('[data-testid="payment-donation"]').allInnerTexts();
    expect(donations).toEqual(
      lang === "en"
        ? ["Plant a tree × 1\nRp. 2.000", "Meal for a courier × 2\nRp. 5.000"]
        : ["Tanam pohon × 1\nRp. 2.000", "Makan untuk kurir × 2\nRp. 5.000"],
    );
    expect(errors).toEqual([]);
  });
});

describe("polling and failures", () => {
  it("stops on CANCEL, pauses while hidden and resumes on return", { timeout: 90_000 }, async () => {
    const context = await newContext({ viewport: "mobile", language: "id" });
    const page = await context.newPage();
    const seen = orderRequests(page);

    await visit(page, (await createScenario("rent-cancelled")).url);
    await page.locator('[data-testid="rent-status"][data-status="CANCEL"]').waitFor();
    const afterCancel = seen.length;
    await page.waitForTimeout(6_000);
    expect(seen.length).toBe(afterCancel);

    await visit(page, (await createScenario("rent-in-store")).url);
    await page.locator('[data-testid="rent-status"]').waitFor();
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, "visibilityState", {
          configurable: true,
          get: () => (value ? "hidden" : "visible"),
        });
        Object.defineProperty(document, "hidden", { configurable: true, get: () => value });
        document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
      }, hidden);
    await setHidden(true);
    const whileHidden = seen.length;
    await page.waitForTimeout(6_000);
    expect(seen.length).toBe(whileHidden);
    await setHidden(false);
    await expect.poll(() => seen.length, { timeout: 2_000 }).toBeGreaterThan(whileHidden);
    const resumed = seen.length;
    await expect.poll(() => seen.length, { timeout: 6_500 }).toBeGreaterThan(resumed);
    await context.close();
  });

  it("revalidates unchanged polls with the ETag (304, no body)", async () => {
    // Playwright turns the HTTP cache off in contexts with request routing, so this one has none.
    const context = await (await getBrowser()).newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    const seen = orderRequests(page);
    await visit(page, (await createScenario("rent-ended")).url);
    await page.locator('[data-testid="rent-status"]').waitFor();
    // The server read the order for the first render: the browser's own polls start 5 s later.
    await expect.poll(() => seen.length, { timeout: 12_000 }).toBeGreaterThan(1);
    const etag = await (await seen[0]?.response())?.headerValue("etag");
    expect(etag).toBeTruthy();
    // The browser asks with If-None-Match; the API's 304 is then served from the browser's cache.
    expect((await seen[1]?.allHeaders())?.["if-none-match"]).toBe(etag);
    await context.close();
  });

  it("shows 'Oops...' with the server's message and stops polling and the loader", async () => {
    const context = await newContext({ viewport: "desktop", language: "id" });
    const page = await context.newPage();
    const seen = orderRequests(page);
    await visit(page, "/order-status?orderid=999999&token=demo-token-budi");
    const dialog = page.locator('[data-testid="error-dialog"]');
    await dialog.waitFor();
    // Budi speaks Indonesian: the API words its message in his language.
    expect(await dialog.innerText()).toContain("Pesanan 999999 tidak ditemukan.");
    expect(await page.locator('[data-testid="screen-skeleton"]').count()).toBe(0);
    const count = seen.length;
    await page.waitForTimeout(5_500);
    expect(seen.length).toBe(count);

    // Without an order id nothing loads.
    await visit(page, "/order-status?token=demo-token-budi");
    await page.locator('[data-testid="rent-missing-order"]').waitFor();
    expect(seen.length).toBe(count);
    await context.close();
  });
});
