import { baseUrl, hydrated, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";

describe("language switch", () => {
  test("defaults to Indonesian and persists English across reloads (storage + cookie, <html lang>)", async ({
    open,
    scenario,
  }) => {
    const { context, page, errors } = await open({ viewport: "desktop" });
    const html = page.locator("html");

    await visit(page, "/");
    await expect(html).toHaveAttribute("lang", "id");
    await expect(page.locator("main h1")).toHaveText("Loker pintar PaxelBox");
    const english = page.getByTestId("public-header").locator('button[data-language="en"]');
    await expect(english).toHaveAttribute("aria-pressed", "false");

    await english.click();
    await expect(html).toHaveAttribute("lang", "en");
    await expect(page.locator("main h1")).toHaveText("PaxelBox smart lockers");
    await expect(english).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    const cookies = await context.cookies(baseUrl);
    expect(cookies.find((cookie) => cookie.name === "language")?.value).toBe("en");
    // External links follow the language.
    await expect(page.getByTestId("public-footer").locator('a[href*="/en/about-us"]')).toHaveCount(1);

    // The server renders the chosen language after a reload (no flash of Indonesian).
    const response = await page.reload({ waitUntil: "domcontentloaded" });
    expect(await response?.text()).toContain('<html lang="en"');
    await hydrated(page);
    await expect(html).toHaveAttribute("lang", "en");

    // Navigating elsewhere keeps it (an English-speaking member's rent, in its overdue view).
    const rent = await scenario("rent-in-store-overdue", { language: "en" });
    await visit(page, `${rent.url}&status=overdue`);
    await expect(page.getByTestId("header-title")).toHaveText("Overdue fee");
    await expect(html).toHaveAttribute("lang", "en");

    // And back to Bahasa.
    await visit(page, "/");
    await page.getByTestId("public-header").locator('button[data-language="id"]').click();
    await expect(html).toHaveAttribute("lang", "id");
    await page.reload();
    await hydrated(page);
    await expect(html).toHaveAttribute("lang", "id");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("language"))).toBe("id");
    expect(errors).toEqual([]);
  });

  test("follows the stored choice even when the cookie is gone", async ({ open }) => {
    const { context, page } = await open({ viewport: "mobile", storage: { language: "en" } });
    await visit(page, "/services");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const cookies = await context.cookies(baseUrl);
    expect(cookies.find((cookie) => cookie.name === "language")?.value).toBe("en");
  });

  test("switches without scripts: the server keeps the choice in its cookie, on the page and after it", async ({
    open,
  }) => {
    const { context, page } = await open({ viewport: "desktop", javaScriptEnabled: false });
    const html = page.locator("html");
    // Opened in Indonesian by its link (`lang`); the choice outweighs the link's language.
    await page.goto("/services?lang=id");
    await expect(html).toHaveAttribute("lang", "id");
    await page.getByTestId("public-header").locator('button[data-language="en"]').click();
    await page.waitForURL(`${baseUrl}/services`);
    await expect(html).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("public-header").locator('button[data-language="en"]')).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const cookies = await context.cookies(baseUrl);
    expect(cookies.find((cookie) => cookie.name === "language")?.value).toBe("en");
    // Another page, reached by a plain link, stays English.
    await page
      .getByTestId("public-header")
      .getByRole("link", { name: /PaxelBox/ })
      .first()
      .click();
    await page.waitForURL(`${baseUrl}/`);
    await expect(html).toHaveAttribute("lang", "en");
    await expect(page.locator("main h1")).toHaveText("PaxelBox smart lockers");
    // And back to Bahasa.
    await page.getByTestId("public-header").locator('button[data-language="id"]').click();
    await page.waitForURL(`${baseUrl}/`);
    await expect(html).toHaveAttribute("lang", "id");
  });

  test("switches from the mobile menu", async ({ open }) => {
    const { page } = await open({ viewport: "mobile" });
    await visit(page, "/");
    await page.getByTestId("menu-toggle").click();
    await page.getByTestId("public-header").locator('button[data-language="en"]').click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

describe("mobile menu", () => {
  test("opens and closes (300 ms), and closes on Escape and on navigation", async ({ open }) => {
    const { page, errors } = await open({ viewport: "mobile" });
    await visit(page, "/");
    const toggle = page.getByTestId("menu-toggle");
    const menu = page.locator('nav[aria-label="Navigasi utama"]');
    await expect(toggle).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu).toHaveCSS("transition-duration", /^0\.3s(,|$)/);

    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.locator('a[href="/#services"]').click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page).toHaveURL((url) => url.hash === "#services");
    expect(errors).toEqual([]);
  });

  test("has every external link with the locale in the path", async ({ open }) => {
    const { page } = await open({ viewport: "desktop", language: "en" });
    await visit(page, "/");
    const hrefs = await page
      .locator("header a, footer a")
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const path of [
      "/en/our-service",
      "/en/news-and-promos",
      "/en/antarkan-kebaikan",
      "/en/partnership",
      "/en/help-and-support",
      "/en/about-us",
      "/en/terms-and-conditions",
      "/en/privacy-policy",
      "/en/track-shipments",
      "/en?cek_ongkir=true",
    ]) {
      expect(
        hrefs.some((href) => href.endsWith(path)),
        path,
      ).toBe(true);
    }
    for (const anchor of ["#paxelbox", "#services", "#location", "#contact"]) {
      expect(
        hrefs.some((href) => href === `${baseUrl}/${anchor}`),
        anchor,
      ).toBe(true);
    }
    expect(hrefs.filter((href) => href.includes("store.example")).length).toBe(2);
    expect(
      hrefs.filter((href) => /instagram|facebook|youtube|linkedin|tiktok|x\.example/.test(href)).length,
    ).toBe(6);
  });
});
