import AxeBuilder from "@axe-core/playwright";
import type { Page, Request } from "playwright-core";
// The rent's and the shell's messages files, not `locales/*.ts`: Playwright's loader needs the import
// attribute on a JSON import, which those files (bundled by Vite) do not give.
import enRent from "../src/locales/en/rent.json" with { type: "json" };
import enShell from "../src/locales/en/shell.json" with { type: "json" };
import idRent from "../src/locales/id/rent.json" with { type: "json" };
import idShell from "../src/locales/id/shell.json" with { type: "json" };
import { bridgeCalls, stubBridge } from "./support/bridge.ts";
import {
  cutOrderStream,
  holdClock,
  type Lang,
  phoneAndDesktop,
  phoneEn,
  runClock,
  setHidden,
  speakEnglish,
  visit,
} from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { createScenario } from "./support/journeys.ts";

/**
 * The five rent-status views (spec §2) from fresh demo scenarios, in Indonesian and English, in the
 * mobile and the desktop frame; the share button and its payload through a stub bridge; the poll
 * stopping on CANCEL and pausing while the page is hidden; the 'Oops...' dialog.
 *
 * Demo rents all belong to Budi (an Indonesian-speaking member); the English runs answer his members
 * auth call with `language: "en"` so the screens switch language the way they would for Sari.
 */

const en = { ...enShell, rent: enRent };
const id = { ...idShell, rent: idRent };

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

/** `text` exactly as the page lays it out: lines for its blocks (a pattern is not whitespace-normalised). */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);

/**
 * The five views' page: a stub bridge in its context, and (English runs) the member's language
 * answered as English.
 */
const viewsTest = test.extend({
  page: async ({ context, visitor }, use) => {
    await stubBridge(context);
    const page = await context.newPage();
    await speak(page, visitor.language ?? "id");
    await use(page);
  },
});

/** The view as it should end: accessible (`expectAccessible`), and no console or page error on the way. */
async function expectClean(page: Page, errors: string[]) {
  await expectAccessible(page);
  expect(errors).toEqual([]);
}

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

for (const [viewport, lang] of phoneAndDesktop) {
  describe(`the five views at ${viewport} in ${lang}`, () => {
    const m = lang === "en" ? en : id;
    test.use({ visitor: { viewport, language: lang } });

    const view = (page: Page) => page.getByTestId("rent-status");
    /** Opens a fresh demo rent (`extra`: more of its query) and checks which of the views it shows. */
    const show = async (page: Page, scenario: string, shown: string, extra = "") => {
      const { url, params } = await createScenario(scenario);
      await visit(page, `${url}${extra}`);
      await page.getByTestId("rent-status").waitFor();
      await expect(view(page)).toHaveAttribute("data-view", shown);
      return { url, orderId: params.get("orderid") ?? "" };
    };
    /** The first element of a test id, its text read as laid out (`innerText`). */
    const first = (page: Page, testId: string) => page.getByTestId(testId).first();
    const inner = { useInnerText: true } as const;

    viewsTest(
      "to-store: countdown, store QR, rent info, history, payment details, Cancel Rent",
      async ({ page, errors }) => {
        await show(page, "rent-to-store", "to-store");
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(first(page, "countdown-clock")).toHaveText(/^00:(49|50):\d\d$/, inner);
        await expect(first(page, "countdown")).toContainText(m.rent.countdown.toStoreLabel, inner);
        await expect(page.getByTestId("store-qr").locator('svg[role="img"]')).toHaveCount(1);
        await expect(first(page, "rent-info")).toContainText(m.rent.rentInfo.orderNumber, inner);
        await expect(first(page, "rent-info")).toContainText(product(m.rent.rentInfo.boxSize), inner);
        // The rent starts when its items are stored: no start time and no end yet beside its duration
        // (the deadline the countdown shows is the one to store by).
        await expect(page.getByTestId("rent-info-start").locator("dd")).toHaveText(
          exactly(m.rent.rentInfo.startsWhenStored),
          inner,
        );
        await expect(page.getByTestId("rent-info-ends")).toHaveCount(0);
        await expect(page.getByTestId("status-history").locator("li")).toHaveCount(1);
        await expect(first(page, "payment-total")).toHaveText(/Rp\. \d{1,3}(\.\d{3})*$/, inner);
        await expect(page.getByRole("button", { name: m.rent.toStore.cancel, exact: true })).toBeVisible();
        // No header title, no share button while the rent runs.
        await expect(page.getByTestId("header-title")).toHaveCount(0);
        await expect(page.getByTestId("share-button")).toHaveCount(0);
        await expectClean(page, errors);
      },
    );

    viewsTest(
      "in-store: header, rent info, how-to, history, location, payment, support, countdown, Pick Up Items",
      async ({ page, errors }) => {
        await show(page, "rent-in-store", "in-store");
        await expect(first(page, "view-headline")).toHaveText(exactly(m.rent.inStore.headline), inner);
        await expect(first(page, "status-history")).toContainText(m.status.IN_STORE, inner);
        await expect(first(page, "status-history")).toContainText(m.status.IMPORTED, inner);
        // Newest first.
        await expect(page.getByTestId("status-history").locator("li").first()).toHaveAttribute(
          "data-status",
          "IN_STORE",
        );
        // The settings texts arrive with their own call (and the sanitiser) after the view shows.
        const howTo = page.getByTestId("content-how_to_pick_up_items").locator("li");
        await howTo.first().waitFor();
        await expect(howTo.nth(1)).toBeAttached();
        await expect(page.getByTestId("location-info")).toHaveCount(1);
        await expect(first(page, "countdown-clock")).toHaveText(/^0[23]:\d\d:\d\d$/, inner);
        await expect
          .poll(async () => (await page.getByTestId("payment-donation").allInnerTexts()).join("\n"))
          .toContain(lang === "en" ? "Plant a tree" : "Tanam pohon");
        await expect(page.getByRole("button", { name: m.rent.inStore.contactSupport })).toBeVisible();
        await expect(page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true })).toBeVisible();
        // The sticky bar stays in view at the bottom of the frame.
        const height = page.viewportSize()?.height ?? 0;
        await expect
          .poll(async () => {
            const bar = await page.getByTestId("pick-up").boundingBox();
            return (bar?.y ?? 0) + (bar?.height ?? 0);
          })
          .toBeGreaterThan(height - 40);
        await expectClean(page, errors);
      },
    );

    viewsTest(
      "overdue: dates, order number, size, extension, fee per unit, total, note and the Pay button",
      async ({ page, errors }) => {
        await show(page, "rent-in-store-overdue", "overdue", "&status=overdue");
        await expect(page.getByTestId("header-title")).toHaveText(exactly(m.header.overdueFee), inner);
        await page.getByTestId("overdue-cost").waitFor();
        const details = first(page, "overdue-details");
        for (const label of [
          m.rent.overdue.rentStart,
          m.rent.overdue.rentEnds,
          m.rent.overdue.extendedUntil,
        ]) {
          await expect(details).toContainText(label, inner);
        }
        await expect(details).toContainText(m.rent.overdue.orderNumber, inner);
        await expect(details).toContainText(product(m.rent.overdue.boxSize), inner);
        // Deadline 2.5 h ago: 2 whole hours + 1 = 3 hours at Rp. 5.000.
        await expect(first(page, "overdue-extension")).toHaveText(
          exactly(`${m.rent.overdue.extension}\n${lang === "en" ? "3 hours" : "3 jam"}`),
          inner,
        );
        await expect(first(page, "overdue-fee-per-unit")).toContainText("Rp. 5.000", inner);
        await expect(first(page, "overdue-total")).toContainText("Rp. 15.000", inner);
        await expect(first(page, "overdue-cost")).toContainText(m.rent.overdue.note, inner);
        const pay = page.getByRole("button", {
          name: lang === "en" ? "Pay" : "Pilih Pembayaran",
          exact: true,
        });
        await expect(pay).toBeEnabled();
        await expectClean(page, errors);
      },
    );

    viewsTest(
      "stop: door number, QR, warning box, how-to-stop-rent and the 10 s countdown",
      async ({ page, errors }) => {
        await show(page, "rent-in-store", "stop", "&status=stop&qrdisplay=data");
        // The page may arrive rendered by the server; the QR is drawn once its encoder has loaded.
        const qr = page.getByTestId("stop-qr").locator('svg[role="img"]');
        await qr.waitFor();
        await expect(qr).toHaveCount(1);
        await expect(first(page, "qr-door")).toHaveText(/\d+/, inner);
        await page.getByTestId("content-attention_pick_up_items").waitFor();
        await page.getByTestId("content-how_to_stop_rent").waitFor();
        await expect(first(page, "stop-countdown")).toHaveText(/(10|[1-9])/, inner);
        expect(errors).toEqual([]);
      },
    );

    viewsTest(
      "other: ended, cancelled and ended by system, with the share button and its payload",
      async ({ page, errors }) => {
        for (const [scenario, status] of [
          ["rent-ended", "CUSTOMER_TAKEN"],
          ["rent-cancelled", "CANCEL"],
          ["rent-ended-by-system", "TAKEN_BY_SYSTEM"],
        ] as const) {
          await show(page, scenario, "other");
          await expect(page.getByTestId("view-hero")).toContainText(m.status[status], inner);
          for (const block of ["rent-info", "status-history", "location-info", "payment-details"]) {
            await expect(page.getByTestId(block), block).toHaveCount(1);
          }
          await expect(first(page, "payment-details")).toContainText(m.rent.payment.adminFee, inner);
          await expect(first(page, "payment-method")).toContainText("Virtual Account", inner);
          if (status === "CANCEL") {
            // Cancelled before storing: the rent never started, so it has no start time and no end.
            await expect(page.getByTestId("rent-info-start").locator("dd")).toHaveText(
              exactly(m.rent.rentInfo.notStarted),
              inner,
            );
            await expect(page.getByTestId("rent-info-ends")).toHaveCount(0);
          } else {
            await expect(first(page, "rent-info-start")).toHaveText(/\d{2}:\d{2}$/, inner);
          }
          await page.getByTestId("share-button").click();
          const shares = (await bridgeCalls(page)).filter((call) => call.action === "shareOrder");
          expect(shares.at(-1)?.payload).toMatchObject({
            status: m.status[status],
            recipientName: "Budi Santoso",
            expressNumber: expect.stringMatching(/^PBR/),
            box: { name: expect.any(String), address: expect.any(String), door: expect.any(String) },
            paymentInfo: expect.stringMatching(/^Virtual Account · Rp\. /),
          });
        }
        await expect
          .poll(() => page.getByTestId("payment-donation").allInnerTexts())
          .toEqual(
            lang === "en"
              ? ["Plant a tree × 1\nRp. 2.000", "Meal for a courier × 2\nRp. 5.000"]
              : ["Tanam pohon × 1\nRp. 2.000", "Makan untuk kurir × 2\nRp. 5.000"],
          );
        expect(errors).toEqual([]);
      },
    );
  });
}

// The poll is the fallback of the stream of pushed changes (ADR 020; push.e2e.test.ts): cut here.
describe("polling and failures", () => {
  test("stops on CANCEL, pauses while hidden and resumes on return", async ({ open }) => {
    test.setTimeout(90_000);
    // Not `test.use({ visitor })` for the block: Playwright applies its own option of that name
    // to every context of the test, the plain one of the ETag test below too.
    const { page } = await open({ viewport: "mobile", language: "id" });
    await cutOrderStream(page);
    const seen = orderRequests(page);
    // The page's timers run on the test's clock: 6 s of polling pass at once.
    await holdClock(page);

    await visit(page, (await createScenario("rent-cancelled")).url);
    await page.locator('[data-testid="rent-status"][data-status="CANCEL"]').waitFor();
    const afterCancel = seen.length;
    await runClock(page, 6_000);
    expect(seen.length).toBe(afterCancel);

    await visit(page, (await createScenario("rent-in-store")).url);
    await page.getByTestId("rent-status").waitFor();
    await setHidden(page, true);
    const whileHidden = seen.length;
    await runClock(page, 6_000);
    expect(seen.length).toBe(whileHidden);
    await setHidden(page, false);
    // The return asks at once, with no timer. Then time flows again: the polls go on (every 5 s; the
    // wait is generous for a busy runner, what is checked is that they resume).
    await expect.poll(() => seen.length).toBeGreaterThan(whileHidden);
    const resumed = seen.length;
    await page.clock.resume();
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBeGreaterThan(resumed);
  });

  test("revalidates unchanged polls with the ETag (304, no body)", async ({ newContext }) => {
    // Playwright turns the HTTP cache off in contexts with request routing, so this one has none.
    const context = await newContext({ plain: true });
    const page = await context.newPage();
    await cutOrderStream(page);
    const seen = orderRequests(page);
    await visit(page, (await createScenario("rent-ended")).url);
    await page.getByTestId("rent-status").waitFor();
    // The server read the order for the first render: the browser's own polls start 5 s later.
    await expect.poll(() => seen.length, { timeout: 12_000 }).toBeGreaterThan(1);
    const etag = await (await seen[0]?.response())?.headerValue("etag");
    expect(etag).toBeTruthy();
    // The browser asks with If-None-Match; the API's 304 is then served from the browser's cache.
    expect((await seen[1]?.allHeaders())?.["if-none-match"]).toBe(etag);
  });

  test("shows 'Oops...' with the server's message and stops polling and the loader", async ({ open }) => {
    const { page } = await open({ viewport: "desktop", language: "id" });
    const seen = orderRequests(page);
    await holdClock(page);
    await visit(page, "/order-status?orderid=999999&token=demo-token-budi");
    const dialog = page.getByTestId("error-dialog");
    await dialog.waitFor();
    // Budi speaks Indonesian: the API words its message in his language.
    await expect(dialog).toContainText("Order 999999 tidak ditemukan.", { useInnerText: true });
    await expect(page.getByTestId("screen-skeleton")).toHaveCount(0);
    const count = seen.length;
    await runClock(page, 5_500);
    expect(seen.length).toBe(count);

    // Without an order id, or with one no order can have, nothing loads: no API wording either.
    for (const query of ["", "orderid=abc&"]) {
      await visit(page, `/order-status?${query}token=demo-token-budi`);
      await page.getByTestId("rent-missing-order").waitFor();
      await expect(page.getByTestId("error-dialog")).toHaveCount(0);
      expect(seen.length).toBe(count);
    }
  });

  for (const [viewport, lang] of [phoneEn])
    test(`the action pages of an order that cannot be loaded say 'Oops...', not a skeleton or a template (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page } = await open({ viewport, language: lang });
      const m = lang === "en" ? en : id;
      // Another member's rent, as an unknown one: the API says it was not found, in the member's language.
      const other = await createScenario("rent-in-store", { language: lang === "en" ? "id" : "en" });
      const token = lang === "en" ? "demo-token-sari" : "demo-token-budi";
      const notFound =
        lang === "en" ? `Order ${other.orderId} was not found.` : `Order ${other.orderId} tidak ditemukan.`;
      await visit(page, `/order-status/action?act=open_locker&orderid=${other.orderId}&token=${token}`);
      const dialog = page.locator('[data-testid="error-dialog"][open]');
      await expect(dialog).toContainText(notFound, { useInnerText: true });
      await expect(page.getByTestId("rent-load-failed")).toContainText(m.rent.loadFailed.title);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await dialog.getByRole("button").click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId("rent-load-failed").getByRole("button")).toHaveText(
        m.rent.loadFailed.retry,
      );

      // The stop countdown names no door it does not know.
      await visit(page, `/order-status/action?act=stop_count&orderid=${other.orderId}&token=${token}`);
      await page.getByTestId("stop-count").waitFor();
      await expect(page.getByTestId("stop-count")).not.toContainText("{{");
      await page.waitForURL((url) => url.pathname === "/order-status", { timeout: 10_000 });
      await expect(dialog).toContainText(notFound, { useInnerText: true });
    });
});
