import type { Page } from "playwright-core";
// The shell's messages file, not `locales/id.ts`: Playwright's loader needs the import attribute on
// a JSON import, which that file (bundled by Vite) does not give.
import idShell from "../src/locales/id/shell.json" with { type: "json" };
import { bridgeActions as actions, bridgeCalls, stubBridge } from "./support/bridge.ts";
import { baseUrl, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";

/** The latest log line of the debug page says this (each attribute waited for). */
async function expectLatest(page: Page, expected: Record<string, string | RegExp>) {
  const item = page.getByTestId("bridge-log-item").first();
  for (const [name, value] of Object.entries(expected))
    await expect(item).toHaveAttribute(`data-${name}`, value);
}

describe("debug page", () => {
  test.use({ visitor: { viewport: "mobile" } });

  test("is hidden from search engines and says no bridge in a browser", async ({ page }) => {
    await visit(page, "/debug");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByTestId("bridge-channel")).toHaveAttribute("data-channel", "none");
  });

  test("runs every browser fallback", async ({ open }) => {
    const { context, page, errors } = await open({ viewport: "mobile", language: "id" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await visit(page, "/");
    await visit(page, "/debug");
    // The log is a live region before its first line, so that line is read out.
    await expect(page.getByTestId("bridge-log")).toHaveAttribute("aria-live", "polite");
    await expect(page.getByTestId("bridge-log-item")).toHaveCount(0);

    await page.getByTestId("bridge-copyToClipboard").click();
    await expect(page.getByTestId("bridge-log").getByTestId("bridge-log-item")).toHaveCount(1);
    await expectLatest(page, {
      action: "copyToClipboard",
      via: "browser",
      fallback: "clipboard",
      ok: "true",
    });
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe("PXB-DEBUG-0001");
    await expect(page.getByTestId("toast")).toHaveText("Berhasil disalin");

    for (const [action, host] of [
      ["openMapLink", "https://maps.example/place/monas"],
      ["openMapLocation", "https://maps.example/search?query=-6.175392,106.827153"],
      ["contactSupport", "https://chat.paxel.example/"],
    ] as const) {
      const popup = context.waitForEvent("page");
      await page.getByTestId(`bridge-${action}`).click();
      const opened = await popup;
      await opened.waitForLoadState("domcontentloaded");
      await expect(opened).toHaveURL(host);
      await opened.close();
      await expectLatest(page, { action, via: "browser", fallback: "open-link", ok: "true" });
    }

    await page.getByTestId("bridge-shareOrder").click();
    await expectLatest(page, { action: "shareOrder", fallback: /^(web-share|clipboard)$/ });

    const logged = page.waitForEvent("console", (message) =>
      message.text().includes("[event] Debug_PaxelBox"),
    );
    await page.getByTestId("bridge-recordEvent").click();
    await logged;
    await expectLatest(page, { action: "recordEvent", via: "browser", fallback: "console" });

    // Close falls back to history: back to the landing page.
    await page.getByTestId("bridge-closeWebView").click();
    await page.waitForURL(`${baseUrl}/`);
    expect(errors).toEqual([]);
  });

  for (const platform of ["android", "ios"] as const) {
    test(`sends every call to the ${platform} bridge`, async ({ context, page, errors }) => {
      await stubBridge(context, platform);
      await visit(page, "/debug");
      await expect(page.getByTestId("bridge-channel")).toHaveAttribute("data-channel", platform);

      for (const action of actions) {
        await page.getByTestId(`bridge-${action}`).click();
        await expectLatest(page, { action, via: platform, ok: "true" });
      }
      const calls = await bridgeCalls(page);
      expect(calls.map((call) => call.action)).toEqual([...actions]);
      expect(calls[1]?.payload).toEqual({ text: "PXB-DEBUG-0001" });
      expect(calls[3]?.payload).toMatchObject({ latitude: -6.175392, longitude: 106.827153 });
      // The status as the order screens send it: shown to people, in the page's language.
      expect(calls[4]?.payload).toMatchObject({
        expressNumber: "PXB-DEBUG-0001",
        status: idShell.status.CUSTOMER_TAKEN,
      });
      expect(calls[6]?.payload).toMatchObject({ name: "Debug_PaxelBox" });
      // Still on the page: the app, not the browser, closes the web view.
      await expect(page).toHaveURL(`${baseUrl}/debug`);
      expect(context.pages()).toHaveLength(1);

      // The back arrow of the bar also goes through the bridge.
      await page.getByTestId("back-button").click();
      await expect.poll(async () => (await bridgeCalls(page)).length).toBe(8);
      expect(errors).toEqual([]);
    });
  }
});
