import type { Page } from "playwright-core";
import { type PostgresServer, startPostgres } from "../../../scripts/postgres.ts";
import type { RunningSystem } from "../../../scripts/system.ts";
import { collectErrors, type Lang, setHidden, type ViewportName, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { createScenario, decodeQr, type Scenario, scanAtKiosk } from "./support/journeys.ts";

/**
 * Push (ADR 020): two API instances on one PostgreSQL server; the screen is served by the first,
 * the change is written through the second — a kiosk scan, or the renter cancelling from another
 * device — and the screen shows it. Within 1 s at the 95th percentile: the 5 s poll alone could
 * not do that, so this measures the stream. With the stream cut, the poll still brings the change.
 */
let postgres: PostgresServer | undefined;
const systems: RunningSystem[] = [];
let screens = "";
let writer = "";

// The file's tests in order in one worker, so that the two instances above start once, not once per worker.
describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startPostgres();
  const { startSystem } = await import("../../../scripts/system.ts");
  // One after the other: the first migrates and seeds the shared database.
  for (let index = 0; index < 2; index++) {
    systems.push(
      await startSystem({
        port: 0,
        host: "127.0.0.1",
        quiet: true,
        env: { DATABASE_URL: postgres.url, NODE_ENV: "test", RATE_LIMIT_FACTOR: "50" },
      }),
    );
  }
  [screens, writer] = systems.map((system) => system.url) as [string, string];
});

test.afterAll(async () => {
  for (const system of systems) await system.close();
  await postgres?.stop();
});

/** Milliseconds from `write()` starting until `selector` is on the page (the page's clock is the machine's). */
async function timeToScreen(page: Page, selector: string, write: () => Promise<void>): Promise<number> {
  const shown = page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const check = () => {
          if (!document.querySelector(wanted)) return false;
          resolve(Date.now());
          return true;
        };
        if (check()) return;
        const observer = new MutationObserver(() => {
          if (check()) observer.disconnect();
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }),
    selector,
  );
  const start = Date.now();
  await write();
  return (await shown) - start;
}

/** Opens `url` on the first instance and waits until its order stream is open. */
async function openFollowing(page: Page, url: string): Promise<void> {
  const streamOpen = page.waitForResponse((response) => /\/events$/.test(new URL(response.url()).pathname), {
    timeout: 15_000,
  });
  await visit(page, new URL(url, screens).href);
  expect((await streamOpen).status()).toBe(200);
}

/** The drop-off order page while its parcel is picked up at a locker through the other instance. */
async function pickUpWhileShown(page: Page, lang: Lang): Promise<number> {
  const demo = await createScenario("dropoff-in-store", { language: lang, origin: screens });
  await openFollowing(page, demo.url);
  const code = await decodeQr(page.locator('[data-testid="order-qr-code"]'));
  return timeToScreen(page, '[data-testid="order-screen"]:not([data-status="IN_STORE"])', async () => {
    expect((await scanAtKiosk(code, undefined, writer)).status).toBe(200);
  });
}

/** The rent waiting for its items while the renter cancels it from another device, through the other instance. */
async function cancelWhileShown(page: Page, lang: Lang): Promise<number> {
  const demo = await createScenario("rent-to-store", { language: lang, origin: screens });
  await openFollowing(page, demo.url);
  return timeToScreen(page, '[data-testid="rent-status"][data-status="CANCEL"]', () =>
    cancelThroughWriter(demo),
  );
}

/** The renter cancels from another device: through the second instance. */
async function cancelThroughWriter(demo: Scenario): Promise<void> {
  const response = await fetch(`${writer}/api/v1/box/express/cancelRent`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${demo.token}` },
    body: JSON.stringify({ id: Number(demo.orderId) }),
  });
  expect(response.status).toBe(200);
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.ceil(share * values.length) - 1] ?? Number.NaN;

describe("a change written through one instance reaches a screen on another", () => {
  test("kiosk scan and cancel → screen: p95 ≤ 1 s over 20 changes, id and en, phone and desktop", async ({
    newContext,
  }) => {
    test.setTimeout(240_000);
    const combos: [ViewportName, Lang][] = [
      ["mobile", "id"],
      ["desktop", "en"],
      ["mobile", "en"],
      ["desktop", "id"],
    ];
    const delays: number[] = [];
    const errors: string[] = [];
    for (const [viewport, lang] of combos) {
      const context = await newContext({ viewport, language: lang });
      for (let round = 0; round < 5; round++) {
        const page = await context.newPage();
        const seen = collectErrors(page);
        delays.push(await (round % 2 === 0 ? pickUpWhileShown(page, lang) : cancelWhileShown(page, lang)));
        await page.close();
        errors.push(...seen);
      }
    }
    const p95 = percentile(delays, 0.95);
    console.log(
      `[push] change → screen over ${delays.length}: median ${percentile(delays, 0.5)} ms, p95 ${p95} ms`,
    );
    expect(p95).toBeLessThanOrEqual(1000);
    expect(errors).toEqual([]);
  });

  test("with the stream cut, the 5 s poll still brings the change (mobile, id)", async ({ newContext }) => {
    test.setTimeout(60_000);
    const context = await newContext({ viewport: "mobile", language: "id" });
    const page = await context.newPage();
    await page.route("**/events", (route) => route.abort("connectionreset"));
    const demo = await createScenario("rent-to-store", { language: "id", origin: screens });
    await visit(page, new URL(demo.url, screens).href);
    const delay = await timeToScreen(page, '[data-testid="rent-status"][data-status="CANCEL"]', () =>
      cancelThroughWriter(demo),
    );
    // One poll period, plus the answer's way back.
    expect(delay).toBeLessThanOrEqual(5_000 + 1_500);
  });

  test("a hidden tab holds no stream, and shows what changed meanwhile when it comes back (desktop, en)", async ({
    newContext,
  }) => {
    test.setTimeout(60_000);
    const context = await newContext({ viewport: "desktop", language: "en" });
    const page = await context.newPage();
    const demo = await createScenario("rent-to-store", { language: "en", origin: screens });
    await openFollowing(page, demo.url);
    const streamClosed = page.waitForEvent("requestfailed", {
      predicate: (request) => request.url().endsWith("/events"),
      timeout: 5_000,
    });
    await setHidden(page, true);
    await streamClosed;
    await cancelThroughWriter(demo);
    const cancelled = '[data-testid="rent-status"][data-status="CANCEL"]';
    // Nothing reaches a hidden tab: no stream, no poll.
    await page.waitForTimeout(1_500); // a fixed wait: what is checked is that nothing happens in it
    await expect(page.locator(cancelled)).toHaveCount(0);
    const delay = await timeToScreen(page, cancelled, () => setHidden(page, false));
    expect(delay).toBeLessThanOrEqual(2_000);
  });
});
