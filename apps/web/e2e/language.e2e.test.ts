import { announcedExpanded } from "./support/a11y-probes.ts";
import { animationsDone, baseUrl, hydrated, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { shot } from "./support/shots.ts";

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
  const toggleSelector = '[data-testid="menu-toggle"]';

  test("opens and closes (300 ms), and closes on Escape, on a tap outside and on navigation", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport: "mobile" });
    await visit(page, "/");
    const toggle = page.getByTestId("menu-toggle");
    const menu = page.locator('nav[aria-label="Navigasi utama"]');
    const expanded = () => announcedExpanded(page, toggleSelector);
    await expect(toggle).toBeVisible();
    await expect(menu).toBeHidden();
    await expect.poll(expanded).toBe(false);

    await toggle.click();
    await expect.poll(expanded).toBe(true);
    await expect(menu).toBeVisible();
    await expect(menu).toHaveCSS("transition-duration", /^0\.3s(,|$)/);
    // Under the sticky header, the screen's width, once it has slid in.
    await animationsDone(page);
    const header = (await page.getByTestId("public-header").boundingBox())!;
    const box = (await menu.boundingBox())!;
    expect(Math.round(box.y)).toBe(Math.round(header.y + header.height));
    expect([box.x, box.width]).toEqual([0, 390]);

    await page.keyboard.press("Escape");
    await expect.poll(expanded).toBe(false);
    await expect(menu).toBeHidden();

    // A tap outside closes it and does nothing else: under it at (200, 800) is a service card's link.
    for (const tapOutside of [() => page.mouse.click(200, 800), () => page.touchscreen.tap(200, 800)]) {
      await toggle.click();
      await expect(menu).toBeVisible();
      await animationsDone(page);
      await tapOutside();
      await expect(menu).toBeHidden();
      await expect.poll(expanded).toBe(false);
      await page.waitForTimeout(600);
      await expect(page).toHaveURL((url) => url.pathname === "/");
    }

    await toggle.click();
    await menu.locator('a[href="/#services"]').click();
    await expect.poll(expanded).toBe(false);
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL((url) => url.hash === "#services");

    // A tablet turned past the breakpoint: the menu is the header's row again, not a popover.
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => menu.evaluate((nav) => nav.matches(":popover-open"))).toBe(false);
    await expect(menu).toBeVisible();
    expect(errors).toEqual([]);
  });

  for (const lang of ["id", "en"] as const)
    test(`opens, switches the language and closes without scripts (mobile, ${lang})`, async ({ open }) => {
      const { page } = await open({ viewport: "mobile", language: lang, javaScriptEnabled: false });
      const other = lang === "id" ? "en" : "id";
      await page.goto("/services");
      const toggle = page.getByTestId("menu-toggle");
      const menu = page.getByTestId("public-header").locator("nav");
      const expanded = () => announcedExpanded(page, toggleSelector);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(toggle).toHaveAccessibleName("Menu");
      await expect(menu).toBeHidden();
      await expect.poll(expanded).toBe(false);

      await toggle.click();
      await expect(menu).toBeVisible();
      await expect.poll(expanded).toBe(true);
      await toggle.click();
      await expect(menu).toBeHidden();
      await toggle.click();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();

      await toggle.click();
      await menu.locator(`button[data-language="${other}"]`).click();
      await page.waitForURL(`${baseUrl}/services`);
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(menu.locator(`button[data-language="${other}"]`)).toHaveAttribute("aria-pressed", "true");
    });

  test("a browser without the Popover API (Safari before 17): the page runs, and the menu stands in the header with its language switch", async ({
    open,
  }) => {
    const { page, errors } = await open({ viewport: "mobile" });
    // As such a browser: no popover methods, and `:popover-open` no selector (`matches` throws, every
    // style rule naming it is dropped, `@supports selector(:popover-open)` is false).
    await page.addInitScript(() => {
      for (const name of ["showPopover", "hidePopover", "togglePopover"])
        Reflect.deleteProperty(HTMLElement.prototype, name);
      const matches = Element.prototype.matches;
      Object.defineProperty(Element.prototype, "matches", {
        value(this: Element, selector: string) {
          if (selector.includes(":popover-open"))
            throw new DOMException(`'${selector}' is not valid`, "SyntaxError");
          return matches.call(this, selector);
        },
      });
    });
    await page.route("**/*.css", async (route) => {
      const response = await route.fetch();
      const css = (await response.text()).replaceAll(":popover-open", ":unknown-popover-open");
      await route.fulfill({ status: response.status(), contentType: "text/css", body: css });
    });
    await visit(page, "/");
    await hydrated(page);
    const menu = page.getByTestId("public-header").locator("nav");
    await expect(page.getByTestId("menu-toggle")).toBeHidden();
    await expect(menu).toBeVisible();
    await expect(menu).toHaveCSS("opacity", "1");
    await expect(menu.locator('a[href="/#services"]')).toBeInViewport();
    await expect(page.locator("main h1")).toHaveText("Loker pintar PaxelBox");
    await menu.locator('button[data-language="en"]').click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("main h1")).toHaveText("PaxelBox smart lockers");
    await shot(page, "menu-without-popover-mobile-en", false);
    // A navigation runs the menu's closing, which must not throw here.
    await menu.locator('a[href="/#services"]').click();
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
