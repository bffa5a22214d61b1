import AxeBuilder from "@axe-core/playwright";
import type { Page, Request } from "playwright-core";
import en from "../src/locales/en.ts";
import id from "../src/locales/id.ts";
import { bridgeCalls, stubBridge } from "./support/bridge.ts";
import {
  cutOrderStream,
  type Lang,
  phoneAndDesktop,
  runClock,
  setHidden,
  speakEnglish,
  visit,
} from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";
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

describe.for(phoneAndDesktop)("the five views at %s in %s", ([viewport, lang]) => {
  const m = lang === "en" ? en : id;
  it.override("contextOptions", { viewport, language: lang });
  it.override("page", async ({ context }) => {
    await stubBridge(context);
    const page = await context.newPage();
    await speak(page, lang);
    return page;
  });

  const show = async (page: Page, scenario: string, extra = "") => {
    const { url, params } = await createScenario(scenario);
    await visit(page, `${url}${extra}`);
    await page.locator('[data-testid="rent-status"]').waitFor();
    return { url, orderId: params.get("orderid") ?? "" };
  };
  const text = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`).first().innerText();
  const view = (page: Page) => page.locator('[data-testid="rent-status"]').getAttribute("data-view");

  it("to-store: countdown, store QR, rent info, history, payment details, Cancel Rent", async ({
    page,
    errors,
  }) => {
    await show(page, "rent-to-store");
    expect(await view(page)).toBe("to-store");
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    expect(await text(page, "countdown-clock")).toMatch(/^00:(49|50):\d\d$/);
    expect(await text(page, "countdown")).toContain(m.rent.countdown.toStoreLabel);
    expect(await page.locator('[data-testid="store-qr"] svg[role="img"]').count()).toBe(1);
    expect(await text(page, "rent-info")).toContain(m.rent.rentInfo.orderNumber);
    expect(await text(page, "rent-info")).toContain(product(m.rent.rentInfo.boxSize));
    // The rent starts when its items are stored: no start time and no end yet beside its duration
    // (the deadline the countdown shows is the one to store by).
    expect(await page.locator('[data-testid="rent-info-start"] dd').innerText()).toBe(
      m.rent.rentInfo.startsWhenStored,
    );
    expect(await page.locator('[data-testid="rent-info-ends"]').count()).toBe(0);
    expect(await page.locator('[data-testid="status-history"] li').count()).toBe(1);
    expect(await text(page, "payment-total")).toMatch(/Rp\. \d{1,3}(\.\d{3})*$/);
    expect(await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).isVisible()).toBe(
      true,
    );
    // No header title, no share button while the rent runs.
    expect(await page.locator('[data-testid="header-title"]').count()).toBe(0);
    expect(await page.locator('[data-testid="share-button"]').count()).toBe(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it("in-store: header, rent info, how-to, history, location, payment, support, countdown, Pick Up Items", async ({
    page,
    errors,
  }) => {
    await show(page, "rent-in-store");
    expect(await view(page)).toBe("in-store");
    expect(await text(page, "view-headline")).toBe(m.rent.inStore.headline);
    expect(await text(page, "status-history")).toContain(m.status.IN_STORE);
    expect(await text(page, "status-history")).toContain(m.status.IMPORTED);
    // Newest first.
    expect(await page.locator('[data-testid="status-history"] li').first().getAttribute("data-status")).toBe(
      "IN_STORE",
    );
    // The settings texts arrive with their own call (and the sanitiser) after the view shows.
    await page.locator('[data-testid="content-how_to_pick_up_items"] li').first().waitFor();
    expect(await page.locator('[data-testid="content-how_to_pick_up_items"] li').count()).toBeGreaterThan(1);
    expect(await page.locator('[data-testid="location-info"]').count()).toBe(1);
    expect(await text(page, "countdown-clock")).toMatch(/^0[23]:\d\d:\d\d$/);
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
    expect(errors).toEqual([]);
  });

  it("overdue: dates, order number, size, extension, fee per unit, total, note and the Pay button", async ({
    page,
    errors,
  }) => {
    await show(page, "rent-in-store-overdue", "&status=overdue");
    expect(await view(page)).toBe("overdue");
    expect(await page.locator('[data-testid="header-title"]').innerText()).toBe(m.header.overdueFee);
    await page.locator('[data-testid="overdue-cost"]').waitFor();
    const details = await text(page, "overdue-details");
    for (const label of [m.rent.overdue.rentStart, m.rent.overdue.rentEnds, m.rent.overdue.extendedUntil]) {
      expect(details).toContain(label);
    }
    expect(details).toContain(m.rent.overdue.orderNumber);
    expect(details).toContain(product(m.rent.overdue.boxSize));
    // Deadline 2.5 h ago: 2 whole hours + 1 = 3 hours at Rp. 5.000.
    expect(await text(page, "overdue-extension")).toBe(
      `${m.rent.overdue.extension}\n${lang === "en" ? "3 hours" : "3 jam"}`,
    );
    expect(await text(page, "overdue-fee-per-unit")).toContain("Rp. 5.000");
    expect(await text(page, "overdue-total")).toContain("Rp. 15.000");
    expect(await text(page, "overdue-cost")).toContain(m.rent.overdue.note);
    const pay = page.getByRole("button", { name: lang === "en" ? "Pay" : "Pilih Pembayaran", exact: true });
    expect(await pay.isEnabled()).toBe(true);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it("stop: door number, QR, warning box, how-to-stop-rent and the 10 s countdown", async ({
    page,
    errors,
  }) => {
    await show(page, "rent-in-store", "&status=stop&qrdisplay=data");
    expect(await view(page)).toBe("stop");
    // The page may arrive rendered by the server; the QR is drawn once its encoder has loaded.
    await page.locator('[data-testid="stop-qr"] svg[role="img"]').waitFor();
    expect(await page.locator('[data-testid="stop-qr"] svg[role="img"]').count()).toBe(1);
    expect(await text(page, "qr-door")).toMatch(/\d+/);
    await page.locator('[data-testid="content-attention_pick_up_items"]').waitFor();
    await page.locator('[data-testid="content-how_to_stop_rent"]').waitFor();
    expect(await text(page, "stop-countdown")).toMatch(/(10|[1-9])/);
    expect(errors).toEqual([]);
  });

  it("other: ended, cancelled and ended by system, with the share button and its payload", async ({
    page,
    errors,
  }) => {
    for (const [scenario, status] of [
      ["rent-ended", "CUSTOMER_TAKEN"],
      ["rent-cancelled", "CANCEL"],
      ["rent-ended-by-system", "TAKEN_BY_SYSTEM"],
    ] as const) {
      await show(page, scenario);
      expect(await view(page)).toBe("other");
      expect(await page.locator('[data-testid="view-hero"]').innerText()).toContain(m.status[status]);
      for (const block of ["rent-info", "status-history", "location-info", "payment-details"]) {
        expect(await page.locator(`[data-testid="${block}"]`).count(), block).toBe(1);
      }
      expect(await text(page, "payment-details")).toContain(m.rent.payment.adminFee);
      expect(await text(page, "payment-method")).toContain("Virtual Account");
      if (status === "CANCEL") {
        // Cancelled before storing: the rent never started, so it has no start time and no end.
        expect(await page.locator('[data-testid="rent-info-start"] dd').innerText()).toBe(
          m.rent.rentInfo.notStarted,
        );
        expect(await page.locator('[data-testid="rent-info-ends"]').count()).toBe(0);
      } else {
        expect(await text(page, "rent-info-start")).toMatch(/\d{2}:\d{2}$/);
      }
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

// The poll is the fallback of the stream of pushed changes (ADR 020; push.e2e.test.ts): cut here.
describe("polling and failures", () => {
  it.override("contextOptions", { viewport: "mobile", language: "id" });

  it("stops on CANCEL, pauses while hidden and resumes on return", { timeout: 90_000 }, async ({ page }) => {
    await cutOrderStream(page);
    const seen = orderRequests(page);
    // The page's timers run on the test's clock: 6 s of polling pass at once.
    await page.clock.install();

    await visit(page, (await createScenario("rent-cancelled")).url);
    await page.locator('[data-testid="rent-status"][data-status="CANCEL"]').waitFor();
    const afterCancel = seen.length;
    await runClock(page, 6_000);
    expect(seen.length).toBe(afterCancel);

    await visit(page, (await createScenario("rent-in-store")).url);
    await page.locator('[data-testid="rent-status"]').waitFor();
    await setHidden(page, true);
    const whileHidden = seen.length;
    await runClock(page, 6_000);
    expect(seen.length).toBe(whileHidden);
    await setHidden(page, false);
    await expect.poll(() => seen.length, { timeout: 2_000 }).toBeGreaterThan(whileHidden);
    const resumed = seen.length;
    await expect.poll(() => seen.length, { timeout: 6_500 }).toBeGreaterThan(resumed);
  });

  it("revalidates unchanged polls with the ETag (304, no body)", async ({ newContext }) => {
    // Playwright turns the HTTP cache off in contexts with request routing, so this one has none.
    const context = await newContext({ plain: true });
    const page = await context.newPage();
    await cutOrderStream(page);
    const seen = orderRequests(page);
    await visit(page, (await createScenario("rent-ended")).url);
    await page.locator('[data-testid="rent-status"]').waitFor();
    // The server read the order for the first render: the browser's own polls start 5 s later.
    await expect.poll(() => seen.length, { timeout: 12_000 }).toBeGreaterThan(1);
    const etag = await (await seen[0]?.response())?.headerValue("etag");
    expect(etag).toBeTruthy();
    // The browser asks with If-None-Match; the API's 304 is then served from the browser's cache.
    expect((await seen[1]?.allHeaders())?.["if-none-match"]).toBe(etag);
  });

  it("shows 'Oops...' with the server's message and stops polling and the loader", async ({ open }) => {
    const { page } = await open({ viewport: "desktop", language: "id" });
    const seen = orderRequests(page);
    await page.clock.install();
    await visit(page, "/order-status?orderid=999999&token=demo-token-budi");
    const dialog = page.locator('[data-testid="error-dialog"]');
    await dialog.waitFor();
    // Budi speaks Indonesian: the API words its message in his language.
    expect(await dialog.innerText()).toContain("Pesanan 999999 tidak ditemukan.");
    expect(await page.locator('[data-testid="screen-skeleton"]').count()).toBe(0);
    const count = seen.length;
    await runClock(page, 5_500);
    expect(seen.length).toBe(count);

    // Without an order id nothing loads.
    await visit(page, "/order-status?token=demo-token-budi");
    await page.locator('[data-testid="rent-missing-order"]').waitFor();
    expect(seen.length).toBe(count);
  });
});
