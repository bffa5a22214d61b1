import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../src/locales/en.ts";
import id from "../src/locales/id.ts";
import { collectErrors, type Lang, newContext, type ViewportName, visit } from "./support/browser.ts";

type Layout = "public" | "webview" | "bare" | "none";

interface RouteCase {
  path: string;
  layout: Layout;
  status?: number;
  /** Expected web-view bar title key (under `header`), if any. */
  title?: "orderDetail" | "overdueFee";
  /** Heading the placeholder shows, per language. */
  heading?: (messages: typeof id) => string;
}

/** Every route of spec §2 with the chrome the layout rules give it. */
const routes: RouteCase[] = [
  { path: "/", layout: "public", heading: (m) => m.screens.home.title.replace("{{product}}", "Paxel") },
  {
    path: "/services",
    layout: "public",
    heading: (m) => m.screens.services.title.replace("{{product}}", "Paxel"),
  },
  { path: "/package?boxId=3&name=Monas", layout: "public", heading: (m) => m.screens.package.title },
  {
    path: "/guest-book?business_type=Business",
    layout: "public",
    heading: (m) => m.screens.guestBookForm.title,
  },
  { path: "/guest-book/submitted", layout: "public", heading: (m) => m.screens.guestBookSubmitted.title },
  { path: "/o/abc123", layout: "public", heading: (m) => m.screens.shortLink.title },
  {
    path: "/order?orderid=1",
    layout: "webview",
    title: "orderDetail",
    heading: (m) => m.screens.order.title,
  },
  {
    path: "/overduepayment?orderid=1",
    layout: "webview",
    title: "overdueFee",
    heading: (m) => m.screens.overdue.title,
  },
  { path: "/order-status?orderid=1", layout: "webview", heading: (m) => m.screens.orderStatus.title },
  { path: "/order-status?orderid=1&status=overdue", layout: "webview", title: "overdueFee" },
  { path: "/debug", layout: "webview", heading: (m) => m.debug.title },
  { path: "/overduepayment/success", layout: "bare", heading: (m) => m.screens.overdueSuccess.title },
  { path: "/overduepayment/expire", layout: "bare", heading: (m) => m.screens.overdueExpire.title },
  {
    path: "/overduepayment/success-payment",
    layout: "bare",
    heading: (m) => m.screens.overdueSuccessPayment.title,
  },
  {
    path: "/order-status/action?act=open_locker",
    layout: "bare",
    heading: (m) => m.screens.orderStatusAction.title,
  },
  { path: "/no/such/page", layout: "none", status: 404, heading: (m) => m.notFound.title },
];

const combos: [ViewportName, Lang][] = [
  ["mobile", "id"],
  ["mobile", "en"],
  ["desktop", "id"],
  ["desktop", "en"],
];

describe.each(combos)("every route at %s in %s", (viewport, lang) => {
  const messages = lang === "en" ? en : id;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await newContext({ viewport, language: lang });
    page = await context.newPage();
    errors = collectErrors(page);
  });
  afterAll(async () => {
    await context.close();
  });

  it.each(routes)("$path", async (route) => {
    errors.length = 0;
    const response = await visit(page, route.path);
    expect(response?.status()).toBe(route.status ?? 200);
    expect(await page.getAttribute("html", "lang")).toBe(lang);

    const count = (testId: string) => page.locator(`[data-testid="${testId}"]`).count();
    const publicChrome = route.layout === "public" ? 1 : 0;
    expect(await count("public-header"), "public header").toBe(publicChrome);
    expect(await count("public-footer"), "public footer").toBe(publicChrome);
    expect(await count("back-header"), "back header").toBe(route.layout === "webview" ? 1 : 0);

    if (route.layout === "webview") {
      expect(await page.locator('[data-testid="back-header"]').boundingBox()).toMatchObject({ height: 56 });
      const title = page.locator('[data-testid="header-title"]');
      if (route.title) expect(await title.textContent()).toBe(messages.header[route.title]);
      else expect(await title.count()).toBe(0);
    }
    if (route.heading) {
      await expect
        .poll(() => page.locator("main h1").first().textContent(), { timeout: 10_000 })
        .toBe(route.heading(messages));
    }
    if (route.layout === "public" && viewport === "desktop") {
      expect(await page.locator('[data-testid="menu-toggle"]').isVisible()).toBe(false);
    }
    // Web-view screens stay within the 460 px frame.
    if (route.layout === "webview" || route.layout === "bare") {
      const frame = await page.locator("main").boundingBox();
      expect(frame?.width ?? 0).toBeLessThanOrEqual(460);
    }
    expect(errors).toEqual([]);
  });
});
