import type { Page } from "playwright-core";
// The marketing messages file, not `locales/*.ts`: Playwright's loader needs the import attribute on
// a JSON import, which those files (bundled by Vite) do not give.
import en from "../src/locales/en/marketing.json" with { type: "json" };
import id from "../src/locales/id/marketing.json" with { type: "json" };
import { baseUrl, type Lang, type ViewportName, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";

/**
 * Short links `/o/:code` (spec §2, §8): only http(s) targets are followed; the rest is 'Oops'.
 * Opening a link is answered by the server (302, or 404 with the page); a client-side navigation
 * looks the code up from the browser, which is where a test can hand it any target.
 */

const messages = { id, en } as const;
const lookupPath = "**/api/v1/shortlinks/*";

/** Answers the short-link lookup with a target of the test's choosing. */
async function answerLookup(page: Page, url: string) {
  await page.route(lookupPath, (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ code: 200, data: { url } }),
    }),
  );
}

/** A client-side navigation (as a link inside the app would make), through React Router. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    const router = (window as { __reactRouterDataRouter?: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    if (!router) throw new Error("React Router is not running");
    void router.navigate(to);
  }, path);
}

async function expectNotFound(page: Page, lang: Lang) {
  const m = messages[lang].shortLink;
  const panel = page.getByTestId("short-link-not-found");
  await panel.waitFor({ timeout: 10_000 });
  await expect(panel.locator("h1")).toHaveText("Oops");
  await expect(page.getByTestId("short-link-message")).toHaveText(m.notFound);
}

describe("short links", () => {
  test("redirects to the target of a real short link", async ({ openScenario }) => {
    const { page, errors, demo } = await openScenario("short-link", { viewport: "mobile" });
    const response = await page.goto(demo.url);
    await page.waitForURL(`${baseUrl}/services`);
    // Redirected by the server, in one round trip.
    expect(response?.request().redirectedFrom()?.url()).toBe(`${baseUrl}${demo.url}`);
    const head = await fetch(`${baseUrl}${demo.url}`, { redirect: "manual" });
    expect(head.status).toBe(302);
    expect(head.headers.get("location")).toBe(`${baseUrl}/services`);
    expect(errors).toEqual([]);
  });

  for (const [viewport, lang] of [
    ["mobile", "id"],
    ["desktop", "en"],
  ] as [ViewportName, Lang][]) {
    test(`shows 'Oops', the spec's message and a way back for an unknown code (${viewport}, ${lang})`, async ({
      openScenario,
    }) => {
      const { page, errors, demo } = await openScenario("short-link-missing", { viewport, language: lang });
      const response = await page.goto(demo.url);
      expect(response?.status()).toBe(404);
      await expectNotFound(page, lang);
      // The tab says what the page says.
      await expect(page).toHaveTitle(lang === "en" ? /^Link not found · / : /^Tautan tidak ditemukan · /);
      if (lang === "en") {
        await expect(page.getByTestId("short-link-message")).toHaveText(
          "Your request could not be found. Please check your shortener address",
        );
      }
      // A code too long to be any (the API refuses its address before it looks) is not found either,
      // not an outage.
      expect((await page.goto(`${baseUrl}/o/${"a".repeat(250)}`))?.status()).toBe(404);
      await expectNotFound(page, lang);
      await page.getByTestId("short-link-back").click();
      await page.waitForURL(`${baseUrl}/`);
      // The lookup's own 404 is the point; nothing else may fail.
      expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    });
  }

  test("refuses a javascript: target and treats it as not found", async ({ open }) => {
    const { page, errors } = await open({ viewport: "desktop", language: "en" });
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await visit(page, "/");
    await answerLookup(page, "javascript:alert(document.domain)");
    const lookup = page.waitForRequest((request) => request.url().endsWith("/api/v1/shortlinks/promo"));
    await navigateInApp(page, "/o/promo");
    await lookup;
    await expectNotFound(page, "en");
    // A fixed wait: nothing marks "no navigation followed"; one would start within this time.
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(`${baseUrl}/o/promo`);
    expect(dialogs).toBe(0);

    await page.unrouteAll();
    await answerLookup(page, "data:text/html,<script>alert(1)</script>");
    await navigateInApp(page, "/");
    await page.waitForURL(`${baseUrl}/`);
    await navigateInApp(page, "/o/promo2");
    await page.waitForURL(`${baseUrl}/o/promo2`);
    await expectNotFound(page, "en");
    expect(errors).toEqual([]);
  });

  test("adds a scheme to a target without one", async ({ open }) => {
    const { page } = await open({ viewport: "mobile", language: "id" });
    await visit(page, "/");
    await answerLookup(page, "www.example.com/paxelbox/download");
    await navigateInApp(page, "/o/app");
    await page.waitForURL("https://www.example.com/paxelbox/download");
  });
});
