import type { Page } from "playwright-core";
import { type PostgresServer, startPostgres } from "../../../../scripts/postgres.ts";
import type { RunningSystem } from "../../../../scripts/system.ts";
import { type Lang, visit } from "./browser.ts";
import { expect, test } from "./fixtures.ts";
import { createScenario, decodeQr, type Scenario, scanAtKiosk } from "./journeys.ts";

/**
 * Two API instances on one PostgreSQL server (ADR 020): screens are served by the first, changes
 * are written through the second — a kiosk scan, or the renter cancelling from another device.
 * `startTwoInstances()` in a file's top level starts them once for its tests (run them in order in
 * one worker: `describe.configure({ mode: "default" })`).
 */
export interface TwoInstances {
  /** The instance that serves the screens. */
  screens: string;
  /** The instance changes are written through. */
  writer: string;
}

export function startTwoInstances(): TwoInstances {
  const instances: TwoInstances = { screens: "", writer: "" };
  let postgres: PostgresServer | undefined;
  const systems: RunningSystem[] = [];
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    postgres = await startPostgres();
    const { startSystem } = await import("../../../../scripts/system.ts");
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
    [instances.screens, instances.writer] = systems.map((system) => system.url) as [string, string];
  });
  test.afterAll(async () => {
    for (const system of systems) await system.close();
    await postgres?.stop();
  });
  return instances;
}

/** Milliseconds from `write()` starting until `selector` is on the page (the page's clock is the machine's). */
export async function timeToScreen(
  page: Page,
  selector: string,
  write: () => Promise<void>,
): Promise<number> {
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

/** Opens `url` on the screens' instance and waits until its order stream is open. */
export async function openFollowing(page: Page, { screens }: TwoInstances, url: string): Promise<void> {
  const streamOpen = page.waitForResponse((response) => /\/events$/.test(new URL(response.url()).pathname), {
    timeout: 15_000,
  });
  await visit(page, new URL(url, screens).href);
  expect((await streamOpen).status()).toBe(200);
}

/** The drop-off order page while its parcel is picked up at a locker through the writer: ms to screen. */
export async function pickUpWhileShown(page: Page, instances: TwoInstances, lang: Lang): Promise<number> {
  const demo = await createScenario("dropoff-in-store", { language: lang, origin: instances.screens });
  await openFollowing(page, instances, demo.url);
  const code = await decodeQr(page.locator('[data-testid="order-qr-code"]'));
  return timeToScreen(page, '[data-testid="order-screen"]:not([data-status="IN_STORE"])', async () => {
    expect((await scanAtKiosk(code, undefined, instances.writer)).status).toBe(200);
  });
}

/** The rent waiting for its items while the renter cancels it from another device: ms to screen. */
export async function cancelWhileShown(page: Page, instances: TwoInstances, lang: Lang): Promise<number> {
  const demo = await createScenario("rent-to-store", { language: lang, origin: instances.screens });
  await openFollowing(page, instances, demo.url);
  return timeToScreen(page, '[data-testid="rent-status"][data-status="CANCEL"]', () =>
    cancelThroughWriter(instances, demo),
  );
}

/** The renter cancels from another device: through the writer. */
export async function cancelThroughWriter({ writer }: TwoInstances, demo: Scenario): Promise<void> {
  const response = await fetch(`${writer}/api/v1/box/express/cancelRent`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${demo.token}` },
    body: JSON.stringify({ id: Number(demo.orderId) }),
  });
  expect(response.status).toBe(200);
}
