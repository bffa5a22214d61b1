import { expect } from "@playwright/test";
import jsQR from "jsqr";
import type { Locator, Page } from "playwright-core";
import { PNG } from "pngjs";
// The marketing messages' own files, not `locales/*.ts`: Playwright's loader needs the import
// attribute on a JSON import, which those files (bundled by Vite) do not give.
import en from "../../src/locales/en/marketing.json" with { type: "json" };
import id from "../../src/locales/id/marketing.json" with { type: "json" };
import { baseUrl, type Lang, visit } from "./browser.ts";

/**
 * Helpers shared by the journey tests: fresh demo scenarios, the locker-kiosk simulator, the
 * order clock, and reading a QR code off the screen the way a locker's scanner would.
 */

export interface Scenario {
  id: string;
  url: string;
  params: URLSearchParams;
  /** The link's `orderid` and `token` ("" when it has none). */
  orderId: string;
  token: string;
}

/**
 * Creates a fresh record for a demo scenario (`POST /api/demo/scenarios/{id}`); with `language: "en"`
 * rents belong to the English-speaking demo member. `origin`: another system than the suite's.
 */
export async function createScenario(
  id: string,
  options: { language?: "id" | "en"; origin?: string } = {},
): Promise<Scenario> {
  const query = options.language ? `?language=${options.language}` : "";
  const response = await fetch(`${options.origin ?? baseUrl}/api/demo/scenarios/${id}${query}`, {
    method: "POST",
  });
  if (!response.ok) throw new Error(`scenario ${id}: HTTP ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { url: string } };
  const params = new URL(data.url, baseUrl).searchParams;
  return {
    id,
    url: data.url,
    params,
    orderId: params.get("orderid") ?? "",
    token: params.get("token") ?? "",
  };
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

/** Scans a code at the locker-kiosk simulator (of the system at `origin`, the suite's by default). */
export async function scanAtKiosk(code: string, boxId?: number, origin = baseUrl): Promise<KioskResult> {
  const response = await fetch(`${origin}/api/demo/kiosk/scan`, {
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

/** The text of the QR code in a PNG image, or `null` when none can be read. */
export function readQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
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
    const text = readQr(await locator.screenshot());
    if (text !== null) return text;
    if (attempt >= attempts) throw new Error("No QR code could be read from the screen");
    // A fixed pause between tries: the page may run on a paused test clock, so it has no frame or
    // timer of its own to wait for.
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

/** Stores a demo rent's items at the kiosk: its store QR (read from the API) scanned. */
export async function storeAtKiosk(rent: Pick<Scenario, "orderId" | "token">): Promise<void> {
  const { data } = await api<{ barcode: { qrcodeCustomerStore: string } }>(
    `/api/v1/box/express/info/${rent.orderId}/paid`,
    rent.token,
  );
  expect((await scanAtKiosk(data.barcode.qrcodeCustomerStore)).body.data).toMatchObject({
    action: "store",
    orderStatus: "IN_STORE",
  });
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

/**
 * Opens a drop-off link. It carries the recipient's token, whose members check answers Indonesian;
 * in English the token is stored first (as a returning visitor) and the link opened without it.
 */
export async function openDropOffLink(page: Page, lang: Lang, url: string): Promise<void> {
  if (lang === "id") {
    await visit(page, url);
    return;
  }
  const address = new URL(url, "http://x");
  const token = address.searchParams.get("token") ?? "";
  address.searchParams.delete("token");
  // The storage belongs to the site: a fresh page is on about:blank until it visits one of its pages.
  await visit(page, "/debug");
  await page.evaluate((value) => localStorage.setItem("user_token", value), token);
  await visit(page, `${address.pathname}${address.search}`);
}

/** Opens a fresh demo rent (its member speaking `lang`) and waits for its view (`data-view`). */
export async function openRent(
  page: Page,
  id: string,
  lang: Lang,
  view: string,
  query = "",
): Promise<Scenario> {
  const demo = await createScenario(id, { language: lang });
  await visit(page, `${demo.url}${query}`);
  await page.locator(`[data-view="${view}"]`).waitFor();
  return demo;
}

/** The message `fillGuestBook` writes unless told another, spaces around it as a visitor types it. */
export const guestBookMessage = "  Kami ingin memasang loker di gedung kantor kami.  ";

/**
 * Fills the guest book with valid data as a visitor types it: spaces around the texts, dashes in the
 * phone (the form trims and keeps digits; the action's schema does the same).
 */
export async function fillGuestBook(page: Page, lang: Lang, message = guestBookMessage): Promise<void> {
  const t = { id, en }[lang].guestBook;
  await page.getByLabel(t.senderName, { exact: true }).fill("  Budi Santoso  ");
  await page.getByLabel(t.senderContact, { exact: true }).fill("0812-3456-7890");
  await page.getByLabel(t.emailAddress, { exact: true }).fill(" budi@example.com ");
  await page.locator('input[name="purpose"][value="paxelbox_locker"]').check();
  await page.getByLabel(t.message, { exact: true }).fill(message);
  await page.locator('input[name="term_check"]').check();
}

/**
 * Sends the guest book for real (its ALTCHA widget solves the proof of work, the route action calls
 * the API) and waits for the confirmation, which opens only after a send. `message`: another text
 * than `fillGuestBook`'s (one a test can find its lead by).
 */
export async function sendGuestBook(
  page: Page,
  lang: Lang,
  businessType = "Business",
  message = guestBookMessage,
): Promise<void> {
  await visit(page, `/guest-book?business_type=${businessType}`);
  await fillGuestBook(page, lang, message);
  await page.locator('[data-testid="guest-book-submit"]').click();
  await page.waitForURL(`${baseUrl}/guest-book/submitted`, { timeout: 30_000 });
  await page.locator('[data-testid="guest-book-submitted"]').waitFor();
}

/**
 * The rent's stop_count screen is shown, its address asking for the stop QR as `qrdisplay` (the
 * rent's own data, or the overdue QR kept on the phone).
 */
export async function atStopCount(page: Page, qrdisplay: "data" | "overdue"): Promise<void> {
  await page.getByTestId("stop-count").waitFor();
  await expect
    .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
    .toMatchObject({ act: "stop_count", status: "stop", qrdisplay });
}
