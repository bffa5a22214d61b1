import type { Page } from "playwright-core";
import { formatDateTime } from "../src/lib/i18n/format.ts";
// The messages' own files, not `locales/en.ts`: Playwright's loader needs the import attribute on
// a JSON import, which that file (bundled by Vite) does not give.
import rentEn from "../src/locales/en/rent.json" with { type: "json" };
import shellEn from "../src/locales/en/shell.json" with { type: "json" };
import rentId from "../src/locales/id/rent.json" with { type: "json" };
import shellId from "../src/locales/id/shell.json" with { type: "json" };
import { desktopEn, featureOff, type Lang, phoneId, type ViewportName, visit } from "./support/browser.ts";
import { describe, expect, type Open, test } from "./support/fixtures.ts";
import { advanceOrder, api, atStopCount, createScenario, decodeQr, scanAtKiosk } from "./support/journeys.ts";

/**
 * Overdue rents (spec §2, §4, §7): pick-up past the deadline → the overdue view → the gateway
 * sandbox (buttons Pay, Fail, Cancel) → back with `payment_status`; the rent is extended once, only
 * by the server's signed notification. Both payment flows (`snap_bi_paxelbox` on and off), and the
 * fee-0 path that ends the rent with the overdue QR.
 */

interface Calculation {
  total_overdue_fee: number;
  next_overdue_time: number;
  increase_duration: number;
}

const en = { ...shellEn, rent: rentEn };
const id = { ...shellId, rent: rentId };

/** English runs use rents of Sari, an English-speaking demo member; Indonesian runs Budi's. */
const memberTokens = { id: "demo-token-budi", en: "demo-token-sari" } as const;

/** A phone in Jakarta (UTC+7): the times the page shows are read there. */
const jakarta = { timezoneId: "Asia/Jakarta", utcOffsetMinutes: 7 * 60 } as const;

async function start(open: Open, viewport: ViewportName, lang: Lang, zone?: typeof jakarta) {
  const { page, errors } = await open({ viewport, language: lang, timezoneId: zone?.timezoneId });
  return {
    page,
    errors,
    m: lang === "en" ? en : id,
    token: memberTokens[lang],
    scenario: (name: string) => createScenario(name, { language: lang }),
  };
}

/** The stop code the page keeps (`qrOverdue`), or `null`. */
const keptStopCode = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem("qrOverdue") ?? "null") as { code?: string } | null)?.code ?? null,
  );

/**
 * A rent past its deadline with no fee (`rent-in-store-overdue-free`), picked up: the stop view
 * shows the stop code the page asked for and kept.
 */
async function toFreeStop(open: Open, viewport: ViewportName, lang: Lang) {
  const { page, errors, m, scenario: create } = await start(open, viewport, lang);
  const { orderId, url } = await create("rent-in-store-overdue-free");
  await visit(page, url);
  await page.locator('[data-view="in-store"]').waitFor();
  await page.getByRole("button", { name: m.rent.inStore.pickUp, exact: true }).click();
  await atStopCount(page, "overdue");
  await expect.poll(() => keptStopCode(page)).toMatch(/^PXB-X-/);
  const stopCode = (await keptStopCode(page)) ?? "";
  await page.locator('[data-view="stop"]').waitFor({ timeout: 7_000 });
  const qr = page.locator('[data-testid="stop-qr"] [data-testid="qr"]');
  expect(await decodeQr(qr)).toBe(stopCode);
  return { page, errors, orderId, stopCode, qr };
}

const orderOf = (orderId: string, token: string) =>
  api<{ status: string; overdueTime: number; storeTime: number; rentTime: number }>(
    `/api/v1/box/express/info/${orderId}/paid`,
    token,
  );
const calculationOf = (orderId: string, token: string) =>
  api<Calculation>(`/api/v1/box/rental/overdue-calculation/${orderId}`, token);

async function toOverdueView(page: Page, pickUp: string) {
  await page.locator('[data-view="in-store"]').waitFor();
  await page.getByRole("button", { name: pickUp, exact: true }).click();
  await page.locator('[data-view="overdue"]').waitFor();
  await page.getByTestId("overdue-cost").waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("overdue");
}

describe("overdue rent", () => {
  for (const [viewport, lang] of [
    ["mobile", "en"],
    ["desktop", "id"],
  ] as const)
    test(`pays through the bank interface in the sandbox and extends the rent once (${viewport}, ${lang})`, async ({
      open,
    }) => {
      test.setTimeout(90_000);
      const { page, errors, m, token, scenario: create } = await start(open, viewport, lang, jakarta);
      const scenario = await create("rent-in-store");
      const orderId = scenario.orderId;
      // Deadline 3 h ahead; 4 h later it is 1 h past: 1 whole hour + 1 = 2 hours to pay.
      await advanceOrder(orderId, 4 * 60);
      const before = await calculationOf(orderId, token);
      expect(before.data).toMatchObject({ increase_duration: 2, total_overdue_fee: 10_000 });
      const payments: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith("/api/v1/box/payments"))
          payments.push(request.url());
      });

      await visit(page, scenario.url);
      await toOverdueView(page, m.rent.inStore.pickUp);
      await expect(page.getByTestId("overdue-total")).toContainText("Rp. 10.000");
      const pay = page.getByRole("button", { name: m.rent.overdue.pay, exact: true });
      await pay.dblclick();
      await page.waitForURL(/\/demo\/pay\//);
      await expect.poll(() => payments).toHaveLength(1);

      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.waitForURL(/\/order-status\?/);
      await expect
        .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
        .toMatchObject({
          orderid: orderId,
          token,
          payment_status: "SUCCESS",
          overdue: "true",
        });
      await page.locator('[data-view="in-store"]').waitFor();
      await expect(page.getByTestId("payment-result")).toHaveText(m.rent.overdue.paymentSuccess);

      // Extended once, to the calculation's next deadline.
      const order = await orderOf(orderId, token);
      expect(order.data.overdueTime).toBe(before.data.next_overdue_time);
      expect((await calculationOf(orderId, token)).data.total_overdue_fee).toBe(0);
      // The rent info agrees with itself: its 6 hours run from its start to its end, and the
      // extension's end is beside them, as the overdue view named it.
      const { storeTime, rentTime } = order.data;
      expect(rentTime).toBe(6);
      const row = (testId: string) => page.getByTestId(testId).locator("dd");
      const at = (time: number) => formatDateTime(time, lang, jakarta.utcOffsetMinutes);
      await expect(row("rent-info-ends")).toHaveText(at(storeTime + 6 * 3_600_000));
      await expect(page.getByTestId("rent-info-extended-until")).toContainText(m.rent.overdue.extendedUntil);
      await expect(row("rent-info-extended-until")).toHaveText(at(before.data.next_overdue_time));
      // Reloading the return address does not pay or extend again.
      await page.reload();
      await page.locator('[data-view="in-store"]').waitFor();
      expect((await orderOf(orderId, token)).data.overdueTime).toBe(before.data.next_overdue_time);
      expect(errors).toEqual([]);
    });

  for (const [viewport, lang] of [phoneId])
    test(`Pay pressed without signal says 'Oops...' and waits for the next press, not for the signal (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors, m, scenario: create } = await start(open, viewport, lang);
      const scenario = await create("rent-in-store-overdue");
      // Payments the API received (the press without signal is a request that never got there).
      const payments: string[] = [];
      page.on("requestfinished", (request) => {
        if (request.method() === "POST" && request.url().endsWith("/api/v1/box/payments"))
          payments.push(request.url());
      });
      await visit(page, `${scenario.url}&status=overdue`);
      await page.getByTestId("overdue-cost").waitFor();
      const pay = page.getByRole("button", { name: m.rent.overdue.pay, exact: true });
      await page.context().setOffline(true);
      await pay.click();
      const dialog = page.locator('[data-testid="error-dialog"][open]');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator("h2")).toHaveText("Oops...");
      await dialog.getByRole("button").click();
      await expect(pay).toBeEnabled();
      // The signal is back: nothing leaves for the checkout by itself; the next press does.
      await page.context().setOffline(false);
      await page.waitForTimeout(3000);
      expect(new URL(page.url()).pathname).toBe("/order-status");
      await pay.click();
      await page.waitForURL(/\/demo\/pay\//);
      expect(payments).toHaveLength(1);
      expect(
        errors.filter(
          (error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|dynamically imported/.test(error),
        ),
      ).toEqual([]);
    });

  for (const [viewport, lang] of [desktopEn])
    test(`an open overdue view prices the extension anew when the rent's deadline moves (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page, errors, m, token, scenario: create } = await start(open, viewport, lang, jakarta);
      const scenario = await create("rent-in-store-overdue");
      const orderId = scenario.orderId;
      const rupiah = (value: number) => `Rp. ${value.toLocaleString("de-DE")}`;
      const at = (time: number) => formatDateTime(time, lang, jakarta.utcOffsetMinutes);
      const row = (testId: string) => page.getByTestId(testId).locator("dd");
      await visit(page, scenario.url);
      await toOverdueView(page, m.rent.inStore.pickUp);
      const first = (await calculationOf(orderId, token)).data;
      await expect(page.getByTestId("overdue-total")).toContainText(rupiah(first.total_overdue_fee));

      // 40 minutes on (the rent's times moved back): another hour has started while the screen is open.
      await advanceOrder(orderId, 40);
      const later = (await calculationOf(orderId, token)).data;
      expect(later.increase_duration).toBe(first.increase_duration + 1);
      const order = (await orderOf(orderId, token)).data;
      await expect(row("overdue-rent-ends")).toHaveText(at(order.overdueTime), { timeout: 15_000 });
      // The cost agrees with the deadline beside it, as the checkout will charge it.
      await expect(page.getByTestId("overdue-total")).toContainText(rupiah(later.total_overdue_fee));
      await expect(row("overdue-extended-until")).toHaveText(at(later.next_overdue_time));
      expect(later.next_overdue_time).toBe(order.overdueTime + later.increase_duration * 3_600_000);
      expect(errors).toEqual([]);
    });

  test("without the bank interface: Fail and Cancel leave it unpaid with the warnings", async ({ open }) => {
    test.setTimeout(90_000);
    const { page, m, token, scenario: create } = await start(open, "desktop", "id");
    await featureOff(page, "snap_bi_paxelbox");
    const scenario = await create("rent-in-store-overdue");
    const orderId = scenario.orderId;
    const deadline = (await orderOf(orderId, token)).data.overdueTime;
    const calls: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (["/api/auth/token/generate", "/api/v1/order/locker", "/api/v1/box/payments"].includes(path))
        calls.push(path);
    });

    await visit(page, scenario.url);
    await toOverdueView(page, m.rent.inStore.pickUp);
    const pay = page.getByRole("button", { name: "Pilih Pembayaran", exact: true });

    // A failing payment call: 'Oops...' and the button works again.
    await page.route("**/api/v1/order/locker?*", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ code: 503, message: "Payment service is busy" }),
      }),
    );
    await pay.click();
    const oops = page.locator('[data-testid="error-dialog"][open]');
    await oops.waitFor();
    await expect(oops).toContainText("Payment service is busy");
    await oops.getByRole("button").click();
    await expect(pay).toBeEnabled();
    await page.unroute("**/api/v1/order/locker?*");

    for (const [button, status, warning] of [
      ["Fail", "FAILED", "Pembayaran gagal. Silakan periksa saldomu dan coba kembali."],
      ["Cancel", "CANCELLED", "Waktu pembayaran habis. Silakan coba lagi."],
    ] as const) {
      await pay.click();
      await page.waitForURL(/\/demo\/pay\//);
      await page.getByRole("button", { name: button, exact: true }).click();
      await page.waitForURL(new RegExp(`payment_status=${status}`));
      await page.locator('[data-view="overdue"] [data-testid="payment-result"]').waitFor();
      await expect(page.getByTestId("payment-result")).toHaveText(warning);
      await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("overdue");
      await expect(page.getByTestId("header-title")).toHaveText(m.header.overdueFee);
      expect((await orderOf(orderId, token)).data.overdueTime).toBe(deadline);
    }
    expect(calls.filter((path) => path === "/api/v1/box/payments")).toEqual([]);
    await expect.poll(() => calls.filter((path) => path === "/api/v1/order/locker")).toHaveLength(3);
    expect((await orderOf(orderId, token)).data.status).toBe("IN_STORE");
  });

  test("with no fee past the deadline: the overdue QR ends the rent", async ({ open }) => {
    test.setTimeout(90_000);
    const { page, errors, stopCode } = await toFreeStop(open, "desktop", "en");
    expect((await scanAtKiosk(stopCode)).body.data).toMatchObject({
      action: "stop",
      orderStatus: "CUSTOMER_TAKEN",
    });
    await page.getByTestId("stop-success").waitFor({ timeout: 6_500 });
    await expect(page.locator("h1")).toHaveText("Rent has Ended");
    expect(errors).toEqual([]);
  });

  test("with no fee past the deadline: a stop code past its 15 minutes gives way to the order's take QR", async ({
    open,
  }) => {
    test.setTimeout(90_000);
    const { page, errors, orderId, stopCode, qr } = await toFreeStop(open, "mobile", "id");
    // Sixteen minutes on (the view left open): the order's clock at the locker, and what the page
    // kept of the code's end.
    await advanceOrder(orderId, 16);
    await page.evaluate(() => {
      const kept = JSON.parse(localStorage.getItem("qrOverdue") ?? "{}");
      localStorage.setItem("qrOverdue", JSON.stringify({ ...kept, expiresAt: kept.expiresAt - 16 * 60_000 }));
    });
    expect((await scanAtKiosk(stopCode)).status).toBe(410);
    await expect.poll(() => decodeQr(qr), { timeout: 5_000 }).not.toBe(stopCode);
    const shown = await decodeQr(qr);
    expect(shown).toMatch(/^PXB-T-/);
    expect((await scanAtKiosk(shown)).body.data).toMatchObject({
      action: "stop",
      orderStatus: "CUSTOMER_TAKEN",
    });
    await page.getByTestId("stop-success").waitFor({ timeout: 12_000 });
    expect(errors).toEqual([]);
  });
});
