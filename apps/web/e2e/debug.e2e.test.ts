import type { Page } from "playwright-core";
import { bridgeActions as actions, bridgeCalls, stubBridge } from "./support/bridge.ts";
import { baseUrl, visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";

/** What the latest log line of the debug page says. */
async function latest(page: Page) {
  const item = page.locator('[data-testid="bridge-log-item"]').first();
  return {
    action: await item.getAttribute("data-action"),
    via: await item.getAttribute("data-via"),
    fallback: await item.getAttribute("data-fallback"),
    ok: await item.getAttribute("data-ok"),
  };
}

describe("debug page", () => {
  it.override("contextOptions", { viewport: "mobile" });

  it("is hidden from search engines and says no bridge in a browser", async ({ page }) => {
    await visit(page, "/debug");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    await expect
      .poll(() => page.locator('[data-testid="bridge-channel"]').getAttribute("data-channel"))
      .toBe("none");
  });

  it("runs every browser fallback", async ({ open }) => {
    const { context, page, errors } = await open({ viewport: "mobile", language: "id" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await visit(page, "/");
    await visit(page, "/debug");

    await page.locator('[data-testid="bridge-copyToClipboard"]').click();
    await expect
      .poll(() => latest(page))
      .toMatchObject({ action: "copyToClipboard", via: "browser", fallback: "clipboard", ok: "true" });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("PXB-DEBUG-0001");
    expect(await page.locator('[data-testid="toast"]').textContent()).toBe("Berhasil disalin");

    for (const [action, host] of [
      ["openMapLink", "https://maps.example/place/monas"],
      ["openMapLocation", "https://maps.example/search?query=-6.175392,106.827153"],
      ["contactSupport", "https://chat.paxel.example/"],
    ] as const) {
      const popup = context.waitForEvent("page");
      await page.locator(`[data-testid="bridge-${action}"]`).click();
      const opened = await popup;
      await opened.waitForLoadState("domcontentloaded");
      expect(opened.url()).toBe(host);
      await opened.close();
      await expect
        .poll(() => latest(page))
        .toMatchObject({ action, via: "browser", fallback: "open-link", ok: "true" });
    }

    await page.locator('[data-testid="bridge-shareOrder"]').click();
    await expect.poll(async () => (await latest(page)).action).toBe("shareOrder");
    expect(["web-share", "clipboard"]).toContain((await latest(page)).fallback);

    const logged = page.waitForEvent("console", (message) =>
      message.text().includes("[event] Debug_PaxelBox"),
    );
    await page.locator('[data-testid="bridge-recordEvent"]').click();
    await logged;
    await expect
      .poll(() => latest(page))
      .toMatchObject({ action: "recordEvent", via: "browser", fallback: "console" });

    // Close falls back to history: back to the landing page.
    await page.locator('[data-testid="bridge-closeWebView"]').click();
    await page.waitForURL(`${baseUrl}/`);
    expect(errors).toEqual([]);
  });

  for (const platform of ["android", "ios"] as const) {
    it(`sends every call to the ${platform} bridge`, async ({ context, page, errors }) => {
      await stubBridge(context, platform);
      await visit(page, "/debug");
      await expect
        .poll(() => page.locator('[data-testid="bridge-channel"]').getAttribute("data-channel"))
        .toBe(platform);

      for (const action of actions) {
        await page.locator(`[data-testid="bridge-${action}"]`).click();
        await expect.poll(() => latest(page)).toMatchObject({ action, via: platform, ok: "true" });
      }
      const calls = await bridgeCalls(page);
      expect(calls.map((call) => call.action)).toEqual([...actions]);
      expect(calls[1]?.payload).toEqual({ text: "PXB-DEBUG-0001" });
      expect(calls[3]?.payload).toMatchObject({ latitude: -6.175392, longitude: 106.827153 });
      expect(calls[4]?.payload).toMatchObject({ expressNumber: "PXB-DEBUG-0001", status: "CUSTOMER_TAKEN" });
      expect(calls[6]?.payload).toMatchObject({ name: "Debug_PaxelBox" });
      // Still on the page: the app, not the browser, closes the web view.
      expect(page.url()).toBe(`${baseUrl}/debug`);
      expect(context.pages()).toHaveLength(1);

      // The back arrow of the bar also goes through the bridge.
      await page.locator('[data-testid="back-button"]').click();
      await expect.poll(async () => (await bridgeCalls(page)).length).toBe(8);
      expect(errors).toEqual([]);
    });
  }
});
