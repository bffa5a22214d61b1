import type { Page } from "playwright-core";
import { axeViolations } from "./axe.ts";
import { hiddenInFrame } from "./bars.ts";
import { animationsDone, holdScripts, type Lang, phoneAndDesktop, resize, visit } from "./browser.ts";
import { describe, expect, test } from "./fixtures.ts";
import { api, createScenario, openDropOffLink, openRent, scanAtKiosk, sendGuestBook } from "./journeys.ts";
import { fillPackageForm } from "./package-form.ts";

/**
 * The screens and states of the axe audits (`accessibility-screens-*.e2e.test.ts`): WCAG 2.2 AA
 * with axe on every screen of spec §2 and every dialog, in Indonesian and English,
 * each state checked in the phone frame (390×844) and, after a resize of the same page, on
 * desktop (1280×800) — web-view screens on desktop in Indonesian only (the same column). One
 * browser context per screen; the states come from the demo scenarios. Any violation fails
 * (every impact, target-size included). One file per language, so the two run side by side.
 * The states marked `bars` are also checked for what hides under a sticky or fixed bar (WCAG 2.4.11,
 * `bars.ts`) in the same frames: one walk through the screens for both.
 */

export interface CheckOptions {
  /** Dialogs and phone-only states: the phone frame only. */
  sizes?: "both" | "mobile";
  /** A state that changes one part of an audited page: only that part (a CSS selector). */
  scope?: string;
  /**
   * A state with a sticky or fixed bar: also check, in each frame, that nothing hides under it
   * (`bars.ts`): the sweep everywhere, the keyboard walk on the phone in Indonesian and on the
   * desktop in English (a web-view screen's desktop, its phone column: in Indonesian).
   */
  bars?: boolean;
}

/** Who looks: the page's language, and whether the screen is a web-view one. */
export interface Viewer {
  lang: Lang;
  webView: boolean;
}

/** Runs axe on the page as it is (and the bar checks if asked), at the phone size and then at the desktop size. */
export async function audit(
  page: Page,
  label: string,
  { sizes = "both", scope, bars = false }: CheckOptions,
  viewer?: Viewer,
): Promise<string[]> {
  if (bars && !viewer) throw new Error("the bar checks need to know who looks (`viewer`)");
  const found: string[] = [];
  for (const viewport of sizes === "both" ? (["mobile", "desktop"] as const) : (["mobile"] as const)) {
    if (viewport === "desktop") await resize(page, "desktop");
    found.push(...(await axeViolations(page, `${label} @${viewport}`, scope)));
    if (bars && viewer) {
      const keyboard =
        phoneAndDesktop.some(([v, l]) => v === viewport && l === viewer.lang) ||
        (viewer.webView && viewport === "desktop");
      const hidden = await hiddenInFrame(page, keyboard);
      found.push(...hidden.map((problem) => `${label} @${viewport}, under a bar: ${problem}`));
    }
  }
  if (sizes === "both") await resize(page, "mobile");
  return found;
}

/** Audits the current state of the page (see `CheckOptions`). */
type Check = (label: string, options?: CheckOptions) => Promise<void>;

export interface Screen {
  name: string;
  /**
   * A web-view screen: on desktop it is the same 460 px column as on the phone, so its desktop
   * frame is checked in one language (Indonesian) only.
   */
  webView?: boolean;
  /** Brings the page to the state and audits it (and the dialogs it opens) with `check`. */
  run: (page: Page, lang: Lang, check: Check) => Promise<void>;
}

/** A screen that is one page in one state: audited as it opens at `path`. */
const onePage = (name: string, path: string, options?: CheckOptions): Screen => ({
  name,
  run: async (page, _lang, check) => {
    await visit(page, path);
    await check(name, options);
  },
});

export const screens: Screen[] = [
  {
    name: "landing, the mobile menu and the locker finder results",
    run: async (page, _lang, check) => {
      await visit(page, "/");
      await check("landing", { bars: true });
      await page.getByTestId("menu-toggle").click();
      await animationsDone(page);
      await check("landing menu open", { sizes: "mobile", scope: '[data-testid="public-header"]' });
      await page.getByTestId("menu-toggle").click();
      await page.getByTestId("finder-input").fill("Depok");
      await page.getByTestId("finder-search").click();
      await expect(page.getByTestId("finder-summary")).toContainText("Depok", { timeout: 15_000 });
      // The list is faded while it loads: audit it once it has settled.
      await expect(page.getByTestId("locker-finder").locator('[aria-busy="true"]')).toHaveCount(0, {
        timeout: 15_000,
      });
      await animationsDone(page);
      await check("locker finder results", { scope: '[data-testid="locker-finder"]' });
    },
  },
  onePage("services", "/services", { bars: true }),
  {
    name: "guest book: empty, with errors, submitted",
    run: async (page, lang, check) => {
      await visit(page, "/guest-book?business_type=Business");
      await check("guest book");
      await page.getByTestId("guest-book-submit").click();
      await page.locator('[data-field="sender_name"] [data-testid="field-error"]').waitFor();
      // Every field's message: the checkbox's, the last, is there too.
      await page.locator('[data-field="term_check"] [data-testid="field-error"]').waitFor();
      await check("guest book errors", { scope: '[data-testid="guest-book-form"]', bars: true });
      // The confirmation opens only after a send: a real one.
      await sendGuestBook(page, lang);
      await check("guest book submitted", { bars: true });
    },
  },
  onePage("short link not found", "/o/no-such-link", { bars: true }),
  {
    name: "package form: empty, errors, photo preview, QR; the full locker",
    run: async (page, _lang, check) => {
      const scenario = await createScenario("package-form");
      await visit(page, scenario.url);
      await page.getByTestId("package-form").waitFor();
      await check("package form");
      await page.getByTestId("package-submit").click();
      await page.getByTestId("field-sender_name").locator('[data-testid="field-error"]').waitFor();
      await check("package form errors", { scope: '[data-testid="package-form"]', bars: true });
      await fillPackageForm(page);
      await page.getByTestId("photo-view").click();
      await page.getByTestId("photo-preview").locator("img").waitFor();
      await check("photo preview dialog", { sizes: "mobile", scope: '[data-testid="photo-preview"]' });
      await page.keyboard.press("Escape");
      await page.getByTestId("package-submit").click();
      await page.getByTestId("package-qr-image").waitFor({ timeout: 10_000 });
      await check("package QR", { scope: '[data-testid="package-qr"]', bars: true });
      const full = await createScenario("package-form-no-doors");
      await visit(page, full.url);
      await page.getByTestId("no-locker").waitFor();
      await check("package form, full locker", { sizes: "mobile", scope: '[data-testid="package-form"]' });
    },
  },
  {
    webView: true,
    name: "order: in store with the locker photo, taken",
    run: async (page, lang, check) => {
      await openDropOffLink(page, lang, (await createScenario("dropoff-in-store")).url);
      await page.getByTestId("order-screen").waitFor();
      await check("order in store", { bars: true });
      await page.getByTestId("location-photo").click();
      await page.getByTestId("location-photo-viewer").locator("img").waitFor();
      await check("locker photo viewer", { sizes: "mobile", scope: '[data-testid="location-photo-viewer"]' });
      await page.keyboard.press("Escape");
      await page.waitForURL((url) => url.searchParams.get("preview") === null);
      // The taken parcel's overdue link goes on to its order page.
      const taken = (await createScenario("dropoff-overdue-taken")).params;
      await openDropOffLink(page, lang, `/overduepayment?${taken.toString()}`);
      await page.locator('[data-testid="order-screen"][data-status="CUSTOMER_TAKEN"]').waitFor();
      await check("order taken");
    },
  },
  {
    webView: true,
    name: "overdue payment: form, error, success-payment with its QR; success and expire",
    run: async (page, lang, check) => {
      await openDropOffLink(page, lang, (await createScenario("dropoff-overdue-need-to-pay")).url);
      await page.getByTestId("overdue-screen").waitFor();
      await page.getByTestId("overdue-total-toggle").click();
      await check("overdue form");
      const email = page.getByTestId("overdue-email");
      await email.fill("rina@example");
      await email.blur();
      await page.getByTestId("overdue-form").locator('[data-testid="field-error"]').waitFor();
      await check("overdue form error", { scope: '[data-testid="overdue-form"]', bars: true });
      await email.fill("rina@example.com");
      await page.getByTestId("overdue-select-payment").click();
      await page.waitForURL((url) => url.pathname.startsWith("/demo/"), { timeout: 15_000 });
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.getByTestId("overdue-paid-qr").waitFor({ timeout: 15_000 });
      await check("success-payment with QR");
      await visit(page, "/overduepayment/success");
      await check("overdue success");
      await openDropOffLink(page, lang, (await createScenario("dropoff-overdue-expired")).url);
      await page.waitForURL((url) => url.pathname === "/overduepayment/expire");
      await page.locator("main h1").waitFor();
      await check("overdue expire");
    },
  },
  {
    webView: true,
    name: "rent to store, its cancel dialogs and cancel_success",
    run: async (page, lang, check) => {
      await openRent(page, "rent-to-store", lang, "to-store");
      await check("rent to store", { bars: true });
      await page.getByTestId("cancel-rent").click();
      await page.getByTestId("cancel-confirm").locator("h2").waitFor();
      await check("cancel confirm dialog", { sizes: "mobile", scope: '[data-testid="cancel-confirm"]' });
      await page.route("**/api/v1/box/express/cancelRent", (route) =>
        route.fulfill({
          status: 409,
          contentType: "application/json",
          body: JSON.stringify({ code: 409, message: "This rent can no longer be cancelled." }),
        }),
      );
      await page.getByTestId("cancel-confirm-yes").click();
      await page.getByTestId("cancel-denied").locator("h2").waitFor();
      await check("cancel denied dialog", { sizes: "mobile", scope: '[data-testid="cancel-denied"]' });
      await page.keyboard.press("Escape");
      await page.unroute("**/api/v1/box/express/cancelRent");
      await page.getByTestId("cancel-rent").click();
      await page.getByTestId("cancel-confirm-yes").click();
      await page.getByTestId("cancel-success").waitFor();
      await check("rent cancel_success");
    },
  },
  {
    webView: true,
    name: "rent cancel step and its refusal in the bar, before the scripts run",
    run: async (page, lang, check) => {
      const demo = await createScenario("rent-to-store", { language: lang });
      // The server's pages only: every script is held back until the screen has been audited.
      const release = await holdScripts(page);
      await page.goto(`${demo.url}&cancel=confirm`, { waitUntil: "domcontentloaded" });
      await page.getByTestId("cancel-step").waitFor();
      await check("rent cancel step", { bars: true });
      const { data } = await api<{ barcode: { qrcodeCustomerStore: string } }>(
        `/api/v1/box/express/info/${demo.orderId}/paid`,
        demo.token,
      );
      await scanAtKiosk(data.barcode.qrcodeCustomerStore);
      await page.getByTestId("cancel-confirm-yes").click();
      await page.locator('[role="alert"] h2').waitFor();
      await check("rent cancel refused", { bars: true });
      release();
    },
  },
  {
    webView: true,
    name: "rent in store, the pick-up dialog, open_locker, stop_count and stop",
    run: async (page, lang, check) => {
      const demo = await openRent(page, "rent-in-store", lang, "in-store");
      await check("rent in store", { bars: true });
      await page.getByTestId("pick-up").click();
      await page.getByTestId("pick-up-dialog").locator("h2").waitFor();
      await check("pick-up dialog", { sizes: "mobile", scope: '[data-testid="pick-up-dialog"]' });
      await page.getByTestId("open-locker").click();
      await page.getByTestId("open-locker-page").locator('[data-testid="qr"]').waitFor();
      await check("rent open_locker", { bars: true });
      await page.goBack();
      await page.locator('[data-view="in-store"]').waitFor();
      await page.getByTestId("pick-up").click();
      await page.getByTestId("stop-rent").click();
      await page.getByTestId("stop-count").waitFor();
      await check("rent stop_count", { sizes: "mobile" });
      await page.locator('[data-view="stop"]').waitFor({ timeout: 7_000 });
      await check("rent stop");
      await visit(page, `/order-status/action?act=stop_success&${demo.params.toString()}`);
      await page.getByTestId("stop-success").waitFor();
      await check("rent stop_success", { bars: true });
    },
  },
  {
    webView: true,
    name: "rent overdue and the other (ended) view",
    run: async (page, lang, check) => {
      const overdue = await createScenario("rent-in-store-overdue", { language: lang });
      await visit(page, `${overdue.url}&status=overdue`);
      await page.getByTestId("overdue-cost").waitFor();
      await check("rent overdue", { bars: true });
      await openRent(page, "rent-ended", lang, "other");
      await check("rent other (ended)", { bars: true });
    },
  },
  {
    webView: true,
    name: "the 'Oops...' dialog, debug page and 404",
    run: async (page, lang, check) => {
      const token = lang === "en" ? "demo-token-sari" : "demo-token-budi";
      await visit(page, `/order-status?orderid=999999&token=${token}`);
      await page.getByTestId("error-dialog").locator("h2").waitFor();
      await check("error dialog", { sizes: "mobile" });
      await visit(page, "/debug");
      await check("debug", { bars: true });
      await visit(page, "/no/such/page");
      await check("not found");
    },
  },
];

/** Runs every screen of the table in one language, each in a fresh browser context. */
export function auditScreens(lang: Lang): void {
  describe(`WCAG 2.2 AA (axe) in ${lang}`, () => {
    test.use({ visitor: { viewport: "mobile", language: lang } });

    for (const { name, run, webView } of screens) {
      test(name, async ({ page }) => {
        // Every state is audited at two sizes; a loaded 2-core machine needs this long for the longest.
        test.setTimeout(240_000);
        const found: string[] = [];
        const frames = webView && lang === "en" ? "mobile" : "both";
        await run(page, lang, async (label, options = {}) => {
          found.push(
            ...(await audit(page, label, { sizes: frames, ...options }, { lang, webView: Boolean(webView) })),
          );
        });
        expect(found).toEqual([]);
      });
    }
  });
}
