import type { Route } from "playwright-core";
import { baseUrl, collectErrors, renderInBrowser, visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";

const authPath = "**/api/webview/v1/members/auth?*";

const sari = {
  email: "sari@example.com",
  first_name: "Sari",
  last_name: "Dewi",
  member_code: "M-2",
  phone: "0811",
  language: "en",
};

describe("token handling (members auth answered by a stub)", () => {
  it("in the browser, validates the token before the screen renders, then stores it, applies the member's language and takes it out of the address bar", async ({
    open,
    scenario,
  }) => {
    const { page } = await open({ viewport: "mobile", language: "id" });
    // The browser's own check (as for a page kept offline, or when the server's check did not answer).
    await renderInBrowser(page);
    const errors = collectErrors(page);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen: string[] = [];
    const orders: string[] = [];
    await page.route(authPath, async (route: Route) => {
      seen.push(new URL(route.request().url()).searchParams.get("token") ?? "");
      await gate;
      await route.continue();
    });
    await page.route("**/api/v1/box/express/info/**", (route) => {
      orders.push(route.request().url());
      return route.continue();
    });

    const rent = await scenario("rent-in-store", { language: "en" });
    await visit(page, rent.url);
    await expect.poll(() => seen).toEqual(["demo-token-sari"]);
    // While the call is pending: a skeleton, not the screen, and no order call; nothing stored yet.
    expect(await page.locator('[data-testid="screen-skeleton"]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid="rent-status"]').count()).toBe(0);
    expect(orders).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("user_token"))).toBeNull();

    release();
    await page.locator('[data-testid="rent-status"]').waitFor();
    expect(await page.evaluate(() => localStorage.getItem("user_token"))).toBe("demo-token-sari");
    await page.waitForURL((url) => !url.searchParams.has("token") && url.searchParams.has("orderid"));
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(orders.length).toBeGreaterThan(0);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("userdata"))) ?? "{}");
    expect(stored).toMatchObject({ first_name: "Sari", language: "en" });
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    expect(errors).toEqual([]);
  });

  it("shows the 'Oops...' dialog with the server's message when validation fails", async ({ open }) => {
    const { page } = await open({ viewport: "desktop", language: "en" });
    await page.route(authPath, (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ code: 401, message: "Your session has ended, please sign in again" }),
      }),
    );
    await visit(page, "/order?orderid=1&token=expired");
    const dialog = page.locator('[data-testid="error-dialog"]');
    await dialog.waitFor();
    expect(await dialog.locator("h2").textContent()).toBe("Oops...");
    expect(await dialog.textContent()).toContain("Your session has ended, please sign in again");
    expect(await page.locator('[data-testid="order-screen"]').count()).toBe(0);
    // Focus is inside the modal; Escape closes it and the page offers a retry.
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.locator('[data-testid="session-error"] button').textContent()).toBe("Try again");
    // A rejected token is not kept.
    expect(await page.evaluate(() => localStorage.getItem("user_token"))).toBeNull();
  });

  it("falls back to the translated text when the server sends no message", async ({ open }) => {
    const { page } = await open({ viewport: "mobile", language: "id" });
    await page.route(authPath, (route) => route.fulfill({ status: 500, body: "" }));
    await visit(page, "/order?orderid=1&token=x");
    const dialog = page.locator('[data-testid="error-dialog"]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Terjadi kesalahan. Silakan coba lagi.");
  });

  it("uses the stored token without a new validation when the query has none", async ({ open, scenario }) => {
    const dropoff = await scenario("dropoff-in-store");
    const { page } = await open({
      viewport: "mobile",
      storage: { user_token: dropoff.token, userdata: JSON.stringify(sari) },
    });
    let calls = 0;
    await page.route(authPath, (route) => {
      calls += 1;
      return route.abort();
    });
    await visit(page, `/order?orderid=${dropoff.params.get("orderid")}`);
    await page.locator('[data-testid="order-screen"]').waitFor();
    expect(calls).toBe(0);
  });
});

describe("token handling against the real API", () => {
  it("validates demo-token-sari and switches to English", async ({ openScenario }) => {
    const {
      page,
      errors,
      demo: rent,
    } = await openScenario("rent-in-store", { viewport: "mobile", language: "id" }, { language: "en" });
    await visit(page, rent.url);
    await page.locator('[data-testid="rent-status"]').waitFor();
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("en");
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem("userdata"))) ?? "{}");
    expect(user.language).toBe("en");
    expect(errors).toEqual([]);
  });

  it("validates demo-token-budi and keeps Indonesian", async ({ openScenario }) => {
    const { page, demo: rent } = await openScenario("rent-in-store", { viewport: "desktop", language: "en" });
    await visit(page, rent.url);
    await page.locator('[data-testid="rent-status"]').waitFor();
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("id");
  });

  it("shows the server's message for an unknown token", async ({ open }) => {
    const answer = await fetch(`${baseUrl}/api/webview/v1/members/auth?token=no-such-token`);
    expect(answer.status).toBe(401);
    const { message } = (await answer.json()) as { message: string };
    const { page } = await open({ viewport: "mobile" });
    await visit(page, "/order-status?orderid=1&token=no-such-token");
    const dialog = page.locator('[data-testid="error-dialog"]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(message);
  });
});
