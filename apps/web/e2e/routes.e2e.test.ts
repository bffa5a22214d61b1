// The shell's messages file, not `locales/*.ts`: Playwright's loader needs the import attribute on a
// JSON import, which those files (bundled by Vite) do not give.
import en from "../src/locales/en/shell.json" with { type: "json" };
import id from "../src/locales/id/shell.json" with { type: "json" };
import { type Lang, phoneAndDesktop, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { createScenario } from "./support/journeys.ts";

type Layout = "public" | "webview" | "bare" | "none";

interface RouteCase {
  /** The path, or a demo scenario whose fresh record gives it (with a suffix added to its query). */
  path: string | { scenario: string; suffix?: string; rewrite?: (url: string) => string };
  /** The page a rewritten scenario link opens, named in the test's title (titles are unique). */
  name?: string;
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
    name: "/overduepayment/success-payment",
    layout: "bare",
    recipient: true,
  },
  {
    path: {
      scenario: "rent-in-store",
      suffix: "&act=open_locker",
      rewrite: (url) => url.replace("/order-status?", "/order-status/action?"),
    },
    name: "/order-status/action",
    layout: "bare",
    ownBar: true,
  },
  { path: "/no/such/page", layout: "none", status: 404, message: (texts) => texts.notFound.message },
];

const label = (route: RouteCase) =>
  typeof route.path === "string"
    ? route.path
    : `${route.name ? `${route.name} of ` : ""}${route.path.scenario}${route.path.suffix ?? ""}`;

async function resolvePath(route: RouteCase, lang: Lang): Promise<string> {
  if (typeof route.path === "string") return route.path;
  const { url } = await createScenario(route.path.scenario, { language: lang });
  const full = `${url}${route.path.suffix ?? ""}`;
  return route.path.rewrite ? route.path.rewrite(full) : full;
}

// Each route in both languages and at both sizes: what is checked depends on the language (texts,
// `lang`) or on the size (the chrome, the 460 px frame), never on the two together.
for (const [viewport, lang] of phoneAndDesktop) {
  describe(`every route at ${viewport} in ${lang}`, () => {
    test.use({ visitor: { viewport, language: lang } });

    for (const route of routes) {
      test(label(route), async ({ page, errors }) => {
        const response = await visit(page, await resolvePath(route, lang));
        expect(response?.status()).toBe(route.status ?? 200);
        const pageLang = lang;
        await expect(page.locator("html")).toHaveAttribute("lang", pageLang);
        const texts = pageLang === "en" ? en : id;

        const publicChrome = route.layout === "public" ? 1 : 0;
        await expect(page.getByTestId("public-header"), "public header").toHaveCount(publicChrome);
        await expect(page.getByTestId("public-footer"), "public footer").toHaveCount(publicChrome);
        await expect(page.getByTestId("back-header")).toHaveCount(
          route.layout === "webview" || route.ownBar ? 1 : 0,
          { timeout: 10_000 },
        );

        if (route.layout === "webview") {
          await expect
            .poll(() => page.getByTestId("back-header").boundingBox())
            .toMatchObject({ height: 56 });
          const title = page.getByTestId("header-title");
          if (route.title) await expect(title).toHaveText(texts.header[route.title]);
          else await expect(title).toHaveCount(0);
        }
        if (route.message) await expect(page.locator("main")).toContainText(route.message(texts));
        await expect(page.locator("main h1, main h2").first()).toBeAttached({ timeout: 10_000 });
        if (route.layout === "public" && viewport === "desktop") {
          await expect(page.getByTestId("menu-toggle")).toBeHidden();
        }
        // Web-view screens stay within the 460 px frame.
        if (route.layout === "webview" || route.layout === "bare") {
          await expect
            .poll(async () => (await page.locator("main").boundingBox())?.width ?? 0)
            .toBeLessThanOrEqual(460);
        }
        expect(errors).toEqual([]);
      });
    }
  });
}
