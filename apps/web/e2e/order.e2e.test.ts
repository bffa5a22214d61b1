import type { Page } from "playwright-core";
import en from "../src/locales/en/drop-off.ts";
import id from "../src/locales/id/drop-off.ts";
import idShell from "../src/locales/id/shell.json";
import { bridgeCalls, stubBridge } from "./support/bridge.ts";
import { featureOff, visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";
import { advanceOrder, decodeQr, scanAtKiosk } from "./support/journeys.ts";

/**
 * The order detail of a stored drop-off (spec §2 "Order detail page", §4): pick-up QR read off the
 * screen and accepted by the kiosk, door and attention text, collapsible how-to, location info with
 * its photo viewer, help, the share button once the parcel is taken, and the once-per-second move
 * to the overdue page.
 */

const $ = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`);

describe("order detail", () => {
  it("shows the pick-up QR the kiosk accepts, then the share button once the parcel is taken (mobile, id)", async ({
    openScenario,
  }) => {
    const { context, page, errors, demo } = await openScenario("dropoff-in-store", {
      viewport: "mobile",
      language: "id",
    });
    const orderid = demo.orderId;
    // A stand-in native bridge that records what the page asks of the app.
    await stubBridge(context, "android", [
      "shareOrder",
      "openMapLocation",
      "openMapLink",
      "contactSupport",
      "recordEvent",
    ]);
    await visit(page, demo.url);
    await $(page, "order-screen").waitFor();
    expect(await page.locator('[data-testid="header-title"]').textContent()).toBe("Detail Order");
    expect(await $(page, "order-screen").getAttribute("data-status")).toBe("IN_STORE");
    expect(await $(page, "order-share").count()).toBe(0);
    const door = ((await $(page, "order-door").textContent()) ?? "").replace(/\D+/g, "");
    expect(door).not.toBe("");
    expect(await $(page, "order-qr").textContent()).toContain(
      id.order.qrInstruction.replace("{{door}}", door),
    );
    expect(await $(page, "order-attention").textContent()).toContain(door);

    // How-to: closed, then open with the door number filled in.
    const howTo = $(page, "order-how-to");
    expect(await howTo.getAttribute("open")).toBeNull();
    await howTo.locator("summary").click();
    expect(await howTo.getAttribute("open")).toBe("");
    expect(await howTo.textContent()).toContain(door);
    expect(await howTo.innerHTML()).not.toContain("{{door_number}}");

    // Location info: name, address, hours in Indonesian, 'Lihat peta' through the bridge.
    const location = $(page, "location-info");
    expect(await location.textContent()).toContain("Lokasi Loker");
    await $(page, "location-see-map").click();
    await expect
      .poll(async () => (await bridgeCalls(page)).map((call) => call.action))
      .toContain("openMapLocation");
    // Help goes through the bridge (yellowai is enabled in the demo settings).
    await $(page, "order-help").click();
    await expect
      .poll(async () => (await bridgeCalls(page)).map((call) => call.action))
      .toContain("contactSupport");

    // The QR read off the screen opens the door at the kiosk.
    const code = await decodeQr($(page, "order-qr-code"));
    const picked = await scanAtKiosk(code);
    expect(picked.status).toBe(200);
    expect(picked.body.data).toMatchObject({
      action: "pickup",
      orderStatus: "CUSTOMER_TAKEN",
      doorNumber: door,
    });
    expect(String(picked.body.data?.orderId)).toBe(orderid);

    // The page notices the status change: no QR any more, the share button appears and shares.
    await expect
      .poll(() => $(page, "order-screen").getAttribute("data-status"), { timeout: 12_000 })
      .toBe("CUSTOMER_TAKEN");
    expect(await $(page, "order-qr").count()).toBe(0);
    await $(page, "order-share").click();
    await expect
      .poll(async () => (await bridgeCalls(page)).find((call) => call.action === "shareOrder")?.payload)
      .toMatchObject({ status: idShell.status.CUSTOMER_TAKEN, recipientName: "Rina Kartika", box: { door } });
    expect(errors).toEqual([]);
  }, 90_000);

  it("opens the locker photo full screen with preview=true, closes it on back, and falls back when broken (desktop, en)", async ({
    open,
    scenario,
  }) => {
    const demo = await scenario("dropoff-in-store");
    const { orderId: orderid, token } = demo;
    const { page, errors } = await open({
      viewport: "desktop",
      language: "en",
      storage: { user_token: token },
    });
    await visit(page, `/order?orderid=${orderid}`);
    await $(page, "order-screen").waitFor();
    expect(await page.locator('[data-testid="header-title"]').textContent()).toBe("Order Detail");
    expect(await $(page, "order-qr").locator("h2").textContent()).toBe(en.order.qrHeading);
    expect(await $(page, "location-info").textContent()).toContain("Locker Location");
    expect(await $(page, "location-see-map").textContent()).toContain("See map");

    const viewer = $(page, "location-photo-viewer");
    await $(page, "location-photo").click();
    await page.waitForURL((url) => url.searchParams.get("preview") === "true");
    await expect.poll(() => viewer.isVisible()).toBe(true);
    const shown = (await viewer.locator("img").boundingBox())!;
    expect(shown.width).toBeGreaterThan(600);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("preview") === null);
    await expect.poll(() => viewer.isVisible()).toBe(false);
    expect(await $(page, "order-screen").isVisible()).toBe(true);

    // Opened straight with preview=true, the close button keeps the page.
    await visit(page, `/order?orderid=${orderid}&preview=true`);
    await expect.poll(() => viewer.isVisible()).toBe(true);
    await $(page, "location-photo-close").click();
    await expect.poll(() => viewer.isVisible()).toBe(false);
    expect(new URL(page.url()).searchParams.get("preview")).toBeNull();

    // A photo that cannot be loaded shows the no-content picture.
    await page.route("**/api/v1/media/locker/**", (route) => route.fulfill({ status: 404, body: "" }));
    await visit(page, `/order?orderid=${orderid}`);
    await $(page, "order-screen").waitFor();
    await expect
      .poll(() => $(page, "location-photo").locator("img").getAttribute("src"))
      .toBe("/api/v1/media/misc/no-content.svg");
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
  }, 90_000);

  it("moves on to the overdue page within seconds once the parcel is overdue, token out of the address (mobile, en)", async ({
    openScenario,
  }) => {
    const { page, demo } = await openScenario("dropoff-in-store", { viewport: "mobile", language: "en" });
    const { orderId: orderid, token } = demo;
    await visit(page, demo.url);
    await $(page, "order-screen").waitFor();
    await advanceOrder(orderid, 3 * 24 * 60);
    const started = Date.now();
    await page.waitForURL((url) => url.pathname === "/overduepayment", { timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(8000);
    const url = new URL(page.url());
    expect(url.searchParams.get("orderid")).toBe(orderid);
    // The token left the address bar once validated; the overdue page uses the stored one.
    expect(url.searchParams.get("token")).toBeNull();
    await $(page, "overdue-screen").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("user_token"))).toBe(token);
  });

  it("hides help when yellowai is off and says there is no order without an order id (desktop, id)", async ({
    openScenario,
  }) => {
    const { page, demo } = await openScenario("dropoff-in-store", { viewport: "desktop", language: "id" });
    await featureOff(page, "yellowai");
    await visit(page, demo.url);
    await $(page, "order-screen").waitFor();
    await $(page, "location-info").waitFor();
    expect(await $(page, "order-help").count()).toBe(0);
    await visit(page, "/order");
    expect(await $(page, "order-missing").textContent()).toBe(id.order.noOrder);
  });
});
