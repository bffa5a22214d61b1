import type { BrowserContext, Page } from "playwright-core";
import { hungRefreshMs } from "../src/lib/offline/offline-cache.ts";
import rentEn from "../src/locales/en/rent.json" with { type: "json" };
import shellEn from "../src/locales/en/shell.json" with { type: "json" };
import rentId from "../src/locales/id/rent.json" with { type: "json" };
import shellId from "../src/locales/id/shell.json" with { type: "json" };
import type { Lang, ViewportName } from "./support/browser.ts";
import {
  baseUrl,
  desktopEn,
  desktopId,
  holdClock,
  holdRequests,
  hydrated,
  otherFrames,
  phoneAndDesktop,
  phoneEn,
  phoneId,
  runClock,
  visit,
} from "./support/browser.ts";
import { describe, expect, type Open, test } from "./support/fixtures.ts";
import { api, createScenario, decodeQr, payOverdueAtSandbox, scanAtKiosk } from "./support/journeys.ts";
import { shot } from "./support/shots.ts";

/**
 * At the locker with no signal: the QR screens of an order opened earlier open with the network
 * cut (the service worker keeps the pages, the page keeps the member's last data), say so, never
 * show a code the data says has run out, recover by themselves, and show nothing of one member to
 * another.
 */

const texts = { id: { shell: shellId, rent: rentId }, en: { shell: shellEn, rent: rentEn } } as const;

/** A context whose pages register the service worker. */
const start = (open: Open, viewport: ViewportName, language: Lang) =>
  open({ viewport, language, serviceWorkers: true });

/** The worker controls the page and has kept a copy of this page and of every script it loaded. */
async function offlineReady(page: Page): Promise<void> {
  const missing = () =>
    page.evaluate(async () => {
      if (!navigator.serviceWorker.controller) return "no worker controls the page";
      const names = await caches.keys();
      const kept = async (url: string, prefix = "") => {
        for (const name of names) {
          if (name.startsWith(prefix) && (await (await caches.open(name)).match(url))) return true;
        }
        return false;
      };
      if (!(await kept(location.origin + location.pathname, "paxelbox-pages-")))
        return "the page is not kept";
      for (const entry of performance.getEntriesByType("resource")) {
        if (new URL(entry.name).pathname.startsWith("/assets/") && !(await kept(entry.name))) {
          return `${entry.name} is not kept`;
        }
      }
      return "";
    });
  await expect
    .poll(missing, {
      timeout: 20_000,
      intervals: [250],
      message: `The service worker did not keep ${page.url()}`,
    })
    .toBe("");
}

/** A fresh demo record (`id`) opened in a context that registers the service worker (`start`). */
async function startAt(
  open: Open,
  viewport: ViewportName,
  lang: Lang,
  id: string,
  scenarioOptions: { language?: Lang } = {},
) {
  const opened = await start(open, viewport, lang);
  const demo = await createScenario(id, scenarioOptions);
  await visit(opened.page, demo.url);
  return { ...opened, demo };
}

async function reloadOffline(page: Page): Promise<void> {
  await page.reload({ waitUntil: "domcontentloaded" });
  await hydrated(page);
}

/** Once the worker has kept the page (`offlineReady`), the network is cut and the page opened again. */
async function reopenOffline(context: BrowserContext, page: Page): Promise<void> {
  await offlineReady(page);
  await context.setOffline(true);
  await reloadOffline(page);
}

/** The network comes back: the page's offline notice goes by itself. */
async function backOnline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(false);
  await page.getByTestId("offline-notice").waitFor({ state: "detached", timeout: 15_000 });
}

/**
 * What the browser logs for requests it could not send is expected here (a navigation's check for
 * a newer worker, offline, among them); nothing else is.
 */
function unexpected(errors: string[]): string[] {
  return errors.filter(
    (error) =>
      !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_FAILED|Failed to fetch|ERR_FAILED|error occurred when fetching the script/.test(
        error,
      ),
  );
}

for (const [viewport, lang] of phoneAndDesktop) {
  describe(`drop-off pick-up QR with no signal (${viewport}, ${lang})`, () => {
    const t = texts[lang].shell;

    test("opens offline with the same code, says when it was updated, then recovers and the kiosk accepts the code", async ({
      open,
    }) => {
      const { context, page, errors } = await startAt(open, viewport, lang, "dropoff-in-store");
      const qr = page.getByTestId("order-qr-code");
      await qr.waitFor();
      const code = await decodeQr(qr);
      expect(code).toMatch(/^PXB-/);
      await expect(page.getByTestId("offline-qr-hint")).toHaveText(t.offline.qrHint);
      // The token leaves the address bar once it is read.
      await page.waitForURL((url) => !url.searchParams.has("token") && url.searchParams.has("orderid"));

      await reopenOffline(context, page);
      await page.getByTestId("offline-notice").waitFor();
      await expect(page.getByTestId("offline-notice")).toContainText(t.offline.title);
      await expect(page.getByTestId("offline-updated-at")).toContainText(
        t.offline.updatedAt.split("{{")[0] ?? t.offline.updatedAt,
      );
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      expect(await decodeQr(qr)).toBe(code);
      await expect(page.getByTestId("offline-qr-hint")).toHaveCount(0);

      await backOnline(context, page);
      const scanned = await scanAtKiosk(code);
      expect(scanned.status).toBe(200);
      // The page follows the pick-up by itself: the status moves on and the QR goes.
      await page
        .locator('[data-testid="order-screen"]:not([data-status="IN_STORE"])')
        .waitFor({ timeout: 15_000 });
      await qr.waitFor({ state: "detached", timeout: 5_000 });
      expect(unexpected(errors)).toEqual([]);
    });
  });
}

for (const [viewport, lang] of [phoneEn])
  test(`a copy opened without signal days later hides the pick-up QR whose free period has run out (${viewport}, ${lang})`, async ({
    open,
  }) => {
    const { context, page, errors, demo } = await startAt(open, viewport, lang, "dropoff-in-store");
    const qr = page.getByTestId("order-qr-code");
    await qr.waitFor();
    const detail = await api<{ overdueTime: number }>(
      `/api/v1/box/express/info/${demo.orderId}/paid`,
      demo.token,
    );
    await reopenOffline(context, page);
    await page.getByTestId("offline-notice").waitFor();
    await expect(qr).toBeVisible();
    // Time passes (the phone's clock is right): five hours past the free period, the page opened
    // again without signal, in a new tab, is the kept copy, rendered when it was kept.
    const later = await context.newPage();
    await later.clock.install({ time: detail.data.overdueTime + 5 * 60 * 60_000 });
    await later.clock.resume();
    await later.goto(page.url(), { waitUntil: "domcontentloaded" });
    await hydrated(later);
    await later.getByTestId("offline-notice").waitFor();
    // The page's own clock ticks a few times (once a second offline): what it shows then stands.
    await later.waitForTimeout(2500);
    await expect(later.getByTestId("order-qr-hidden")).toHaveText(texts[lang].shell.offline.qrHidden);
    await expect(later.getByTestId("order-qr-code")).toHaveCount(0);
    expect(unexpected(errors)).toEqual([]);
  });

for (const [viewport, lang] of [phoneEn, desktopId])
  test(`a copy opened on a network that reaches nothing (the phone says it is online) shows the kept order, judged by the phone's clock, not the copy's (${viewport}, ${lang})`, async ({
    open,
  }) => {
    const { context, page, errors, demo } = await startAt(open, viewport, lang, "dropoff-in-store");
    await page.getByTestId("order-qr-code").waitFor();
    const detail = await api<{ overdueTime: number }>(
      `/api/v1/box/express/info/${demo.orderId}/paid`,
      demo.token,
    );
    await offlineReady(page);
    // A weak signal or a network without internet: every request fails, the phone still online.
    await context.route(`${baseUrl}/**`, (route) => route.abort("connectionfailed"));
    const later = await context.newPage();
    await later.clock.install({ time: detail.data.overdueTime + 5 * 60 * 60_000 });
    await later.clock.resume();
    await later.goto(page.url(), { waitUntil: "domcontentloaded" });
    await hydrated(later);
    expect(await later.evaluate(() => navigator.onLine)).toBe(true);
    await later.getByTestId("offline-notice").waitFor();
    await later.waitForTimeout(2500);
    // The kept copy was rendered before the free period ran out: its time is no reading of the
    // server's clock, so the QR is judged by the phone's.
    await expect(later.getByTestId("order-qr-hidden")).toHaveText(texts[lang].shell.offline.qrHidden);
    await expect(later.getByTestId("order-qr-code")).toHaveCount(0);
    expect(unexpected(errors)).toEqual([]);
  });

for (const [viewport, lang] of [desktopId])
  test(`a link the API calls expired leaves nothing of it on the phone (${viewport}, ${lang})`, async ({
    open,
  }) => {
    const { page, errors, demo } = await startAt(open, viewport, lang, "dropoff-in-store");
    await page.getByTestId("order-qr-code").waitFor();
    await page.waitForURL((url) => !url.searchParams.has("token"));
    const kept = () =>
      page.evaluate(() =>
        ["user_token", "userdata", "offline_cache"].filter((key) => localStorage.getItem(key) !== null),
      );
    await expect.poll(kept).toEqual(["user_token", "userdata", "offline_cache"]);
    // The link's days run out: the API answers its calls 410 from now on.
    await page.route(`**/api/v1/box/express/info/${demo.orderId}/**`, (route) =>
      route.fulfill({
        status: 410,
        json: { code: 410, message: "Link ini sudah kadaluwarsa.", key: "linkExpired" },
      }),
    );
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.waitForURL((url) => url.pathname === "/overduepayment/expire");
    await expect(page.getByTestId("overdue-result-expired")).toBeVisible();
    // The recipient's name and phone, the pick-up code and the copy kept for no signal: gone.
    await expect.poll(kept).toEqual([]);
    expect(unexpected(errors).filter((error) => !/410/.test(error))).toEqual([]);
  });

for (const [viewport, lang] of otherFrames) {
  describe(`rent open-locker QR with no signal (${viewport}, ${lang})`, () => {
    const { shell, rent } = texts[lang];

    test("shows the open-locker QR offline while it is valid and hides it once it has run out", async ({
      open,
    }) => {
      const { context, page, errors, demo } = await startAt(open, viewport, lang, "rent-in-store", {
        language: lang,
      });
      await page.locator('[data-view="in-store"]').waitFor();
      await page.getByRole("button", { name: rent.inStore.pickUp, exact: true }).click();
      await page.getByTestId("open-locker").click();
      const qr = page.locator('[data-testid="open-locker-page"] [data-testid="qr"]');
      await qr.waitFor();
      const code = await decodeQr(qr);
      expect(code).toMatch(/^PXB-O-/);

      await reopenOffline(context, page);
      await page.getByTestId("offline-notice").waitFor();
      expect(await decodeQr(qr)).toBe(code);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);

      // Six minutes later the code (valid for five) is not shown any more, even from the copy.
      await page.clock.install({ time: Date.now() + 6 * 60_000 });
      await reloadOffline(page);
      await page.getByTestId("offline-notice").waitFor();
      await page.locator('[data-testid="open-locker-page"] [data-testid="qr-missing"]').waitFor();
      await expect(qr).toHaveCount(0);
      await expect(page.getByTestId("open-locker-page")).toContainText(rent.action.openLocker.expired);

      // The rent page itself opens offline too, with its store status.
      await page.clock.resume();
      await page.goto(`/order-status?orderid=${demo.params.get("orderid")}`, {
        waitUntil: "domcontentloaded",
      });
      await hydrated(page);
      await page.locator('[data-view="in-store"]').waitFor();
      await expect(page.getByTestId("offline-notice")).toContainText(shell.offline.title);

      await backOnline(context, page);
      expect(unexpected(errors)).toEqual([]);
    });
  });
}

for (const [viewport, lang] of [phoneId]) {
  describe(`another member on the same device (${viewport}, ${lang})`, () => {
    const t = texts[lang].shell;

    test("drops the first member's copies when a second member's token arrives", async ({
      open,
      scenario,
    }) => {
      const { context, page } = await start(open, viewport, lang);
      // The second member speaks this test's language (members' language comes from their app).
      const other = lang === "id" ? "en" : "id";
      const first = await scenario("rent-in-store", { language: other });
      const second = await scenario("rent-in-store", { language: lang });
      const firstOrder = first.orderId;

      await visit(page, first.url);
      await page.locator('[data-view="in-store"]').waitFor();
      await offlineReady(page);
      const kept = () =>
        page.evaluate(
          () =>
            JSON.parse(localStorage.getItem("offline_cache") ?? "null") as {
              owner: string;
              entries: object;
            } | null,
        );
      await expect
        .poll(async () => Object.keys((await kept())?.entries ?? {}))
        .toContain(`order:${firstOrder}`);

      await visit(page, second.url);
      await page.locator('[data-view="in-store"]').waitFor();
      await expect
        .poll(async () => Object.keys((await kept())?.entries ?? {}))
        .not.toContain(`order:${firstOrder}`);

      await context.setOffline(true);
      // The first member's link: a token this device no longer holds, so nothing can show.
      await page.goto(first.url, { waitUntil: "domcontentloaded" });
      await hydrated(page);
      await page.getByTestId("session-offline").waitFor();
      await expect(page.getByTestId("offline-notice")).toContainText(t.offline.noCopy);
      await expect(page.locator("[data-view]")).toHaveCount(0);
      // The first member's order with the stored (second member's) token: no copy either.
      await page.goto(`/order-status?orderid=${firstOrder}`, { waitUntil: "domcontentloaded" });
      await hydrated(page);
      await page.getByTestId("offline-notice").waitFor();
      await expect(page.getByTestId("offline-notice")).toContainText(t.offline.noCopy);
      await expect(page.locator("[data-view]")).toHaveCount(0);
      await expect(page.locator('[data-testid="qr"]')).toHaveCount(0);
    });
  });
}

for (const [viewport, lang] of otherFrames) {
  describe(`paid overdue pick-up QR with no signal (${viewport}, ${lang})`, () => {
    test("opens the paid pick-up QR offline, and the kiosk accepts it once the network is back", async ({
      open,
    }) => {
      const { context, page, errors } = await startAt(open, viewport, lang, "dropoff-overdue-need-to-pay");
      await page.getByTestId("overdue-screen").waitFor();
      const paidQr = await payOverdueAtSandbox(page);
      const code = await decodeQr(paidQr);
      expect(code).toMatch(/^PXB-P-/);

      await reopenOffline(context, page);
      await page.getByTestId("offline-notice").waitFor();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      expect(await decodeQr(paidQr)).toBe(code);

      await backOnline(context, page);
      const picked = await scanAtKiosk(code);
      expect(picked.status).toBe(200);
      expect(picked.body.data?.action).toBe("pickup");
      expect(unexpected(errors)).toEqual([]);
    });
  });
}

for (const [viewport, lang] of [desktopEn]) {
  test(`a release installs with the web-view screens kept, and waits while a page of the one before is open (${viewport}, ${lang})`, async ({
    open,
  }) => {
    const { context, page, errors } = await start(open, viewport, lang);
    await visit(page, "/");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    // Not one of them opened yet, the screens a locker needs are kept as the worker installs.
    const kept = () =>
      page.evaluate(async () => {
        const names = (await caches.keys()).filter((name) => name.startsWith("paxelbox-pages-"));
        const keys = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
        return keys.flat().map((request) => new URL(request.url).pathname);
      });
    await expect
      .poll(kept)
      .toEqual(expect.arrayContaining(["/order", "/order-status", "/order-status/action"]));

    // Another worker (a deploy's) installs and waits: the open page keeps the one that has its scripts.
    const waiting = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting?.state ?? registration?.installing?.state ?? "none";
      });
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js?next"));
    await expect.poll(waiting, { timeout: 20_000 }).toBe("installed");
    await page.waitForTimeout(500);
    expect(await waiting()).toBe("installed");
    expect(
      await page.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? "").search),
    ).toBe("");

    // With no signal, an order screen never opened on this phone opens as the app's screen, not
    // the page saying there is no connection.
    await context.setOffline(true);
    await page.goto("/order-status?orderid=1", { waitUntil: "domcontentloaded" });
    await expect(page.locator('[data-layout="webview"]')).toBeVisible();
    await expect(page).not.toHaveTitle("Offline");
    expect(unexpected(errors)).toEqual([]);
  });
}

for (const [viewport, lang] of [phoneId]) {
  test(`the kept pages of a release are bounded: the oldest go, the web-view screens stay (${viewport}, ${lang})`, async ({
    open,
  }) => {
    const { page } = await start(open, viewport, lang);
    await visit(page, "/");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    const keptPaths = () =>
      page.evaluate(async () => {
        const name = (await caches.keys()).find((key) => key.startsWith("paxelbox-pages-")) ?? "";
        const keys = await (await caches.open(name)).keys();
        return keys.map((request) => {
          const url = new URL(request.url);
          return url.pathname + url.search;
        });
      });
    await expect.poll(keptPaths).toEqual(expect.arrayContaining(["/order-status", "/"]));
    // A courier has opened the package form of sixty lockers.
    await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith("paxelbox-pages-")) ?? "";
      const cache = await caches.open(name);
      for (let box = 1; box <= 60; box++) {
        const copy = new Response("<!doctype html>", { headers: { "content-type": "text/html" } });
        await cache.put(`/package?boxId=${box}`, copy);
      }
    });
    await visit(page, "/services");
    await expect.poll(async () => (await keptPaths()).includes("/services")).toBe(true);
    const kept = await keptPaths();
    expect(kept.filter((path) => !/^\/(order|overduepayment)/.test(path))).toHaveLength(50);
    expect(kept).toEqual(
      expect.arrayContaining(["/order", "/order-status", "/order-status/action", "/services"]),
    );
    expect(kept).not.toContain("/package?boxId=1");
    expect(kept).toContain("/package?boxId=60");
  });
}

for (const [viewport, lang] of [phoneEn]) {
  describe(`a page that loads more while the worker is starting (${viewport}, ${lang})`, () => {
    test("keeps what arrived before the worker took the page over, and opens offline", async ({ open }) => {
      const { context, page, errors } = await start(open, viewport, lang);
      // The worker's script is held: the page runs uncontrolled, as on a slow first visit.
      const releaseWorker = await holdRequests(context, (url) => url.pathname === "/sw.js");
      const search = (url: URL) => /^\/assets\/locker-locations-[\w-]+\.js$/.test(url.pathname);
      const releaseSearch = await holdRequests(page, search);
      await visit(page, "/");
      const asked = page.waitForRequest((request) => search(new URL(request.url())));
      await page.locator('[data-testid="finder-input"]').fill("Depok");
      await page.locator('[data-testid="finder-search"]').click();
      await asked;
      // The search code is still on its way (without the worker) when the worker takes the page over.
      releaseWorker();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 20_000,
      });
      releaseSearch();
      await expect(page.getByTestId("finder-summary")).toContainText("Depok");

      await reopenOffline(context, page);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      expect(unexpected(errors)).toEqual([]);
    });
  });
}

for (const [viewport, lang] of [phoneId]) {
  test(`Stop Rent with no signal counts down to the stop QR kept on the phone (${viewport}, ${lang})`, async ({
    open,
    scenario,
  }) => {
    const { context, page, errors } = await start(open, viewport, lang);
    const { rent } = texts[lang];
    const demo = await scenario("rent-in-store", { language: lang });
    await visit(page, demo.url);
    await page.locator('[data-view="in-store"]').waitFor();
    await offlineReady(page);
    // Down at the locker, without signal: the page promised its QR works there.
    await context.setOffline(true);
    await page.getByTestId("offline-notice").waitFor({ timeout: 10_000 });
    await page.getByRole("button", { name: rent.inStore.pickUp, exact: true }).click();
    await page.getByRole("button", { name: rent.inStore.stopRent, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("act")).toBe("stop_count");
    await expect(page.getByTestId("stop-count")).toBeVisible();
    await expect(page.locator('[data-testid="qr"]').first()).toBeVisible({ timeout: 15_000 });
    expect(await decodeQr(page.locator('[data-testid="qr"]').first())).toMatch(/^PXB/);
    expect(unexpected(errors)).toEqual([]);
  });
}

for (const [viewport, lang] of [phoneEn]) {
  test(`Pick Up past the deadline with no signal fails at once and stays on the page when the signal returns (${viewport}, ${lang})`, async ({
    open,
    scenario,
  }) => {
    const { context, page, errors } = await open({ viewport, language: lang });
    const { rent, shell } = texts[lang];
    const demo = await scenario("rent-in-store-overdue", { language: lang });
    await visit(page, demo.url);
    await page.locator('[data-view="in-store"]').waitFor();
    await context.setOffline(true);
    await page.getByTestId("offline-notice").waitFor({ timeout: 10_000 });
    const pickUp = page.getByTestId("pick-up");
    await pickUp.click();
    // The fee cannot be asked for: 'Oops...' now, not 'Checking your rent…' until the signal returns.
    const dialog = page.locator('[data-testid="error-dialog"][open]');
    await expect(dialog).toContainText(shell.errors.oops, { timeout: 5_000 });
    await expect(dialog).toContainText(shell.errors.somethingWrong);
    await expect(pickUp).toHaveText(rent.inStore.pickUp);
    await expect(pickUp).toBeEnabled();
    await dialog.getByRole("button").first().click();
    await expect(dialog).toBeHidden();

    // Back online, the failed press does not move on by itself; a new press does.
    await context.setOffline(false);
    await page.getByTestId("offline-notice").waitFor({ state: "detached", timeout: 15_000 });
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).searchParams.get("status")).toBeNull();
    await pickUp.click();
    await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("overdue");
    expect(unexpected(errors)).toEqual([]);
  });
}

for (const [viewport, lang] of [phoneId]) {
  test(`the open-locker QR is drawn though its drawing code was dropped on the way (weak link) (${viewport}, ${lang})`, async ({
    open,
    scenario,
  }) => {
    const { page, errors } = await open({ viewport, language: lang });
    const { rent } = texts[lang];
    const demo = await scenario("rent-in-store", { language: lang });
    await visit(page, demo.url);
    await page.locator('[data-view="in-store"]').waitFor();
    // The QR encoder's script, asked for when the code is to be drawn: the first request is lost.
    let dropped = 0;
    await page.route(/\/assets\/qr-path-[\w-]+\.js$/, (route) => {
      if (dropped > 0) return route.continue();
      dropped += 1;
      return route.abort("connectionreset");
    });
    await page.getByRole("button", { name: rent.inStore.pickUp, exact: true }).click();
    await page.getByTestId("open-locker").click();
    const card = page.getByTestId("open-locker-qr");
    await expect(card.locator("[data-qr-value] svg")).toBeVisible({ timeout: 15_000 });
    expect(dropped).toBe(1);
    expect(await decodeQr(card.getByTestId("qr"))).toMatch(/^PXB/);
    expect(unexpected(errors).filter((error) => !/ERR_CONNECTION_RESET/.test(error))).toEqual([]);
  });
}

for (const [viewport, lang] of [desktopEn]) {
  describe(`a network drop while the rent page polls (${viewport}, ${lang})`, () => {
    const { shell } = texts[lang];

    test("keeps the last data, says it is offline, and picks up the change by itself when the network returns", async ({
      open,
      scenario,
    }) => {
      const { context, page, errors } = await start(open, viewport, lang);
      // A fake app bridge: the QR screens ask it for full brightness.
      await context.addInitScript(() => {
        const calls: { action: string; payload: unknown }[] = [];
        (window as unknown as { __bridgeCalls: typeof calls }).__bridgeCalls = calls;
        (window as unknown as { PaxelBoxBridge: object }).PaxelBoxBridge = {
          recordEvent: () => undefined,
          setScreenBrightness: (json: string) =>
            calls.push({ action: "setScreenBrightness", payload: JSON.parse(json) }),
        };
      });
      const demo = await scenario("rent-to-store", { language: lang });
      await visit(page, demo.url);
      await page.locator('[data-view="to-store"]').waitFor();
      const storeCode = await decodeQr(page.locator('[data-testid="qr"]').first());
      const brightness = () =>
        page.evaluate(() => (window as unknown as { __bridgeCalls: { payload: unknown }[] }).__bridgeCalls);
      await expect
        .poll(brightness)
        .toContainEqual({ action: "setScreenBrightness", payload: { level: "max" } });

      await context.setOffline(true);
      await page.getByTestId("offline-notice").waitFor({ timeout: 10_000 });
      await expect(page.getByTestId("offline-notice")).toContainText(shell.offline.title);
      // The last data stays on screen, QR included, and no error takes its place.
      await expect(page.locator('[data-view="to-store"]')).toHaveCount(1);
      expect(await decodeQr(page.locator('[data-testid="qr"]').first())).toBe(storeCode);
      await expect(page.getByTestId("rent-updates-stopped")).toHaveCount(0);

      // Meanwhile the items are stored at the locker.
      expect((await scanAtKiosk(storeCode)).status).toBe(200);
      await context.setOffline(false);
      await page.locator('[data-view="in-store"]').waitFor({ timeout: 15_000 });
      await expect(page.getByTestId("offline-notice")).toHaveCount(0);
      // The store QR left the screen: the app may give the brightness back.
      await expect
        .poll(async () => (await brightness()).at(-1))
        .toEqual({
          action: "setScreenBrightness",
          payload: { level: "default" },
        });
      expect(unexpected(errors)).toEqual([]);
    });
  });
}

for (const [viewport, lang] of [desktopId]) {
  test(`the rent page rides out the API answering "not now" (503) and follows the order again by itself (${viewport}, ${lang})`, async ({
    open,
    scenario,
  }) => {
    const { shell } = texts[lang];
    const { context, page, errors } = await start(open, viewport, lang);
    // An instance restarting, the database briefly out: every order call of the browser answers 503
    // (the page itself arrives drawn by the web server, which still reached the API).
    let refused = 0;
    const orderCalls = "**/api/v1/box/express/info/**";
    await context.route(orderCalls, async (route) => {
      refused++;
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        headers: { "retry-after": "5" },
        body: JSON.stringify({
          code: 503,
          message: "The service is briefly unavailable",
          key: "databaseUnavailable",
        }),
      });
    });
    const demo = await scenario("rent-to-store", { language: lang });
    await visit(page, demo.url);
    await page.locator('[data-view="to-store"]').waitFor();
    const storeCode = await decodeQr(page.locator('[data-testid="qr"]').first());

    // The poll meets the 503: the last data stays, said to be not live (the server, not the phone's
    // signal), and nothing says it stopped.
    await page.getByTestId("offline-notice").waitFor({ timeout: 15_000 });
    await expect(page.getByTestId("offline-notice")).toContainText(shell.offline.unreachableTitle);
    await expect(page.getByTestId("offline-notice")).toContainText(shell.offline.unreachableResumes);
    await shot(page, `rent-server-unreachable-${viewport}-${lang}`);
    expect(refused).toBeGreaterThan(0);
    await expect(page.getByTestId("rent-updates-stopped")).toHaveCount(0);
    await expect(page.locator('[data-testid="error-dialog"]:visible')).toHaveCount(0);
    expect(await decodeQr(page.locator('[data-testid="qr"]').first())).toBe(storeCode);

    // Meanwhile the items are stored; the API answers again, and the page follows by itself.
    expect((await scanAtKiosk(storeCode)).status).toBe(200);
    await context.unroute(orderCalls);
    await page.locator('[data-view="in-store"]').waitFor({ timeout: 20_000 });
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);
    expect(unexpected(errors).filter((error) => !/\b503\b/.test(error))).toEqual([]);
  });
}

for (const [viewport, lang] of [phoneEn]) {
  test(`a page whose address without its query redirects is not kept as another page: offline it opens the offline page (${viewport}, ${lang})`, async ({
    open,
  }) => {
    // The overdue page: kept, as web-view pages are, without its query, which the server answers
    // with a redirect to the landing page.
    const { context, page } = await startAt(open, viewport, lang, "dropoff-overdue-need-to-pay", {
      language: lang,
    });
    await expect.poll(() => new URL(page.url()).pathname).toBe("/overduepayment");
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    // The worker has been asked to keep the page (and has fetched it): the page's scripts are kept.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const cache = await caches.open("paxelbox-assets");
            return (await cache.keys()).length;
          }),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await page.waitForTimeout(2_000);
    await context.setOffline(true);
    await page.reload({ waitUntil: "domcontentloaded" });
    await expect(page.locator("h1").first()).toHaveText("Kamu sedang offline");
    await expect(page.getByTestId("offline-retry")).toHaveCount(1);
  });
}

describe("installable, and pages never opened", () => {
  test("serves a manifest with the product's name and icons, and the offline page for an unknown page", async ({
    open,
  }) => {
    const { context, page } = await start(open, "mobile", "id");
    await visit(page, "/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const response = await page.request.get(href ?? "");
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const body = (await response.json()) as {
      name: string;
      icons: { src: string; sizes: string }[];
      theme_color: string;
    };
    expect(body.name).toBe("PaxelBox");
    expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    for (const size of ["192x192", "512x512"])
      expect(body.icons.some((icon) => icon.sizes === size)).toBe(true);
    for (const icon of body.icons) expect((await page.request.get(icon.src)).status()).toBe(200);
    expect((await page.request.get("/sw.js")).headers()["cache-control"]).toBe("no-cache");

    // A visited marketing page opens offline (and works: it hydrates); one never visited shows
    // the offline page.
    await reopenOffline(context, page);
    await expect(page.locator("h1")).not.toHaveCount(0);
    await page.goto("/guest-book", { waitUntil: "domcontentloaded" });
    await expect(page.locator("h1").first()).toHaveText("Kamu sedang offline");
    await expect(page.getByTestId("offline-retry")).toHaveCount(1);
  });
});

for (const [viewport, lang] of [desktopEn]) {
  test(`a poll that hangs without an answer says the server cannot be reached, until it answers (${viewport}, ${lang})`, async ({
    open,
    scenario,
  }) => {
    const { shell } = texts[lang];
    const { page, errors } = await start(open, viewport, lang);
    const demo = await scenario("rent-to-store", { language: lang });
    // A dead connection: the browser's order calls (its polls, its stream of changes) are neither
    // answered nor refused. The page itself arrives drawn by the web server.
    const release = await holdRequests(page, (url) => url.pathname.startsWith("/api/v1/box/express/info/"));
    // The page's timers run on the test's clock: the minutes of a dead connection pass at once.
    await holdClock(page);
    await visit(page, demo.url);
    await page.locator('[data-view="to-store"]').waitFor();
    // The first poll (5 s) goes out and hangs: not said at the first slow answer…
    await runClock(page, 5_000 + hungRefreshMs - 1_000);
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);
    // …but once it has hung for `hungRefreshMs`.
    await runClock(page, 2_000);
    await expect(page.getByTestId("offline-notice")).toContainText(shell.offline.unreachableTitle);
    await expect(page.locator('[data-view="to-store"]')).toBeVisible();
    // The connection comes back: the held call answers, and the notice goes.
    release();
    await expect(page.getByTestId("offline-notice")).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('[data-view="to-store"]')).toBeVisible();
    expect(unexpected(errors)).toEqual([]);
  });
}
