import type { Page } from "playwright-core";
import { formatDateTime } from "../src/lib/i18n/format.ts";
// The messages' own files, not `locales/en.ts`: Playwright's loader needs the import attribute on
// a JSON import, which that file (bundled by Vite) does not give.
import rentEn from "../src/locales/en/rent.json" with { type: "json" };
import shellEn from "../src/locales/en/shell.json" with { type: "json" };
import rentId from "../src/locales/id/rent.json" with { type: "json" };
import shellId from "../src/locales/id/shell.json" with { type: "json" };
import { bridgeCalls, expectBridgeCall, stubBridge } from "./support/bridge.ts";
import {
  baseUrl,
  cutOrderStream,
  desktopEn,
  desktopId,
  holdScripts,
  hydrated,
  type Lang,
  phoneAndDesktop,
  phoneEn,
  phoneId,
  setHidden,
  speakEnglish,
  type ViewportName,
  visit,
} from "./support/browser.ts";
import { describe, expect, type Open, test } from "./support/fixtures.ts";
import {
  advanceOrder,
  api,
  atStopCount,
  createScenario,
  decodeQr,
  openRent,
  scanAtKiosk,
  storeAtKiosk,
} from "./support/journeys.ts";
import { shot } from "./support/shots.ts";

/**
 * The rent journeys driven through the screens and the locker kiosk only: store, open the door,
 * stop the rent, cancel (and be denied), and the to-store countdown cancelling at zero. A stub
 * Android bridge records what reaches the native app (events, close).
 *
 * Demo rents belong to Budi (Indonesian); English runs answer his members auth call with
 * `language: "en"`.
 */

const token = "demo-token-budi";
/** The demo rents' member, Budi, speaks Indonesian (`openRent`'s language); English runs use `speakEnglish`. */
const budi = "id";
const en = { ...shellEn, rent: rentEn };
const id = { ...shellId, rent: rentId };

async function start(open: Open, viewport: ViewportName, lang: Lang) {
  const opened = await open({ viewport, language: lang });
  await stubBridge(opened.context);
  if (lang === "en") {
    await speakEnglish(opened.page);
  }
  return { ...opened, m: lang === "en" ? en : id };
}

const events = async (page: Page) =>
  (await bridgeCalls(page)).filter((call) => call.action === "recordEvent").map((call) => call.payload);

/** Cancels the rent from its to-store view: Cancel, then yes in the confirmation. */
async function confirmCancel(page: Page, m: typeof en) {
  await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).click();
  await page.getByRole("button", { name: m.rent.toStore.confirmYes }).click();
}

/** The browser itself logs a refused cancel call (409); that refusal is the point where it is made. */
const forgetRefusal = (errors: string[]) =>
  errors.splice(0, errors.length, ...errors.filter((error) => !error.includes("status of 409")));

/** Waits until the page has recorded the event `name` through the bridge. */
const expectEvent = (page: Page, name: string) =>
  expect.poll(async () => (await events(page)).map((event) => event.name)).toContain(name);

const view = (page: Page) => page.getByTestId("rent-status");
const orderOf = (orderId: string) =>
  api<{ status: string; overdueTime: number }>(`/api/v1/box/express/info/${orderId}/paid`, token);

describe("rent journeys", () => {
  test("store: the QR read off the screen and scanned at the kiosk flips the view within one poll", async ({
    open,
  }) => {
    const { page, errors, m } = await start(open, "mobile", "en");
    await openRent(page, "rent-to-store", budi, "to-store");
    await view(page).and(page.locator('[data-view="to-store"]')).waitFor();
    await expect(page.locator('[data-testid="countdown"] h2')).toHaveText(m.rent.countdown.toStoreLabel);

    const code = await decodeQr(page.locator('[data-testid="store-qr"] [data-testid="qr"]'));
    expect(code).toMatch(/^PXB-S-/);
    const scanned = await scanAtKiosk(code);
    expect(scanned.body.data).toMatchObject({ action: "store", orderStatus: "IN_STORE" });
    const at = Date.now();
    await page.locator('[data-view="in-store"]').waitFor({ timeout: 6_000 });
    expect(Date.now() - at).toBeLessThan(6_000);
    await expect(page.getByTestId("view-headline")).toHaveText(m.rent.inStore.headline);
    // The rent runs from the moment it was stored: its countdown starts at its whole duration
    // (6 hours; the server's clock is read to the second), not at what was left of the time to
    // store the items.
    await expect.poll(() => secondsShown(page)).toBeGreaterThan(6 * 3600 - 60);
    expect(await secondsShown(page)).toBeLessThanOrEqual(6 * 3600 + 2);

    const stored = async () =>
      (await events(page)).filter((event) => event.name === "store_package_paxelbox");
    await expect.poll(stored).toHaveLength(1);
    await expect
      .poll(async () => (await stored())[0]?.params)
      .toMatchObject({
        order_number: expect.stringMatching(/^PBR/),
        door_number: expect.any(String),
        size: "M",
        locker_code: expect.any(String),
        address: expect.any(String),
        rent_duration: "6 hour",
        cost: expect.any(Number),
        donation_list: expect.stringContaining("Plant a tree"),
      });
    expect(errors).toEqual([]);
  });

  test("open locker: a double tap sends one request, the QR opens the door and the count goes up", async ({
    open,
    scenario,
  }) => {
    const { page, errors, m } = await start(open, "desktop", "id");
    const demo = await scenario("rent-in-store");
    const orderId = demo.orderId;
    let temporaryRequests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/box/qrcode/temporary")) temporaryRequests += 1;
    });
    await visit(page, demo.url);
    await page.locator('[data-view="in-store"]').waitFor();

    for (const round of [1, 2]) {
      await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
      await page.getByTestId("pick-up-dialog").waitFor();
      await page.getByTestId("open-locker").dblclick();
      await page.locator('[data-testid="open-locker-page"] [data-testid="qr"]').waitFor();
      await expect.poll(() => temporaryRequests).toBe(round);
      await expect.poll(() => new URL(page.url()).searchParams.get("act")).toBe("open_locker");
      // Back arrow on open_locker (it would close the web view through the bridge).
      await expect(page.getByTestId("back-button")).toHaveAttribute("data-icon", "back");
      await page.getByTestId("content-how_to_open_locker").waitFor();
      await expect(page.getByTestId("content-how_to_open_locker")).toHaveCount(1);

      const code = await decodeQr(page.locator('[data-testid="open-locker-page"] [data-testid="qr"]'));
      expect(code).toMatch(/^PXB-O-/);
      const scanned = await scanAtKiosk(code);
      expect(scanned.body.data).toMatchObject({ action: "open", orderStatus: "IN_STORE", openCount: round });
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("lockerUserData") ?? "[]")))
        .toEqual([{ expressNumber: expect.stringMatching(/^PBR/), openFrequency: round }]);
      const opens = async () => (await events(page)).filter((event) => event.name === "Multi_Open_PaxelBox");
      await expect
        .poll(async () => (await opens()).at(-1)?.params)
        .toMatchObject({ open_frequency: round, door_number: expect.any(String) });
      await expect
        .poll(async () => (await events(page)).some((event) => event.name === "Pickup_Item_PaxelBox"))
        .toBe(true);

      await page.goBack();
      await page.locator('[data-view="in-store"]').waitFor();
    }
    expect((await orderOf(orderId)).data.status).toBe("IN_STORE");
    expect(errors).toEqual([]);
  });

  for (const [viewport, lang] of [phoneEn])
    test(`open locker: the code opens the door once, and the page gives another for the next opening (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors, m } = await start(open, viewport, lang);
      await openRent(page, "rent-in-store", budi, "in-store");
      await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
      await page.getByTestId("open-locker").click();
      const qr = page.locator('[data-testid="open-locker-page"] [data-testid="qr"]');
      const first = await decodeQr(qr);
      expect((await scanAtKiosk(first)).body.data).toMatchObject({ action: "open", openCount: 1 });
      expect((await scanAtKiosk(first)).status).toBe(409);
      // Still within its minutes, the used code says it works once; a new one is a tap away.
      await expect(page.getByTestId("open-locker-valid-until")).toContainText(
        m.rent.action.openLocker.validUntil.split("{{time}}")[0] as string,
      );
      await page.getByRole("button", { name: m.rent.action.openLocker.newQr, exact: true }).click();
      await expect.poll(() => decodeQr(qr)).not.toBe(first);
      const second = await decodeQr(qr);
      expect((await scanAtKiosk(second)).body.data).toMatchObject({ action: "open", openCount: 2 });
      expect(errors).toEqual([]);
    });

  for (const [viewport, lang] of phoneAndDesktop)
    test(`open locker after the rent time ran out: the server's reason instead of 'try again', and the way on (${viewport}, ${lang})`, async ({
      open,
    }) => {
      // A member of the page's language: the API words its refusals in the member's (ADR 014).
      const { page, errors } = await open({ viewport, language: lang });
      await stubBridge(page.context());
      const m = lang === "en" ? en : id;
      const demo = await openRent(page, "rent-in-store", lang, "in-store");
      await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
      await page.getByTestId("open-locker").click();
      await page.locator('[data-testid="open-locker-page"] [data-testid="qr"]').waitFor();
      await page.goBack();
      await page.locator('[data-view="in-store"]').waitFor();
      await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
      await page.getByTestId("pick-up-dialog").waitFor();

      // The rent runs out while the modal and the open-locker page are open (neither asks again).
      await advanceOrder(demo.orderId, 7 * 24 * 60);
      const refusal = async (press: () => Promise<void>) => {
        const answer = page.waitForResponse((response) =>
          response.url().endsWith("/api/v1/box/qrcode/temporary"),
        );
        await press();
        expect((await answer).status()).toBe(409);
        const { message } = (await (await answer).json()) as { message: string };
        expect(message).not.toBe(m.rent.inStore.openFailed);
        return message;
      };
      const inModal = await refusal(() => page.getByTestId("open-locker").click());
      await expect(page.getByTestId("pick-up-dialog").getByTestId("open-locker-failed")).toHaveText(inModal);
      await shot(page, `rent-open-refused-modal-${viewport}-${lang}`, false);

      await page.getByRole("button", { name: m.rent.inStore.notNow, exact: true }).click();
      await page.goForward();
      const openLocker = page.getByTestId("open-locker-page");
      await openLocker.waitFor();
      const onPage = await refusal(() => page.getByTestId("open-locker-new").click());
      await expect(openLocker.getByTestId("open-locker-failed")).toHaveText(onPage);
      await shot(page, `rent-open-refused-page-${viewport}-${lang}`);
      // The back arrow would close the web view: the page offers the way back to the rent.
      await openLocker.getByRole("link", { name: m.rent.action.backToRent, exact: true }).click();
      await page.locator('[data-view="in-store"]').waitFor();
      await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
      await page.locator('[data-view="overdue"]').waitFor();
      forgetRefusal(errors);
      expect(errors).toEqual([]);
    });

  test("stop rent: stop_count, the stop QR scanned at the kiosk, then 'Rent has Ended'", async ({ open }) => {
    test.setTimeout(90_000);
    const { page, errors, m } = await start(open, "mobile", "id");
    const demo = await openRent(page, "rent-in-store", budi, "in-store");
    await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
    await page.getByRole("button", { name: m.rent.inStore.stopRent, exact: true }).click();

    await atStopCount(page, "data");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/order-status/action");
    await expect(page.getByTestId("back-header")).toHaveCount(0);
    await expect(page.getByTestId("stop-count")).toContainText("pintu nomor");
    await expectEvent(page, "Stop_Rent_PaxelBox");

    // After 5 s the order page replaces it, with the same query.
    await page.locator('[data-view="stop"]').waitFor({ timeout: 7_000 });
    await expect.poll(() => new URL(page.url()).pathname).toBe("/order-status");
    await expect.poll(() => new URL(page.url()).searchParams.get("act")).toBe("stop_count");
    const code = await decodeQr(page.locator('[data-testid="stop-qr"] [data-testid="qr"]'));
    expect(code).toMatch(/^PXB-T-/);
    expect((await scanAtKiosk(code)).body.data).toMatchObject({
      action: "stop",
      orderStatus: "CUSTOMER_TAKEN",
    });

    await page.getByTestId("stop-success").waitFor({ timeout: 6_500 });
    await expect(page.locator("h1")).toHaveText(m.rent.action.stopSuccess.title);
    await expect(page.getByTestId("back-button")).toHaveAttribute("data-icon", "close");
    await expectEvent(page, "Success_Stop_Rent_PaxelBox");
    // The close icon closes the web view through the bridge.
    await page.getByTestId("back-button").click();
    await expectBridgeCall(page, "closeWebView");

    // See Status: the order page with order id and token (spec §2), the token being the stored one
    // (it left the address bar when it was validated).
    const seeStatus = page.getByRole("link", { name: m.rent.action.stopSuccess.button });
    await expect(seeStatus).toHaveAttribute(
      "href",
      `/order-status?orderid=${demo.params.get("orderid")}&token=${token}`,
    );
    await seeStatus.click();
    await page.locator('[data-view="other"][data-status="CUSTOMER_TAKEN"]').waitFor();
    // Validated again, the token leaves the address bar again.
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
      .toEqual({
        orderid: demo.params.get("orderid"),
      });
    expect(errors).toEqual([]);
  });

  for (const [viewport, lang] of [phoneId])
    test(`cancel without signal says it could not be confirmed, and is never sent by itself later (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors, m } = await start(open, viewport, lang);
      const demo = await openRent(page, "rent-to-store", budi, "to-store");
      await page.context().setOffline(true);
      await confirmCancel(page, m);
      // Not 'Denied?': nothing refused it.
      const unanswered = page.locator('[data-testid="error-dialog"][open]');
      await expect(unanswered).toContainText(m.rent.toStore.cancelUnanswered, { timeout: 10_000 });
      await expect(page.getByTestId("cancel-denied")).toHaveJSProperty("open", false);
      await unanswered.getByRole("button", { name: m.errors.ok }).click();
      // The signal is back: the rent is not cancelled behind the person's back.
      await page.context().setOffline(false);
      await page.waitForTimeout(3000);
      expect((await orderOf(demo.orderId)).data.status).toBe("IMPORTED");
      await expect(page.locator('[data-view="to-store"]')).toBeVisible();
      expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(error))).toEqual([]);
    });

  for (const [viewport, lang] of [desktopEn])
    test(`a cancel whose answer is lost on its way back finds the rent cancelled: 'Rent Cancelled' (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors, m } = await start(open, viewport, lang);
      const demo = await openRent(page, "rent-to-store", budi, "to-store");
      // The cancel reaches the API, which cancels; its answer never reaches the phone.
      await page.route("**/api/v1/box/express/cancelRent", async (route) => {
        await route.fetch();
        await route.abort("connectionreset");
      });
      await confirmCancel(page, m);
      await page.getByTestId("cancel-success").waitFor({ timeout: 15_000 });
      await expect(page.locator("h1")).toHaveText(m.rent.action.cancelSuccess.title);
      await expectEvent(page, "Cancel_Rent_PaxelBox");
      expect((await orderOf(demo.orderId)).data.status).toBe("CANCEL");
      expect(errors.filter((error) => !/ERR_CONNECTION_RESET|Failed to fetch/.test(error))).toEqual([]);
    });

  for (const [viewport, lang] of [phoneEn])
    test(`the open-locker QR reopened on a phone whose clock is 10 minutes ahead is still valid (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors, m } = await start(open, viewport, lang);
      await page.clock.install({ time: Date.now() + 10 * 60_000 });
      await page.clock.resume();
      await openRent(page, "rent-in-store", budi, "in-store");
      await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
      await page.getByTestId("open-locker").click();
      await page.getByTestId("open-locker-valid-until").waitFor();
      // Reopened (a reload, the app brought back): the code, valid for five minutes, is judged on the
      // server's clock — once the page has read it, and before.
      await page.reload({ waitUntil: "domcontentloaded" });
      await hydrated(page);
      await page.getByTestId("open-locker-valid-until").waitFor();
      await page.waitForTimeout(1500);
      await expect(page.getByTestId("open-locker-valid-until")).toBeVisible();
      await expect(page.locator('[data-testid="open-locker-page"] [data-testid="qr"]')).toBeVisible();
      expect(errors).toEqual([]);
    });

  for (const [viewport, lang] of [desktopId])
    test(`the stop view goes to the overdue view once the rent passes its deadline with a fee to pay (${viewport}, ${lang})`, async ({
      open,
    }) => {
      test.setTimeout(60_000);
      const { page, errors, m } = await start(open, viewport, lang);
      const demo = await openRent(page, "rent-in-store", budi, "in-store");
      await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
      await page.getByRole("button", { name: m.rent.inStore.stopRent, exact: true }).click();
      await atStopCount(page, "data");
      await page.locator('[data-view="stop"]').waitFor({ timeout: 7_000 });
      // The rent runs past its end while the take QR is on screen: the locker would refuse it.
      await advanceOrder(demo.orderId, 3 * 60 + 1);
      await page.locator('[data-view="overdue"]').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).searchParams.get("status")).toBe("overdue");
      await expect(page.getByTestId("overdue-cost")).toBeVisible();
      expect(errors).toEqual([]);
    });

  test("the stop view past its deadline asks again for the fee when the first calculation went unanswered", async ({
    open,
  }) => {
    const { page, errors, m } = await start(open, "mobile", "en");
    const demo = await openRent(page, "rent-in-store", budi, "in-store");
    await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
    await page.getByRole("button", { name: m.rent.inStore.stopRent, exact: true }).click();
    await atStopCount(page, "data");
    await page.locator('[data-view="stop"]').waitFor({ timeout: 7_000 });
    const isCalculation = (url: URL) => url.pathname.startsWith("/api/v1/box/rental/overdue-calculation/");
    let unanswered = 0;
    await page.route(isCalculation, (route) => {
      unanswered += 1;
      return route.abort("internetdisconnected");
    });
    await advanceOrder(demo.orderId, 3 * 60 + 1);
    await expect.poll(() => unanswered, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.unroute(isCalculation);
    await page.locator('[data-view="overdue"]').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId("overdue-cost")).toBeVisible();
    expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([]);
  });

  test("cancel: confirm, 'Rent Cancelled', See Order goes back; the 'Denied?' modal on refusal", async ({
    open,
  }) => {
    const { page, errors, m } = await start(open, "desktop", "en");
    const refused = await openRent(page, "rent-to-store", budi, "to-store");
    const message = "This rent can no longer be cancelled: items have been stored or the rent has ended.";
    await page.route("**/api/v1/box/express/cancelRent", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ code: 409, message }),
      }),
    );
    await confirmCancel(page, m);
    const denied = page.getByTestId("cancel-denied");
    await denied.waitFor();
    await expect(denied.locator("h2")).toHaveText("Denied?");
    await expect(denied).toContainText(message);
    await denied.getByRole("button", { name: m.errors.ok }).click();
    await page.unroute("**/api/v1/box/express/cancelRent");
    forgetRefusal(errors);
    expect((await orderOf(refused.orderId)).data.status).toBe("IMPORTED");

    const demo = await openRent(page, "rent-to-store", budi, "to-store");
    await confirmCancel(page, m);
    await page.getByTestId("cancel-success").waitFor();
    await expect(page.locator("h1")).toHaveText("Rent Cancelled");
    await expect(page.getByTestId("back-button")).toHaveAttribute("data-icon", "close");
    await expect
      .poll(async () => (await events(page)).find((event) => event.name === "Cancel_Rent_PaxelBox")?.params)
      .toMatchObject({ payment_method: "Virtual Account" });
    expect((await orderOf(demo.orderId)).data.status).toBe("CANCEL");

    await page.getByRole("link", { name: "See Order" }).click();
    await page.locator('[data-view="other"][data-status="CANCEL"]').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get("act")).toBeNull();
    // Finished: the share button is offered.
    await expect(page.getByTestId("share-button")).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  const isOrderCall = (url: string) => /\/api\/v1\/box\/express\/info\/\d+\/paid/.test(url);

  for (const [viewport, lang] of [phoneEn]) {
    test(`cancel refused because the items were stored meanwhile: 'Denied?' still shows (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors, m } = await start(open, viewport, lang);
      await page.clock.install();
      const { orderId } = await openRent(page, "rent-to-store", budi, "to-store");

      // The cancel call is held until the poll has brought the stored order.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const asked = new Promise<void>((resolve) => {
        void page.route("**/api/v1/box/express/cancelRent", async (route) => {
          resolve();
          await released;
          await route.continue();
        });
      });
      await confirmCancel(page, m);
      await asked;
      await storeAtKiosk({ orderId, token });
      // Pushed at once by the stream (or brought by the next poll without one).
      await page.clock.fastForward(5_000);
      await page.locator('[data-testid="rent-status"][data-status="IN_STORE"]').waitFor();

      release();
      const denied = page.getByTestId("cancel-denied");
      await denied.waitFor({ timeout: 5_000 });
      await expect(denied.locator("h2")).toHaveText(m.rent.toStore.deniedTitle);
      await expect
        .poll(async () => (await denied.innerText()).length)
        .toBeGreaterThan(m.rent.toStore.deniedTitle.length + 10);
      await denied.getByRole("button", { name: m.errors.ok }).click();
      // Once the refusal is read, the page shows what is true now.
      await page.locator('[data-view="in-store"]').waitFor();
      expect((await orderOf(orderId)).data.status).toBe("IN_STORE");
      forgetRefusal(errors);
      expect(errors).toEqual([]);
    });
  }

  for (const [viewport, lang] of [phoneId]) {
    test(`cancelled meanwhile in another tab: yes goes to 'Rent Cancelled', not 'Denied?' (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors, m } = await start(open, viewport, lang);
      const { orderId } = await openRent(page, "rent-to-store", budi, "to-store");
      await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).click();
      // The other tab (or device) cancels while this one's confirmation is open.
      const elsewhere = await fetch(`${baseUrl}/api/v1/box/express/cancelRent`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ id: Number(orderId) }),
      });
      expect(elsewhere.status).toBe(200);
      const refused = page.waitForResponse((response) => response.url().endsWith("/cancelRent"));
      await page.getByRole("button", { name: m.rent.toStore.confirmYes }).click();
      expect((await refused).status()).toBe(409);
      await page.getByTestId("cancel-success").waitFor();
      await expect(page.locator("h1")).toHaveText(m.rent.action.cancelSuccess.title);
      await expect(page.getByTestId("cancel-denied")).toHaveCount(0);
      expect((await orderOf(orderId)).data.status).toBe("CANCEL");
      forgetRefusal(errors);
      expect(errors).toEqual([]);
    });
  }

  for (const [viewport, lang] of [desktopId]) {
    test(`back to a hidden tab: the stored order shows at once, not at the next poll (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors, m } = await start(open, viewport, lang);
      // The poll alone (the stream's fallback): with the stream, push.e2e.test.ts.
      await cutOrderStream(page);
      await page.clock.install();
      const { orderId } = await openRent(page, "rent-to-store", budi, "to-store");
      const calls: string[] = [];
      page.on("request", (request) => {
        if (isOrderCall(request.url())) calls.push(request.url());
      });

      // Timers held; a poll brought in tick by tick, so the next one is a full 5 s away.
      await pauseSoon(page);
      const polled = page.waitForResponse((response) => isOrderCall(response.url()));
      for (let ms = 0; calls.length === 0 && ms < 5_500; ms += 250) await page.clock.runFor(250);
      await polled;
      await page.clock.runFor(1);

      await setHidden(page, true);
      await storeAtKiosk({ orderId, token });
      const before = calls.length;
      // The page's timers are held, so no poll can come before the test runs its clock: whatever
      // answers now was asked by the return itself. The wait is real time, for a busy runner.
      const refetched = page.waitForResponse((response) => isOrderCall(response.url()), { timeout: 10_000 });
      await setHidden(page, false);
      await refetched;

      // At most 1.5 s of page time: only the return itself can have asked again.
      let elapsed = 0;
      const shown = () => page.getByTestId("rent-status").getAttribute("data-view");
      while ((await shown()) !== "in-store" && elapsed < 1_500) {
        await page.clock.runFor(100);
        elapsed += 100;
      }
      await expect(page.getByTestId("rent-status")).toHaveAttribute("data-view", "in-store");
      expect(calls.length).toBe(before + 1);
      await expect(page.getByTestId("view-headline")).toHaveText(m.rent.inStore.headline);
      expect(errors).toEqual([]);
    });
  }

  test("the to-store countdown at 00:00:00 cancels the rent once the server agrees, not on a clock that jumped", async ({
    open,
    scenario,
  }) => {
    const { page, errors } = await start(open, "mobile", "en");
    let cancels = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/box/express/cancelRent")) cancels += 1;
    });
    const demo = await scenario("rent-to-store");
    const orderId = demo.orderId;
    const deadline = (await orderOf(orderId)).data.overdueTime;
    await page.clock.install({ time: Date.now() });
    await visit(page, demo.url);
    await page.locator('[data-view="to-store"]').waitFor();
    await hydrated(page);
    expect(Math.abs((await secondsShown(page)) - (deadline - Date.now()) / 1000)).toBeLessThan(5);

    // The phone's clock jumps past the deadline: the countdown reaches 00:00:00, the page asks for
    // the order again, and the server's clock says the rent still waits. It counts down on.
    await page.clock.fastForward(deadline - Date.now() + 5_000);
    await expect.poll(() => secondsShown(page), { timeout: 10_000 }).toBeGreaterThan(40 * 60);
    expect(cancels).toBe(0);
    expect((await orderOf(orderId)).data.status).toBe("IMPORTED");

    // The deadline passes on the server: its pushed change brings the countdown to 00:00:00, and
    // this time the server agrees.
    await advanceOrder(orderId, 51);
    await page.getByTestId("cancel-success").waitFor({ timeout: 15_000 });
    expect(cancels).toBe(1);
    expect((await orderOf(orderId)).data.status).toBe("CANCEL");
    expect(errors).toEqual([]);
  });

  test("the to-store countdown at 00:00:00 asks again when its check went unanswered, and cancels the rent", async ({
    open,
  }) => {
    const { page, errors } = await start(open, "desktop", "id");
    const { orderId } = await openRent(page, "rent-to-store", "id", "to-store");
    await hydrated(page);
    // The deadline passes on the server, whose pushed change brings the countdown to 00:00:00; the
    // page's check before it cancels gets no answer (the signal gone for a moment).
    const isOrder = (url: URL) => url.pathname === `/api/v1/box/express/info/${orderId}/paid`;
    let unanswered = 0;
    await page.route(isOrder, (route) => {
      unanswered += 1;
      return route.abort("internetdisconnected");
    });
    await advanceOrder(orderId, 51);
    await expect(page.getByTestId("countdown")).toHaveAttribute("data-done", "true");
    await expect.poll(() => unanswered, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.unroute(isOrder);
    // The signal is back: the page asks again by itself, and the server agrees.
    await page.getByTestId("cancel-success").waitFor({ timeout: 30_000 });
    expect((await orderOf(orderId)).data.status).toBe("CANCEL");
    expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([]);
  });

  for (const [viewport, lang] of [phoneEn]) {
    test(`a phone clock hours ahead neither shortens a rent nor ends it (${viewport}, ${lang})`, async ({
      open,
      scenario,
    }) => {
      const { page, errors, m } = await start(open, viewport, lang);
      let cancels = 0;
      page.on("request", (request) => {
        if (request.url().endsWith("/api/v1/box/express/cancelRent")) cancels += 1;
      });
      await page.clock.install({ time: Date.now() + 4 * 60 * 60_000 });

      // To store: the countdown shows the server's time left and runs on; nothing is cancelled.
      const toStore = await scenario("rent-to-store");
      const deadline = (await orderOf(toStore.orderId)).data.overdueTime;
      await visit(page, toStore.url);
      await page.locator('[data-view="to-store"]').waitFor();
      await hydrated(page);
      await page.clock.runFor(3_000);
      expect(Math.abs((await secondsShown(page)) - (deadline - Date.now()) / 1000)).toBeLessThan(5);
      expect(cancels).toBe(0);
      expect((await orderOf(toStore.orderId)).data.status).toBe("IMPORTED");

      // In store: Pick Up Items offers the door, as before the deadline.
      const inStore = await scenario("rent-in-store");
      await visit(page, inStore.url);
      await page.locator('[data-view="in-store"]').waitFor();
      await hydrated(page);
      await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
      await page.getByTestId("pick-up-dialog").waitFor();
      await expect(page.getByTestId("open-locker")).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/order-status");

      // Open Locker: the code the server just issued is shown, valid until the server's time it
      // names, not refused as run out by the phone's clock.
      await page.getByTestId("open-locker").click();
      const openLocker = page.getByTestId("open-locker-qr");
      await expect(openLocker.getByTestId("qr")).toBeVisible();
      await expect(page.getByTestId("open-locker-valid-until")).toBeVisible();
      await expect(openLocker.getByTestId("qr-missing")).toHaveCount(0);
      await page.clock.runFor(2_000);
      await expect(openLocker.getByTestId("qr")).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});

/**
 * The in-store view's steps and the overdue view's payment are the page's own (ADR 043): without
 * scripts each says so, in the bar.
 */
describe("the in-store and overdue views without scripts", () => {
  const views = [
    { name: "in-store", scenario: "rent-in-store", query: "", button: "pick-up", note: "inStore" },
    {
      name: "overdue",
      scenario: "rent-in-store-overdue",
      query: "&status=overdue",
      button: "pay",
      note: "overdue",
    },
  ] as const;
  for (const view of views)
    for (const [viewport, lang] of phoneAndDesktop)
      test(`the ${view.name} view says where its button is that it needs JavaScript; a running page does not (${viewport}, ${lang})`, async ({
        open,
      }) => {
        const m = lang === "en" ? en : id;
        // The note names the app by the product's name (PRODUCT_NAME, "Paxel" in the tests).
        const noScript = m.rent[view.note].noScript.replaceAll("{{product}}", "Paxel");
        const demo = await createScenario(view.scenario, { language: lang });
        const off = await open({ viewport, language: lang, javaScriptEnabled: false });
        await off.page.goto(`${demo.url}${view.query}`);
        await off.page.locator(`[data-view="${view.name}"]`).waitFor();
        const note = off.page.getByText(noScript, { exact: true });
        await expect(note).toBeVisible();
        // Beside the button it is about, in view on a phone without scrolling.
        await expect(off.page.getByTestId(view.button)).toBeInViewport();
        await expect(note).toBeInViewport();
        if (view.name === "overdue") {
          // What is owed is drawn by the server, as the API prices it: the page can say that much.
          const fee = (
            await api<{ total_overdue_fee: number; next_overdue_time: number }>(
              `/api/v1/box/rental/overdue-calculation/${demo.orderId}`,
              demo.token,
            )
          ).data;
          const value = (testId: string) => off.page.getByTestId(testId).locator("dd");
          await expect(value("overdue-total")).toHaveText(
            `Rp. ${fee.total_overdue_fee.toLocaleString("de-DE")}`,
          );
          await expect(value("overdue-extended-until")).toHaveText(
            // Without scripts, times stay as the server writes them: the lockers' (WIB, UTC+7).
            formatDateTime(fee.next_overdue_time, lang, 7 * 60),
          );
        }

        const { page } = await start(open, viewport, lang);
        await openRent(page, view.scenario, budi, view.name, view.query);
        await expect(page.getByTestId(view.button)).toBeVisible();
        await expect(page.getByText(noScript, { exact: true })).toHaveCount(0);
      });
});

/**
 * Cancel Rent before and without scripts (ADR 043): the confirmation is a step in the address, its
 * yes a form post to the page's route action, and the API's refusal is the 'Denied?' notice.
 */
describe("cancel before and without scripts", () => {
  /** A fresh to-store rent opened as the server draws it, in a browser that runs no script. */
  async function openWithoutScripts(open: Open, viewport: ViewportName, lang: Lang) {
    const opened = await open({ viewport, language: lang, javaScriptEnabled: false });
    const demo = await createScenario("rent-to-store", { language: lang });
    await opened.page.goto(demo.url);
    await opened.page.locator('[data-view="to-store"]').waitFor();
    return { ...opened, demo, m: lang === "en" ? en : id };
  }
  const step = (page: Page) => page.getByTestId("cancel-step");
  /** A fresh to-store rent of Budi's opened at its address plus `query`, every script held back. */
  async function openHeld(open: Open, viewport: ViewportName, query = "") {
    const opened = await start(open, viewport, budi);
    const demo = await createScenario("rent-to-store", { language: budi });
    const release = await holdScripts(opened.page);
    await opened.page.goto(`${demo.url}${query}`, { waitUntil: "domcontentloaded" });
    return { ...opened, demo, release };
  }
  /** The rent as its member's token reads it (the English scenario's member is another). */
  const rentOf = (demo: { orderId: string; token: string }) =>
    api<{ status: string; barcode: { qrcodeCustomerStore: string } }>(
      `/api/v1/box/express/info/${demo.orderId}/paid`,
      demo.token,
    );

  for (const [viewport, lang] of phoneAndDesktop) {
    test(`confirm, keep it, then cancel: 'Rent Cancelled' and See Order, no script run (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, demo, m } = await openWithoutScripts(open, viewport, lang);
      await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).click();
      await step(page).waitFor();
      expect(new URL(page.url()).searchParams.get("cancel")).toBe("confirm");
      await expect(step(page).getByRole("heading")).toHaveText(m.rent.toStore.confirmTitle);
      await expect(step(page)).toContainText(m.rent.toStore.confirmText.split("{{")[0] as string);

      // No keeps the rent and leaves the step.
      await step(page).getByRole("link", { name: m.rent.toStore.confirmNo }).click();
      await page.locator('[data-view="to-store"]').waitFor();
      await expect(step(page)).toHaveCount(0);
      expect(new URL(page.url()).searchParams.get("cancel")).toBeNull();
      expect((await rentOf(demo)).data.status).toBe("IMPORTED");

      await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).click();
      await step(page).getByRole("button", { name: m.rent.toStore.confirmYes }).click();
      await page.getByTestId("cancel-success").waitFor();
      await expect(page.locator("h1")).toHaveText(m.rent.action.cancelSuccess.title);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      expect(new URL(page.url()).searchParams.get("act")).toBe("cancel_success");
      expect((await rentOf(demo)).data.status).toBe("CANCEL");

      await page.getByRole("link", { name: m.rent.action.cancelSuccess.button }).click();
      await page.locator('[data-view="other"][data-status="CANCEL"]').waitFor();
    });

    test(`a cancel the API refuses shows 'Denied?' with its message, then what is true now, no script run (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, demo, m } = await openWithoutScripts(open, viewport, lang);
      await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).click();
      // The items are stored while the confirmation is on screen.
      const { data } = await rentOf(demo);
      expect((await scanAtKiosk(data.barcode.qrcodeCustomerStore)).body.data).toMatchObject({
        orderStatus: "IN_STORE",
      });
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await step(page).getByRole("button", { name: m.rent.toStore.confirmYes }).click();
      expect((await answer).status()).toBe(409);

      const denied = page.getByRole("alert").filter({ hasText: m.rent.toStore.deniedTitle });
      await expect(denied.getByRole("heading")).toHaveText(m.rent.toStore.deniedTitle);
      await expect
        .poll(async () => (await denied.innerText()).length)
        .toBeGreaterThan(m.rent.toStore.deniedTitle.length + 10);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      expect((await rentOf(demo)).data.status).toBe("IN_STORE");

      await denied.getByRole("link", { name: m.errors.ok }).click();
      await page.locator('[data-view="in-store"]').waitFor();
      expect(new URL(page.url()).searchParams.get("cancel")).toBeNull();
    });
  }

  test("Cancel Rent tapped before the scripts arrive: the confirmation waits, and once they run it is the modal", async ({
    open,
  }) => {
    const { page, errors, m, demo, release } = await openHeld(open, "mobile");
    await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).click();
    await step(page).waitFor();
    release();
    await hydrated(page);
    const confirm = page.getByTestId("cancel-confirm");
    await expect(confirm.locator("h2")).toHaveText(m.rent.toStore.confirmTitle);
    await expect(step(page)).toHaveCount(0);
    await confirm.getByRole("button", { name: m.rent.toStore.confirmYes }).click();
    await page.getByTestId("cancel-success").waitFor();
    // Cancelled by the page itself: the event reaches the app.
    await expectEvent(page, "Cancel_Rent_PaxelBox");
    expect((await rentOf(demo)).data.status).toBe("CANCEL");
    expect(errors).toEqual([]);
  });

  test("Yes tapped before the scripts arrive: the server cancels, and the event reaches the app once they run", async ({
    open,
  }) => {
    const { page, errors, m, demo, release } = await openHeld(open, "desktop", "&cancel=confirm");
    await step(page).getByRole("button", { name: m.rent.toStore.confirmYes }).click();
    await page.getByTestId("cancel-success").waitFor();
    expect((await rentOf(demo)).data.status).toBe("CANCEL");
    expect(await events(page)).toEqual([]);
    release();
    await hydrated(page);
    await expect
      .poll(async () => (await events(page)).filter((event) => event.name === "Cancel_Rent_PaxelBox"))
      .toEqual([
        expect.objectContaining({ params: expect.objectContaining({ payment_method: "Virtual Account" }) }),
      ]);
    // Recorded once: the marker leaves the address.
    await expect.poll(() => new URL(page.url()).searchParams.get("record")).toBeNull();
    await expect(page.getByTestId("cancel-success")).toBeVisible();
    expect(errors).toEqual([]);
  });
});

/** The time left the countdown shows, in seconds (`hh:mm:ss`, days before it when above one). */
async function secondsShown(page: Page): Promise<number> {
  const text = (await page.getByTestId("countdown-clock").textContent()) ?? "";
  const [hours, minutes, seconds] = text.split(":").map(Number);
  if ([hours, minutes, seconds].some((part) => part === undefined || Number.isNaN(part))) {
    throw new Error(`not a countdown: ${text}`);
  }
  return (hours as number) * 3600 + (minutes as number) * 60 + (seconds as number);
}

/**
 * Pauses the page's clock 2 s from now. On a loaded machine the page's time may pass that point
 * between reading it and pausing ("Cannot fast-forward to the past"): then it reads it again.
 */
async function pauseSoon(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
      return;
    } catch (error) {
      if (attempt >= 5 || !/to the past/.test(String(error))) throw error;
    }
  }
}
