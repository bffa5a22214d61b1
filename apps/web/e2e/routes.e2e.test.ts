import en from "../src/locales/en.ts";
import id from "../src/locales/id.ts";
import { everyFrame, type Lang, visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";
import { createScenario } from "./support/journeys.ts";

type Layout = "public" | "webview" | "bare" | "none";

interface RouteCase {
  /** The path, or a demo scenario whose fresh record gives it (with a suffix added to its query). */
  path: string | { scenario: string; suffix?: string; rewrite?: (url: string) => string };
  layout: Layout;
  status?: number;
  /** Expected web-view bar title key (under `header`), if any. */
  title?: "orderDetail" | "overdueFee";
  /** The action page draws its own back bar (spec §2: back arrow on open_locker). */
  ownBar?: boolean;
  /**
   * Opened with a drop-off recipient's link: the members auth call answers Indonesian for it (the
   * link does not know the recipient's language), so the page keeps the language chosen here.
   */
  recipient?: boolean;
  /** Text the page must show. */
  message?: (texts: typeof id) => string;
}

/** Every route of spec §2 with the chrome the layout rules give it, opened on fresh demo records. */
const routes: RouteCase[] = [
  { path: "/", layout: "public" },
  { path: "/services", layout: "public" },
  { path: { scenario: "package-form" }, layout: "public" },
  { path: "/guest-book?business_type=Business", layout: "public" },
  { path: "/guest-book/submitted", layout: "public" },
  { path: { scenario: "short-link-missing" }, layout: "public", status: 404 },
  { path: { scenario: "dropoff-in-store" }, layout: "webview", title: "orderDetail", recipient: true },
  {
    path: { scenario: "dropoff-overdue-need-to-pay" },
    layout: "webview",
    title: "overdueFee",
    recipient: true,
  },
  { path: { scenario: "rent-in-store" }, layout: "webview" },
  {
    path: { scenario: "rent-in-store-overdue", suffix: "&status=overdue" },
    layout: "webview",
    title: "overdueFee",
  },
  { path: "/debug", layout: "webview" },
  { path: "/overduepayment/success", layout: "bare" },
  { path: "/overduepayment/expire", layout: "bare" },
  {
    path: {
      scenario: "dropoff-overdue-need-to-pay",
      rewrite: (url) => url.replace("/overduepayment?", "/overduepayment/success-payment?"),
    },
    layout: "bare",
    recipient: true,
  },
  {
    path: {
      scenario: "rent-in-store",
      suffix: "&act=open_locker",
      rewrite: (url) => url.replace("/order-status?", "/order-status/action?"),
    },
    layout: "bare",
    ownBar: true,
  },
  { path: "/no/such/page", layout: "none", status: 404, message: (texts) => texts.notFound.message },
];

const label = (route: RouteCase) =>
  typeof route.path === "string" ? route.path : `${route.path.scenario}${route.path.suffix ?? ""}`;

async function resolvePath(route: RouteCase, lang: Lang): Promise<string> {
  if (typeof route.path === "string") return route.path;
  const { url } = await createScenario(route.path.scenario, { language: lang });
  const full = `${url}${route.path.suffix ?? ""}`;
  return route.path.rewrite ? route.path.rewrite(full) : full;
}

describe.each(everyFrame)("every route at %s in %s", (viewport, lang) => {
  it.override("contextOptions", { viewport, language: lang });

  it.for(routes.map((route) => [label(route), route] as const))("%s", async ([, route], { page, errors }) => {
    const response = await visit(page, await resolvePath(route, lang));
    expect(response?.status()).toBe(route.status ?? 200);
    const pageLang = lang;
    await expect.poll(() => page.getAttribute("html", "lang")).toBe(pageLang);
    const texts = pageLang === "en" ? en : id;

    const count = (testId: string) => page.locator(`[data-testid="${testId}"]`).count();
    const publicChrome = route.layout === "public" ? 1 : 0;
    expect(await count("public-header"), "public header").toBe(publicChrome);
    expect(await count("public-footer"), "public footer").toBe(publicChrome);
    await expect
      .poll(() => count("back-header"), { timeout: 10_000 })
      .toBe(route.layout === "webview" || route.ownBar ? 1 : 0);

    if (route.layout === "webview") {
      expect(await page.locator('[data-testid="back-header"]').boundingBox()).toMatchObject({ height: 56 });
      const title = page.locator('[data-testid="header-title"]');
      if (route.title) expect(await title.textContent()).toBe(texts.header[route.title]);
      else expect(await title.count()).toBe(0);
    }
    if (route.message) expect(await page.locator("main").textContent()).toContain(route.message(texts));
    await expect.poll(() => page.locator("main h1, main h2").count(), { timeout: 10_000 }).toBeGreaterThan(0);
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
