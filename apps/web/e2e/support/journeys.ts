import jsQR from "jsqr";
import type { Locator, Page } from "playwright-core";
import { PNG } from "pngjs";
import { expect } from "vitest";
import { baseUrl } from "./browser.ts";

/**
 * Helpers shared by the journey tests: fresh demo scenarios, the locker-kiosk simulator, the
 * order clock, and reading a QR code off the screen the way a locker's scanner would.
 */

export interface Scenario {
  id: string;
  url: string;
  params: URLSearchParams;
}

/**
 * Creates a fresh record for a demo scenario (`POST /api/demo/scenarios/{id}`); with `language: "en"`
 * rents belong to the English-speaking demo member.
 */
export async function createScenario(
  id: string,
  options: { language?: "id" | "en" } = {},
): Promise<Scenario> {
  const query = options.language ? `?language=${options.language}` : "";
  const response = await fetch(`${baseUrl}/api/demo/scenarios/${id}${query}`, { method: "POST" });
  if (!response.ok) throw new Error(`scenario ${id}: HTTP ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { url: string } };
  return { id, url: data.url, params: new URL(data.url, baseUrl).searchParams };
}

export interface KioskResult {
  status: number;
  body: {
    code: number;
    message?: string;
    data?: {
      action: string;
      boxId: number;
      doorNumber: string;
      orderId: number;
      orderStatus: string;
      recipientLink?: string;
    };
  };
}

/** Scans a code at the locker-kiosk simulator. */
export async function scanAtKiosk(code: string, boxId?: number): Promise<KioskResult> {
  const response = await fetch(`${baseUrl}/api/demo/kiosk/scan`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(boxId === undefined ? { code } : { code, boxId }),
  });
  return { status: response.status, body: (await response.json()) as KioskResult["body"] };
}

/** Moves an order's clock forward so deadlines pass without waiting. */
export async function advanceOrder(orderId: number | string, minutes: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/demo/orders/${orderId}/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ minutes }),
  });
  if (!response.ok) throw new Error(`advance ${orderId}: HTTP ${response.status}`);
}

/**
 * Reads the QR code shown in an element from a screenshot of it (not from the DOM). A few tries:
 * a screenshot taken while the page still scrolls or lays out can catch the code half drawn.
 */
export async function decodeQr(locator: Locator, attempts = 4): Promise<string> {
  // A QR card is busy until its encoder has loaded (it loads in parallel with the data).
  await locator.locator('[aria-busy="true"]').first().waitFor({ state: "detached" });
  for (let attempt = 1; ; attempt++) {
    await locator.scrollIntoViewIfNeeded();
    const image = PNG.sync.read(await locator.screenshot());
    const result = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    if (result) return result.data;
    if (attempt >= attempts) throw new Error("No QR code could be read from the screen");
    await locator.page().waitForTimeout(300);
  }
}

/** Calls the API directly, e.g. to check what the server now holds. */
export async function api<T = unknown>(
  path: string,
  token?: string,
): Promise<{ status: number; data: T; message?: string }> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as { data: T; message?: string };
  return { status: response.status, data: body.data, message: body.message };
}

/**
 * On the overdue page: fills the e-mail, chooses the payment, pays at the gateway sandbox and
 * waits for the paid QR on `/overduepayment/success-payment`; returns that QR's locator.
 */
export async function payOverdueAtSandbox(page: Page, email = "rina.kartika@example.com"): Promise<Locator> {
  await page.locator('[data-testid="overdue-email"]').fill(email);
  const pay = page.locator('[data-testid="overdue-select-payment"]');
  await expect.poll(() => pay.isEnabled()).toBe(true);
  await pay.click();
  await page.waitForURL((url) => url.pathname.startsWith("/demo/"), { timeout: 15_000 });
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/overduepayment/success-payment", { timeout: 15_000 });
  const paidQr = page.locator('[data-testid="overdue-paid-qr"]');
  await paidQr.waitFor({ timeout: 15_000 });
  return paidQr;
}
