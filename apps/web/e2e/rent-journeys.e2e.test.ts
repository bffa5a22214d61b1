import type { Page } from "playwright-core";
import en from "../src/locales/en.ts";
import id from "../src/locales/id.ts";
import { bridgeCalls, stubBridge } from "./support/bridge.ts";
import {
  cutOrderStream,
  type Lang,
  setHidden,
  speakEnglish,
  type ViewportName,
  visit,
} from "./support/browser.ts";
import { describe, expect, it, type Open } from "./support/fixtures.ts";
import { advanceOrder, api, decodeQr, scanAtKiosk } from "./support/journeys.ts";

/**
 * The rent journeys driven through the screens and the locker kiosk only: store, open the door,
 * stop the rent, cancel (and be denied), and the to-store countdown cancelling at zero. A stub
 * Android bridge records what reaches the native app (events, close).
 *
 * Demo rents belong to Budi (Indonesian); English runs answer his members auth call with
 * `language: "en"`.
 */

const token = "demo-token-budi";

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

const view = (page: Page) => page.locator('[data-testid="rent-status"]');
const orderOf = (orderId: string) =>
  api<{ status: string; overdueTime: number }>(`/api/v1/box/express/info/${orderId}/paid`, token);

describe("rent journeys", () => {
  it("store: the QR read off the screen and scanned at the kiosk flips the view within one poll", async ({
    open,
    scenario,
  }) => {
    const { page, errors, m } = await start(open, "mobile", "en");
    const demo = await scenario("rent-to-store");
    await visit(page, demo.url);
    await view(page).and(page.locator('[data-view="to-store"]')).waitFor();
    expect(await page.locator('[data-testid="countdown"] h2').innerText()).toBe(
      m.rent.countdown.toStoreLabel,
    );

    const code = await decodeQr(page.locator('[data-testid="store-qr"] [data-testid="qr"]'));
    expect(code).toMatch(/^PXB-S-/);
    const scanned = await scanAtKiosk(code);
    expect(scanned.body.data).toMatchObject({ action: "store", orderStatus: "IN_STORE" });
    const at = Date.now();
    await page.locator('[data-view="in-store"]').waitFor({ timeout: 6_000 });
    expect(Date.now() - at).toBeLessThan(6_000);
    expect(await page.locator('[data-testid="view-headline"]').innerText()).toBe(m.rent.inStore.headline);

    const stored = (await events(page)).filter((event) => event.name === "store_package_paxelbox");
    expect(stored).toHaveLength(1);
    expect(stored[0]?.params).toMatchObject({
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

  it("open locker: a double tap sends one request, the QR opens the door and the count goes up", async ({
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
      await page.locator('[data-testid="pick-up-dialog"]').waitFor();
      await page.locator('[data-testid="open-locker"]').dblclick();
      await page.locator('[data-testid="open-locker-page"] [data-testid="qr"]').waitFor();
      expect(temporaryRequests).toBe(round);
      expect(new URL(page.url()).searchParams.get("act")).toBe("open_locker");
      // Back arrow on open_locker (it would close the web view through the bridge).
      expect(await page.locator('[data-testid="back-button"]').getAttribute("data-icon")).toBe("back");
      await page.locator('[data-testid="content-how_to_open_locker"]').waitFor();
      expect(await page.locator('[data-testid="content-how_to_open_locker"]').count()).toBe(1);

      const code = await decodeQr(page.locator('[data-testid="open-locker-page"] [data-testid="qr"]'));
      expect(code).toMatch(/^PXB-O-/);
      const scanned = await scanAtKiosk(code);
      expect(scanned.body.data).toMatchObject({ action: "open", orderStatus: "IN_STORE", openCount: round });
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("lockerUserData") ?? "[]"));
      expect(stored).toEqual([{ expressNumber: expect.stringMatching(/^PBR/), openFrequency: round }]);
      const opens = (await events(page)).filter((event) => event.name === "Multi_Open_PaxelBox");
      expect(opens.at(-1)?.params).toMatchObject({ open_frequency: round, door_number: expect.any(String) });
      expect((await events(page)).some((event) => event.name === "Pickup_Item_PaxelBox")).toBe(true);

      await page.goBack();
      await page.locator('[data-view="in-store"]').waitFor();
    }
    expect((await orderOf(orderId)).data.status).toBe("IN_STORE");
    expect(errors).toEqual([]);
  });

  it("stop rent: stop_count, the stop QR scanned at the kiosk, then 'Rent has Ended'", {
    timeout: 90_000,
  }, async ({ open, scenario }) => {
    const { page, errors, m } = await start(open, "mobile", "id");
    const demo = await scenario("rent-in-store");
    await visit(page, demo.url);
    await page.locator('[data-view="in-store"]').waitFor();
    await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
    await page.getByRole("button", { name: m.rent.inStore.stopRent, exact: true }).click();

    await page.locator('[data-testid="stop-count"]').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe("/order-status/action");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      act: "stop_count",
      status: "stop",
      qrdisplay: "data",
    });
    expect(await page.locator('[data-testid="back-header"]').count()).toBe(0);
    expect(await page.locator('[data-testid="stop-count"]').innerText()).toContain("pintu nomor");
    expect((await events(page)).map((event) => event.name)).toContain("Stop_Rent_PaxelBox");

    // After 5 s the order page replaces it, with the same query.
    await page.locator('[data-view="stop"]').waitFor({ timeout: 7_000 });
    const stopUrl = new URL(page.url());
    expect(stopUrl.pathname).toBe("/order-status");
    expect(stopUrl.searchParams.get("act")).toBe("stop_count");
    const code = await decodeQr(page.locator('[data-testid="stop-qr"] [data-testid="qr"]'));
    expect(code).toMatch(/^PXB-T-/);
    expect((await scanAtKiosk(code)).body.data).toMatchObject({
      action: "stop",
      orderStatus: "CUSTOMER_TAKEN",
    });

    await page.locator('[data-testid="stop-success"]').waitFor({ timeout: 6_500 });
    expect(await page.locator("h1").innerText()).toBe(m.rent.action.stopSuccess.title);
    expect(await page.locator('[data-testid="back-button"]').getAttribute("data-icon")).toBe("close");
    expect((await events(page)).map((event) => event.name)).toContain("Success_Stop_Rent_PaxelBox");
    // The close icon closes the web view through the bridge.
    await page.locator('[data-testid="back-button"]').click();
    expect((await bridgeCalls(page)).map((call) => call.action)).toContain("closeWebView");

    await page.getByRole("button", { name: m.rent.action.stopSuccess.button }).click();
    await page.locator('[data-view="other"][data-status="CUSTOMER_TAKEN"]').waitFor();
    // The stored token carries on: it left the address bar when it was validated.
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      orderid: demo.params.get("orderid"),
    });
    expect(errors).toEqual([]);
  });

  it("cancel: confirm, 'Rent Cancelled', See Order goes back; the 'Denied?' modal on refusal", async ({
    open,
    scenario,
  }) => {
    const { page, errors, m } = await start(open, "desktop", "en");
    const refused = await scenario("rent-to-store");
    await visit(page, refused.url);
    await page.locator('[data-view="to-store"]').waitFor();
    const message = "This rent can no longer be cancelled: items have been stored or the rent has ended.";
    await page.route("**/api/v1/box/express/cancelRent", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ code: 409, message }),
      }),
    );
    await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).click();
    await page.getByRole("button", { name: m.rent.toStore.confirmYes }).click();
    const denied = page.locator('[data-testid="cancel-denied"]');
    await denied.waitFor();
    expect(await denied.locator("h2").innerText()).toBe("Denied?");
    expect(await denied.innerText()).toContain(message);
    await denied.getByRole("button", { name: m.errors.ok }).click();
    await page.unroute("**/api/v1/box/express/cancelRent");
    // The browser itself logs the refused call; that refusal is the point here.
    errors.splice(0, errors.length, ...errors.filter((error) => !error.includes("status of 409")));
    expect((await orderOf(refused.orderId)).data.status).toBe("IMPORTED");

    const demo = await scenario("rent-to-store");
    await visit(page, demo.url);
    await page.locator('[data-view="to-store"]').waitFor();
    await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).click();
    await page.getByRole("button", { name: m.rent.toStore.confirmYes }).click();
    await page.locator('[data-testid="cancel-success"]').waitFor();
    expect(await page.locator("h1").innerText()).toBe("Rent Cancelled");
    expect(await page.locator('[data-testid="back-button"]').getAttribute("data-icon")).toBe("close");
    const cancelled = (await events(page)).find((event) => event.name === "Cancel_Rent_PaxelBox");
    expect(cancelled?.params).toMatchObject({ payment_method: "Virtual Account" });
    expect((await orderOf(demo.orderId)).data.status).toBe("CANCEL");

    await page.getByRole("button", { name: "See Order" }).click();
    await page.locator('[data-view="other"][data-status="CANCEL"]').waitFor();
    expect(new URL(page.url()).searchParams.get("act")).toBeNull();
    // Finished: the share button is offered.
    expect(await page.locator('[data-testid="share-button"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  const combos: [ViewportName, Lang][] = [
    ["mobile", "id"],
    ["desktop", "en"],
  ];
  const isOrderCall = (url: string) => /\/api\/v1\/box\/express\/info\/\d+\/paid/.test(url);
  const storeAtKiosk = async (orderId: string) => {
    const { data } = await api<{ barcode: { qrcodeCustomerStore: string } }>(
      `/api/v1/box/express/info/${orderId}/paid`,
      token,
    );
    expect((await scanAtKiosk(data.barcode.qrcodeCustomerStore)).body.data).toMatchObject({
      action: "store",
      orderStatus: "IN_STORE",
    });
  };

  it.for(combos)(
    "cancel refused because the items were stored meanwhile: 'Denied?' still shows (%s, %s)",
    async ([viewport, lang], { open, scenario }) => {
      const { page, errors, m } = await start(open, viewport, lang);
      await page.clock.install();
      const demo = await scenario("rent-to-store");
      const orderId = demo.orderId;
      await visit(page, demo.url);
      await page.locator('[data-view="to-store"]').waitFor();

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
      await page.getByRole("button", { name: m.rent.toStore.cancel, exact: true }).click();
      await page.getByRole("button", { name: m.rent.toStore.confirmYes }).click();
      await asked;
      await storeAtKiosk(orderId);
      // Pushed at once by the stream (or brought by the next poll without one).
      await page.clock.fastForward(5_000);
      await page.locator('[data-testid="rent-status"][data-status="IN_STORE"]').waitFor();

      release();
      const denied = page.locator('[data-testid="cancel-denied"]');
      await denied.waitFor({ timeout: 5_000 });
      expect(await denied.locator("h2").innerText()).toBe(m.rent.toStore.deniedTitle);
      expect((await denied.innerText()).length).toBeGreaterThan(m.rent.toStore.deniedTitle.length + 10);
      await denied.getByRole("button", { name: m.errors.ok }).click();
      // Once the refusal is read, the page shows what is true now.
      await page.locator('[data-view="in-store"]').waitFor();
      expect((await orderOf(orderId)).data.status).toBe("IN_STORE");
      errors.splice(0, errors.length, ...errors.filter((error) => !error.includes("status of 409")));
      expect(errors).toEqual([]);
    },
  );

  it.for(combos)(
    "back to a hidden tab: the stored order shows at once, not at the next poll (%s, %s)",
    async ([viewport, lang], { open, scenario }) => {
      const { page, errors, m } = await start(open, viewport, lang);
      // The poll alone (the stream's fallback): with the stream, push.e2e.test.ts.
      await cutOrderStream(page);
      await page.clock.install();
      const demo = await scenario("rent-to-store");
      const orderId = demo.orderId;
      await visit(page, demo.url);
      await page.locator('[data-view="to-store"]').waitFor();
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
      await storeAtKiosk(orderId);
      const before = calls.length;
      // The page's timers are held, so no poll can come before the test runs its clock: whatever
      // answers now was asked by the return itself. The wait is real time, for a busy runner.
      const refetched = page.waitForResponse((response) => isOrderCall(response.url()), { timeout: 10_000 });
      await setHidden(page, false);
      await refetched;

      // At most 1.5 s of page time: only the return itself can have asked again.
      let elapsed = 0;
      const shown = () => page.locator('[data-testid="rent-status"]').getAttribute("data-view");
      while ((await shown()) !== "in-store" && elapsed < 1_500) {
        await page.clock.runFor(100);
        elapsed += 100;
      }
      expect(await shown()).toBe("in-store");
      expect(calls.length).toBe(before + 1);
      expect(await page.locator('[data-testid="view-headline"]').innerText()).toBe(m.rent.inStore.headline);
      expect(errors).toEqual([]);
    },
  );

  it("the to-store countdown reaching 00:00:00 cancels the rent", async ({ open, scenario }) => {
    const { page, errors } = await start(open, "mobile", "en");
    const demo = await scenario("rent-to-store");
    const orderId = demo.orderId;
    // The deadline is now about a minute away on the server; the page's clock runs 46 s ahead, so the
    // countdown shows at most 14 s left: room for a slow page load before it reaches 00:00:00.
    await advanceOrder(orderId, 49);
    await page.clock.install({ time: Date.now() + 46_000 });
    await visit(page, demo.url);
    await page.locator('[data-view="to-store"]').waitFor();
    expect(await page.locator('[data-testid="countdown-clock"]').innerText()).toMatch(/^00:00:(0\d|1[0-4])$/);
    expect((await orderOf(orderId)).data.status).toBe("IMPORTED");
    // 00:00:00 shows only until the cancellation answers, which can be quicker than a poll.
    const state = () =>
      page.evaluate(() =>
        document.querySelector('[data-testid="cancel-success"]')
          ? "cancelled"
          : (document.querySelector('[data-testid="countdown-clock"]')?.textContent ?? ""),
      );
    await expect.poll(state, { timeout: 20_000 }).toMatch(/^(00:00:00|cancelled)$/);
    await page.locator('[data-testid="cancel-success"]').waitFor({ timeout: 5_000 });
    expect((await orderOf(orderId)).data.status).toBe("CANCEL");
    expect(errors).toEqual([]);
  });
});

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
