// The screen's own messages file, not `locales/*/drop-off.ts`: Playwright's loader needs the
// import attribute on a JSON import, which that file (bundled by Vite) does not give.
import enOrder from "../src/locales/en/drop-off/order.json" with { type: "json" };
import idOrder from "../src/locales/id/drop-off/order.json" with { type: "json" };
import idShell from "../src/locales/id/shell.json" with { type: "json" };
import { bridgeCalls, expectBridgeCall, stubBridge } from "./support/bridge.ts";
import { featureOff, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { advanceOrder, decodeQr, scanAtKiosk } from "./support/journeys.ts";

/**
 * The order detail of a stored drop-off (spec §2 "Order detail page", §4): pick-up QR read off the
 * screen and accepted by the kiosk, door and attention text, collapsible how-to, location info with
 * its photo viewer, help, the share button once the parcel is taken, and the once-per-second move
 * to the overdue page.
 */

describe("order detail", () => {
  test("shows the pick-up QR the kiosk accepts, then the share button once the parcel is taken (mobile, id)", async ({
    openScenario,
  }) => {
    test.setTimeout(90_000);
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
    await page.getByTestId("order-screen").waitFor();
    await expect(page.getByTestId("header-title")).toHaveText("Detail Order");
    await expect(page.getByTestId("order-screen")).toHaveAttribute("data-status", "IN_STORE");
    await expect(page.getByTestId("order-share")).toHaveCount(0);
    await expect(page.getByTestId("order-door")).toHaveText(/\d/);
    const door = ((await page.getByTestId("order-door").textContent()) ?? "").replace(/\D+/g, "");
    expect(door).not.toBe("");
    await expect(page.getByTestId("order-qr")).toContainText(idOrder.qrInstruction.replace("{{door}}", door));
    await expect(page.getByTestId("order-attention")).toContainText(door);

    // How-to: closed, then open with the door number filled in.
    const howTo = page.getByTestId("order-how-to");
    await expect(howTo).not.toHaveAttribute("open");
    await howTo.locator("summary").click();
    await expect(howTo).toHaveAttribute("open", "");
    await expect(howTo).toContainText(door);
    await expect.poll(() => howTo.innerHTML()).not.toContain("{{door_number}}");

    // Location info: name, address, hours in Indonesian, 'Lihat peta' through the bridge.
    const location = page.getByTestId("location-info");
    await expect(location).toContainText("Lokasi Loker");
    await page.getByTestId("location-see-map").click();
    await expectBridgeCall(page, "openMapLocation");
    // Help goes through the bridge (yellowai is enabled in the demo settings).
    await page.getByTestId("order-help").click();
    await expectBridgeCall(page, "contactSupport");

    // The QR read off the screen opens the door at the kiosk.
    const code = await decodeQr(page.getByTestId("order-qr-code"));
    const picked = await scanAtKiosk(code);
    expect(picked.status).toBe(200);
    expect(picked.body.data).toMatchObject({
      action: "pickup",
      orderStatus: "CUSTOMER_TAKEN",
      doorNumber: door,
    });
    expect(String(picked.body.data?.orderId)).toBe(orderid);

    // The page notices the status change: no QR any more, the share button appears and shares.
    await expect(page.getByTestId("order-screen")).toHaveAttribute("data-status", "CUSTOMER_TAKEN", {
      timeout: 12_000,
    });
    await expect(page.getByTestId("order-qr")).toHaveCount(0);
    await page.getByTestId("order-share").click();
    await expect
      .poll(async () => (await bridgeCalls(page)).find((call) => call.action === "shareOrder")?.payload)
      .toMatchObject({ status: idShell.status.CUSTOMER_TAKEN, recipientName: "Rina Kartika", box: { door } });
    expect(errors).toEqual([]);
  });

  test("opens the locker photo full screen with preview=true, closes it on back, and falls back when broken (desktop, en)", async ({
    open,
    scenario,
  }) => {
    test.setTimeout(90_000);
    const demo = await scenario("dropoff-in-store");
    const { orderId: orderid, token } = demo;
    const { page, errors } = await open({
      viewport: "desktop",
      language: "en",
      storage: { user_token: token },
    });
    await visit(page, `/order?orderid=${orderid}`);
    await page.getByTestId("order-screen").waitFor();
    await expect(page.getByTestId("header-title")).toHaveText("Order Detail");
    await expect(page.getByTestId("order-qr").locator("h2")).toHaveText(enOrder.qrHeading);
    await expect(page.getByTestId("location-info")).toContainText("Locker Location");
    await expect(page.getByTestId("location-see-map")).toContainText("See map");

    const viewer = page.getByTestId("location-photo-viewer");
    await page.getByTestId("location-photo").click();
    await page.waitForURL((url) => url.searchParams.get("preview") === "true");
    await expect(viewer).toBeVisible();
    // Full screen once the picture has loaded (its box is empty until then).
    await expect
      .poll(async () => (await viewer.locator("img").boundingBox())?.width ?? 0)
      .toBeGreaterThan(600);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get("preview") === null);
    await expect(viewer).toBeHidden();
    await expect(page.getByTestId("order-screen")).toBeVisible();

    // Opened straight with preview=true, the close button keeps the page.
    await visit(page, `/order?orderid=${orderid}&preview=true`);
    await expect(viewer).toBeVisible();
    await page.getByTestId("location-photo-close").click();
    await expect(viewer).toBeHidden();
    await expect.poll(() => new URL(page.url()).searchParams.get("preview")).toBeNull();

    // A photo that cannot be loaded shows the no-content picture.
    await page.route("**/api/v1/media/locker/**", (route) => route.fulfill({ status: 404, body: "" }));
    await visit(page, `/order?orderid=${orderid}`);
    await page.getByTestId("order-screen").waitFor();
    await expect(page.getByTestId("location-photo").locator("img")).toHaveAttribute(
      "src",
      "/api/v1/media/misc/no-content.svg",
    );
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
  });

  test("moves on to the overdue page within seconds once the parcel is overdue, token out of the address (mobile, en)", async ({
    openScenario,
  }) => {
    const { page, demo } = await openScenario("dropoff-in-store", { viewport: "mobile", language: "en" });
    const { orderId: orderid, token } = demo;
    await visit(page, demo.url);
    await page.getByTestId("order-screen").waitFor();
    await advanceOrder(orderid, 3 * 24 * 60);
    const started = Date.now();
    await page.waitForURL((url) => url.pathname === "/overduepayment", { timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(8000);
    const param = (name: string) => new URL(page.url()).searchParams.get(name);
    await expect.poll(() => param("orderid")).toBe(orderid);
    // The token left the address bar once validated; the overdue page uses the stored one.
    await expect.poll(() => param("token")).toBeNull();
    await page.getByTestId("overdue-screen").waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("user_token"))).toBe(token);
  });

  for (const [viewport, lang] of [
    ["mobile", "en"],
    ["desktop", "id"],
  ] as const)
    test(`without scripts, the map and the help chat are links that open (${viewport}, ${lang})`, async ({
      openScenario,
    }) => {
      const { page, demo } = await openScenario("dropoff-in-store", {
        viewport,
        language: lang,
        javaScriptEnabled: false,
      });
      await page.goto(demo.url);
      await page.getByTestId("order-screen").waitFor();
      const map = page.getByTestId("order-map-link");
      await expect(map).toHaveAttribute("href", /^https:\/\//);
      await expect(map).toHaveAttribute("target", "_blank");
      await expect(map).toContainText(lang === "en" ? enOrder.openMapLink : idOrder.openMapLink);
      const help = page.getByTestId("order-help");
      await expect(help).toHaveAttribute("href", /^https?:\/\//);
      const opened = page.waitForEvent("popup");
      await help.click();
      await opened;
    });

  for (const [viewport, lang] of [
    ["mobile", "id"],
    ["desktop", "en"],
  ] as const)
    test(`an overdue parcel's order link goes on to the overdue payment page from the server, before and without scripts (${viewport}, ${lang})`, async ({
      openScenario,
    }) => {
      const { page, demo } = await openScenario("dropoff-overdue-need-to-pay", {
        viewport,
        language: lang,
        javaScriptEnabled: false,
      });
      // The link of the parcel's messages (stored, reminder), opened past the free period.
      const response = await page.goto(`/order?orderid=${demo.orderId}&token=${demo.token}`);
      expect(new URL(response?.request().redirectedFrom()?.url() ?? "").pathname).toBe("/order");
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === "/overduepayment" && url.searchParams.get("orderid") === String(demo.orderId),
      );
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByTestId("overdue-screen")).toBeVisible();
      await expect(page.getByTestId("overdue-select-payment")).toBeVisible();
    });

  test("hides help when yellowai is off and says there is no order without an order id (desktop, id)", async ({
    openScenario,
  }) => {
    const { page, demo } = await openScenario("dropoff-in-store", { viewport: "desktop", language: "id" });
    await featureOff(page, "yellowai");
    await visit(page, demo.url);
    await page.getByTestId("order-screen").waitFor();
    await page.getByTestId("location-info").waitFor();
    await expect(page.getByTestId("order-help")).toHaveCount(0);
    await visit(page, "/order");
    await expect(page.getByTestId("order-missing")).toHaveText(idOrder.noOrder);
  });
});
