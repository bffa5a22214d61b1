import { baseUrl, hydrated, visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";

describe("language switch", () => {
  it("defaults to Indonesian and persists English across reloads (storage + cookie, <html lang>)", async ({
    open,
    scenario,
  }) => {
    const { context, page, errors } = await open({ viewport: "desktop" });

    await visit(page, "/");
    expect(await page.getAttribute("html", "lang")).toBe("id");
    expect(await page.locator("main h1").textContent()).toBe("Loker pintar PaxelBox");
    const english = page.locator('[data-testid="public-header"] button[data-language="en"]');
    expect(await english.getAttribute("aria-pressed")).toBe("false");

    await english.click();
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("en");
    expect(await page.locator("main h1").textContent()).toBe("PaxelBox smart lockers");
    expect(await english.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    const cookies = await context.cookies(baseUrl);
    expect(cookies.find((cookie) => cookie.name === "language")?.value).toBe("en");
    // External links follow the language.
    expect(await page.locator('[data-testid="public-footer"] a[href*="/en/about-us"]').count()).toBe(1);

    // The server renders the chosen language after a reload (no flash of Indonesian).
    const response = await page.reload({ waitUntil: "domcontentloaded" });
    expect(await response?.text()).toContain('<html lang="en"');
    await hydrated(page);
    expect(await page.getAttribute("html", "lang")).toBe("en");

    // Navigating elsewhere keeps it (an English-speaking member's rent, in its overdue view).
    const rent = await scenario("rent-in-store-overdue", { language: "en" });
    await visit(page, `${rent.url}&status=overdue`);
    await expect.poll(() => page.locator('[data-testid="header-title"]').textContent()).toBe("Overdue fee");
    expect(await page.getAttribute("html", "lang")).toBe("en");

    // And back to Bahasa.
    await visit(page, "/");
    await page.locator('[data-testid="public-header"] button[data-language="id"]').click();
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("id");
    await page.reload();
    await hydrated(page);
    expect(await page.getAttribute("html", "lang")).toBe("id");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("id");
    expect(errors).toEqual([]);
  });

  it("follows the stored choice even when the cookie is gone", async ({ open }) => {
    const { context, page } = await open({ viewport: "mobile", storage: { language: "en" } });
    await visit(page, "/services");
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("en");
    const cookies = await context.cookies(baseUrl);
    expect(cookies.find((cookie) => cookie.name === "language")?.value).toBe("en");
  });

  it("switches from the mobile menu", async ({ open }) => {
    const { page } = await open({ viewport: "mobile" });
    await visit(page, "/");
    await page.locator('[data-testid="menu-toggle"]').click();
    await page.locator('[data-testid="public-header"] button[data-language="en"]').click();
    await expect.poll(() => page.getAttribute("html", "lang")).toBe("en");
  });
});

describe("mobile menu", () => {
  it("opens and closes (300 ms), and closes on Escape and on navigation", async ({ open }) => {
    const { page, errors } = await open({ viewport: "mobile" });
    await visit(page, "/");
    const toggle = page.locator('[data-testid="menu-toggle"]');
    const menu = page.locator('nav[aria-label="Navigasi utama"]');
    expect(await toggle.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => menu.isVisible()).toBe(true);
    const duration = await menu.evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(duration.split(",")[0]?.trim()).toBe("0.3s");

    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => menu.isVisible()).toBe(false);

    await toggle.click();
    await menu.locator('a[href="/#services"]').click();
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(new URL(page.url()).hash).toBe("#services");
    expect(errors).toEqual([]);
  });

  it("has every external link with the locale in the path", async ({ open }) => {
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
