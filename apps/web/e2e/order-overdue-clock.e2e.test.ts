import type { Page } from "playwright-core";
import { fetchThrough, holdScripts, hydrated, phoneEn, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { advanceOrder, api, type Scenario } from "./support/journeys.ts";

/**
 * The drop-off order and overdue pages under real-world timing: a phone whose clock is off the
 * server's (seconds around the deadline, or days) is moved on by the server's time, and only once
 * the server's overdue detail agrees — never bounced between the two pages; an email typed into the page before it hydrated is kept.
 */

const dayMs = 24 * 60 * 60_000;

/** The paths the page's address went through (document loads and history changes), repeats merged. */
function pathsSeen(page: Page): string[] {
  const seen: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (seen.at(-1) !== path) seen.push(path);
  });
  return seen;
}

/** How many times the page asked for the overdue detail (once per visit of the overdue page). */
function overdueDetailCalls(page: Page, orderid: string): { count: number } {
  const calls = { count: 0 };
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === `/api/v1/dropoff/overdue/${orderid}`) calls.count++;
  });
  return calls;
}

/** The deadline the server holds for an order (epoch ms). */
async function deadlineOf(orderid: string, token: string): Promise<number> {
  const order = await api<{ overdueTime: number | null }>(`/api/v1/box/express/info/${orderid}/paid`, token);
  if (order.data.overdueTime === null) throw new Error(`order ${orderid} has no deadline`);
  return order.data.overdueTime;
}

/**
 * Counts the order's fresh answers to the browser after its first render: its stream of pushed
 * changes opening (ADR 020), or without one its 5 s poll.
 */
function orderRefreshes(page: Page, orderid: string): { count: number } {
  const refreshes = { count: 0 };
  const path = new RegExp(`/box/express/info/${orderid}/(paid|events)$`);
  page.on("response", (response) => {
    if (path.test(new URL(response.url()).pathname)) refreshes.count++;
  });
  return refreshes;
}

/** Six once-per-second checks, and a fresh answer of the order, on the phone's clock. */
async function sixSecondsLater(page: Page, refreshes: { count: number }): Promise<void> {
  await page.clock.runFor(6000);
  await expect.poll(() => refreshes.count).toBeGreaterThan(0);
}

/**
 * Opens the order page with the phone's clock at `time` and lets six seconds pass on it; returns
 * the paths the page went through and its calls for the overdue detail.
 */
async function orderPageAt(page: Page, demo: Scenario, time: number) {
  await page.clock.install({ time });
  const seen = pathsSeen(page);
  const overdueAsked = overdueDetailCalls(page, demo.orderId);
  const refreshes = orderRefreshes(page, demo.orderId);
  await visit(page, demo.url);
  await page.getByTestId("order-screen").waitFor();
  await sixSecondsLater(page, refreshes);
  return { seen, overdueAsked };
}

for (const [viewport, lang] of [phoneEn]) {
  describe(`order and overdue pages on a phone whose clock is off (${viewport}, ${lang})`, () => {
    test.use({ visitor: { viewport, language: lang } });
    describe.configure({ timeout: 90_000 });

    test("stays on the order page when the phone reads a few seconds past a deadline the server has not reached", async ({
      page,
      errors,
      scenario,
    }) => {
      const demo = await scenario("dropoff-in-store");
      const { orderId: orderid, token } = demo;
      // The server's deadline comes to within 20–80 s from now (its clock moves in whole minutes) …
      const before = await deadlineOf(orderid, token);
      const minutes = Math.floor((before - Date.now() - 20_000) / 60_000);
      await advanceOrder(orderid, minutes);
      const deadline = before - minutes * 60_000;
      expect(deadline - Date.now()).toBeGreaterThan(15_000);

      // … and the phone's clock already reads 5 s past it.
      const { seen, overdueAsked } = await orderPageAt(page, demo, deadline + 5000);

      expect(seen).toEqual(["/order"]);
      expect(overdueAsked.count).toBe(0);
      // The pick-up code still opens the door: the server says so.
      await expect(page.getByTestId("order-qr")).toBeVisible();
      await expect(page.getByTestId("order-qr-hidden")).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test("stays on the order page, its code shown, when the phone's clock is days ahead", async ({
      page,
      scenario,
    }) => {
      const demo = await scenario("dropoff-in-store");
      const { seen, overdueAsked } = await orderPageAt(page, demo, Date.now() + 10 * dayMs);

      expect(seen).toEqual(["/order"]);
      expect(overdueAsked.count).toBe(0);
      await expect(page.getByTestId("order-qr")).toBeVisible();
    });

    test("moves on to the overdue page once when the server is past the deadline and the phone's clock days behind", async ({
      page,
      errors,
      scenario,
    }) => {
      // Overdue while the page is open (one opened overdue goes on from the server: order.e2e).
      const demo = await scenario("dropoff-in-store");
      const orderid = demo.orderId;
      await page.clock.install({ time: Date.now() - 10 * dayMs });
      const seen = pathsSeen(page);
      await visit(page, demo.url);
      await page.getByTestId("order-screen").waitFor();
      await advanceOrder(orderid, 3 * 24 * 60);
      await page.waitForURL((url) => url.pathname === "/overduepayment", { timeout: 10_000 });
      await page.getByTestId("overdue-screen").waitFor();
      await expect(page).toHaveURL((url) => url.searchParams.get("orderid") === orderid);
      expect(seen).toEqual(["/order", "/overduepayment"]);
      expect(errors).toEqual([]);
    });

    test("asks the server before leaving: where it says nothing is due, the order page stays and asks no more than once a minute", async ({
      page,
      scenario,
    }) => {
      // A stored parcel, its deadline days away.
      const { orderId: orderid, url } = await scenario("dropoff-in-store");
      // The server's overdue detail, as the browser gets it, disagrees with the order's deadline:
      // nothing is due. (The parcel goes overdue once the page is open: one opened overdue is
      // sent on by the server, which asks the detail itself.)
      await page.route(`**/api/v1/dropoff/overdue/${orderid}`, async (route) => {
        const response = await fetchThrough(route);
        const body = (await response.json()) as { data: { overdueStatus: string } };
        body.data.overdueStatus = "none";
        await route.fulfill({ response, json: body });
      });
      await page.clock.install({ time: Date.now() });
      const seen = pathsSeen(page);
      const overdueAsked = overdueDetailCalls(page, orderid);
      const refreshes = orderRefreshes(page, orderid);
      await visit(page, url);
      await page.getByTestId("order-screen").waitFor();
      await advanceOrder(orderid, 3 * 24 * 60);
      await expect.poll(() => overdueAsked.count).toBe(1);
      await sixSecondsLater(page, refreshes);

      expect(seen).toEqual(["/order"]);
      expect(overdueAsked.count).toBe(1);
    });

    test("keeps the email typed before the page hydrated, once the token has left the address", async ({
      page,
      errors,
      scenario,
    }) => {
      const demo = await scenario("dropoff-overdue-need-to-pay");
      // The page's scripts arrive only once the email is typed into the server's HTML.
      const release = await holdScripts(page);
      await page.goto(demo.url, { waitUntil: "domcontentloaded" });
      const email = page.getByTestId("overdue-email");
      await email.pressSequentially("rina@example.com");
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      release();

      await hydrated(page);
      await page.waitForURL((url) => url.pathname === "/overduepayment" && !url.searchParams.has("token"));
      await page.getByTestId("overdue-screen").waitFor();
      await expect(page.getByTestId("overdue-select-payment")).toBeEnabled();
      await expect(email).toHaveValue("rina@example.com");
      // Still the same field, typing on.
      await email.press("End");
      await email.pressSequentially(".id");
      await expect(email).toHaveValue("rina@example.com.id");
      expect(errors).toEqual([]);
    });
  });
}
