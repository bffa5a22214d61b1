import type { Route } from "playwright-core";
import { baseUrl, collectErrors, renderInBrowser, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { api } from "./support/journeys.ts";

const authPath = "**/api/webview/v1/members/auth?*";

describe("token handling (members auth answered by a stub)", () => {
  test("in the browser, validates the token before the screen renders, then stores it, applies the member's language and takes it out of the address bar", async ({
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
    await expect(page.getByTestId("screen-skeleton")).toBeVisible();
    await expect(page.getByTestId("rent-status")).toHaveCount(0);
    expect(orders).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("user_token"))).toBeNull();

    release();
    await page.getByTestId("rent-status").waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem("user_token"))).toBe("demo-token-sari");
    await page.waitForURL((url) => !url.searchParams.has("token") && url.searchParams.has("orderid"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(orders.length).toBeGreaterThan(0);
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem("userdata"))) ?? "{}"))
      .toMatchObject({ first_name: "Sari", language: "en" });
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    expect(errors).toEqual([]);
  });

  test("shows the 'Oops...' dialog with the server's message when validation fails", async ({ open }) => {
    const { page } = await open({ viewport: "desktop", language: "en" });
    await page.route(authPath, (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ code: 401, message: "Your session has ended, please sign in again" }),
      }),
    );
    await visit(page, "/order?orderid=1&token=expired");
    const dialog = page.getByTestId("error-dialog");
    await dialog.waitFor();
    await expect(dialog.locator("h2")).toHaveText("Oops...");
    await expect(dialog).toContainText("Your session has ended, please sign in again");
    await expect(page.getByTestId("order-screen")).toHaveCount(0);
    // Focus is inside the modal; Escape closes it and the page offers a retry.
    await expect(page.locator("dialog:focus-within")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("session-error").locator("button")).toHaveText("Try again");
    // A rejected token is not kept.
    expect(await page.evaluate(() => localStorage.getItem("user_token"))).toBeNull();
  });

  test("falls back to the translated text when the server sends no message", async ({ open }) => {
    const { page } = await open({ viewport: "mobile", language: "id" });
    await page.route(authPath, (route) => route.fulfill({ status: 500, body: "" }));
    await visit(page, "/order?orderid=1&token=x");
    const dialog = page.getByTestId("error-dialog");
    await dialog.waitFor();
    await expect(dialog).toContainText("Terjadi kesalahan. Silakan coba lagi.");
  });

  test("uses the stored token without a new validation when the query has none", async ({
    open,
    scenario,
  }) => {
    const dropoff = await scenario("dropoff-in-store");
    // What an earlier validation of this token left on the device: the token and its member.
    const member = await api(`/api/webview/v1/members/auth?token=${dropoff.token}`);
    expect(member.status).toBe(200);
    const { page } = await open({
      viewport: "mobile",
      storage: { user_token: dropoff.token, userdata: JSON.stringify(member.data) },
    });
    let calls = 0;
    await page.route(authPath, (route) => {
      calls += 1;
      return route.abort();
    });
    await visit(page, `/order?orderid=${dropoff.params.get("orderid")}`);
    await page.getByTestId("order-screen").waitFor();
    expect(calls).toBe(0);
  });
});

describe("token handling against the real API", () => {
  test("validates demo-token-sari and switches to English", async ({ openScenario }) => {
    const {
      page,
      errors,
      demo: rent,
    } = await openScenario("rent-in-store", { viewport: "mobile", language: "id" }, { language: "en" });
    await visit(page, rent.url);
    await page.getByTestId("rent-status").waitFor();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect
      .poll(
        async () =>
          JSON.parse((await page.evaluate(() => localStorage.getItem("userdata"))) ?? "{}").language,
      )
      .toBe("en");
    expect(errors).toEqual([]);
  });

  for (const [viewport, language] of [
    ["mobile", "id"],
    ["desktop", "en"],
  ] as const)
    test(`a stored token the order call refuses (401) is forgotten with what the phone kept of it (${viewport}, ${language})`, async ({
      openScenario,
    }) => {
      const { page, demo: rent } = await openScenario("rent-in-store", { viewport, language }, { language });
      await visit(page, rent.url);
      await page.locator('[data-view="in-store"]').waitFor();
      const kept = () =>
        page.evaluate(() => [localStorage.getItem("user_token"), localStorage.getItem("offline_cache")]);
      await expect.poll(async () => (await kept()).every((value) => value !== null)).toBe(true);
      // Signed out in the app meanwhile: the API refuses the token the page stored.
      await page.route("**/api/v1/box/express/info/*/paid*", (route) =>
        route.fulfill({ status: 401, contentType: "application/json", body: '{"message":"Unauthorized"}' }),
      );
      await visit(page, `/order-status?orderid=${rent.orderId}`);
      await expect.poll(kept).toEqual([null, null]);
    });

  test("validates demo-token-budi and keeps Indonesian", async ({ openScenario }) => {
    const { page, demo: rent } = await openScenario("rent-in-store", { viewport: "desktop", language: "en" });
    await visit(page, rent.url);
    await page.getByTestId("rent-status").waitFor();
    await expect(page.locator("html")).toHaveAttribute("lang", "id");
  });

  for (const [viewport, language, member] of [
    ["mobile", "id", undefined],
    ["desktop", "en", "en"],
  ] as const)
    test(`a browser that refuses storage keeps the token in the address: the next screen and a reload still open (${viewport}, ${language})`, async ({
      openScenario,
    }) => {
      const { page, errors, demo } = await openScenario(
        "rent-in-store",
        { viewport, language },
        member ? { language: member } : {},
      );
      // As an app's web view without DOM storage, or site data blocked: reading storage throws.
      await page.addInitScript(() => {
        for (const name of ["localStorage", "sessionStorage"]) {
          Object.defineProperty(window, name, {
            get() {
              throw new DOMException("The operation is insecure.", "SecurityError");
            },
          });
        }
      });
      await visit(page, demo.url);
      const inStore = page.locator('[data-view="in-store"]');
      await inStore.waitFor();
      // The next screen of the web view, opened by the page (the token comes from its memory).
      await page.getByTestId("pick-up").click();
      await page.getByTestId("open-locker").click();
      await page.locator('[data-testid="open-locker-page"] [data-testid="qr"]').waitFor();
      expect(new URL(page.url()).searchParams.get("token")).toBe(demo.params.get("token"));
      await page.goBack();
      await inStore.waitFor();
      await page.reload();
      await inStore.waitFor();
      await expect(page.getByTestId("rent-status")).toBeVisible();
      expect(new URL(page.url()).searchParams.get("token")).toBe(demo.params.get("token"));
      // React Router's scroll restoration script, inline in each document, reports its refused read
      // and then throws on its own clean-up (`sessionStorage.removeItem` in its catch): one console
      // error and one page error per document load (two here). Nothing else may throw.
      const refused = errors.filter((error) => /The operation is insecure/.test(error));
      expect(refused.length).toBeLessThanOrEqual(4);
      expect(errors.filter((error) => !refused.includes(error))).toEqual([]);
    });

  test("shows the server's message for an unknown token", async ({ open }) => {
    const answer = await fetch(`${baseUrl}/api/webview/v1/members/auth?token=no-such-token`);
    expect(answer.status).toBe(401);
    const { message } = (await answer.json()) as { message: string };
    const { page } = await open({ viewport: "mobile" });
    await visit(page, "/order-status?orderid=1&token=no-such-token");
    const dialog = page.getByTestId("error-dialog");
    await dialog.waitFor();
    await expect(dialog).toContainText(message);
  });
});
