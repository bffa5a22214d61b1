import type { Page } from "playwright-core";
// The screens' own messages files, not `locales/*.ts`: Playwright's loader needs the import
// attribute on a JSON import, which those files (bundled by Vite) do not give.
import enPackage from "../src/locales/en/drop-off/package.json" with { type: "json" };
import enRent from "../src/locales/en/rent.json" with { type: "json" };
import idOverdue from "../src/locales/id/drop-off/overdue.json" with { type: "json" };
import idMarketing from "../src/locales/id/marketing.json" with { type: "json" };
import idRent from "../src/locales/id/rent.json" with { type: "json" };
import {
  announcedExpanded,
  fieldWiring,
  focused,
  focusInside,
  invisibleFocus,
  liveRecords,
  obscuredFocus,
  recordLiveRegions,
  smallTargets,
} from "./support/a11y-probes.ts";
import {
  animationsDone,
  fetchThrough,
  holdClock,
  type Lang,
  runClock,
  type ViewportName,
  viewports,
  visit,
} from "./support/browser.ts";
import { describe, expect, type Open, test } from "./support/fixtures.ts";
import { createScenario, openRent, storeAtKiosk } from "./support/journeys.ts";
import { smallPng } from "./support/photos.ts";

/**
 * Keyboard and screen-reader behaviour (WCAG 2.2 AA) that axe cannot judge: form errors tied to
 * their fields, announced once, the focus on the first invalid field; touch targets of at least
 * 24 px; a visible focus indicator on everything focusable; dialogs that keep the focus, close on
 * Escape and give the focus back; countdowns that do not speak every second.
 */

/** Texts spoken by live regions since recording started. */
async function spoken(page: Page): Promise<string[]> {
  return (await liveRecords(page)).map((record) => record.text);
}

describe("forms: errors tied to fields, announced once, focus on the first invalid field", () => {
  test("guest book (mobile, id)", async ({ open }) => {
    const t = idMarketing.guestBook;
    const { page } = await open({ viewport: "mobile", language: "id" });
    await visit(page, "/guest-book?business_type=Business");
    await recordLiveRegions(page);
    const form = page.getByTestId("guest-book-form");

    await page.getByTestId("guest-book-submit").click();
    await page.locator('[data-field="term_check"] [data-testid="field-error"]').waitFor();
    await expect(async () => {
      const wiring = await fieldWiring(form);
      expect(wiring.active).toBe("sender_name");
      expect(wiring.firstInvalid).toBe("sender_name");
      expect(wiring.orphans).toEqual([]);
      expect(wiring.liveMessages).toEqual([]);
      expect(wiring.messages).toHaveLength(6);
      for (const control of wiring.invalid) {
        expect(
          control.describedByTexts.some((text) => wiring.messages.includes(text)),
          control.name,
        ).toBe(true);
      }
      expect(wiring.invalid.find((control) => control.name === "sender_name")?.describedByTexts).toContain(
        t.errors.senderNameRequired,
      );
    }).toPass({ timeout: 10_000 });
    // The focused field speaks its own message; nothing repeats it.
    const afterSubmit = await spoken(page);
    expect(afterSubmit.filter((text) => text.includes(t.errors.senderNameRequired))).toEqual([]);

    // A message that appears while the visitor moves on is announced once, politely.
    await page.getByLabel(t.emailAddress, { exact: true }).fill("budi@");
    await page.keyboard.press("Tab");
    await page.locator('[data-field="email_address"]').getByText(t.errors.emailInvalid).waitFor();
    await expect
      .poll(async () => (await spoken(page)).filter((text) => text === t.errors.emailInvalid))
      .toEqual([t.errors.emailInvalid]);
    // A fixed wait: nothing marks "no second announcement"; one would come within this time.
    await page.waitForTimeout(300);
    expect((await spoken(page)).filter((text) => text.includes(t.errors.emailInvalid))).toHaveLength(1);
  });

  test("package form (desktop, en)", async ({ open, scenario }) => {
    const t = enPackage;
    const { page } = await open({ viewport: "desktop", language: "en" });
    await visit(page, (await scenario("package-form")).url);
    await page.getByTestId("package-form").waitFor();
    await recordLiveRegions(page);

    await page.getByTestId("package-submit").click();
    await page.getByTestId("field-slider_verification").locator('[data-testid="field-error"]').waitFor();
    await expect(async () => {
      const wiring = await fieldWiring(page.getByTestId("package-form"));
      expect(wiring.active).toBe(wiring.firstInvalid);
      expect(wiring.firstInvalid).toBe("sender_name");
      expect(wiring.orphans).toEqual([]);
      expect(wiring.liveMessages).toEqual([]);
      for (const control of wiring.invalid) {
        expect(
          control.describedByTexts.some((text) => wiring.messages.includes(text)),
          control.name,
        ).toBe(true);
      }
    }).toPass({ timeout: 10_000 });
    expect(await spoken(page)).not.toContain(t.messages.senderName);

    // Fill the first fields: the next submit focuses the first field still in error.
    await page.getByTestId("field-sender_name").locator("input").fill("Kurir Paxel");
    await page.getByTestId("field-recipient_name").locator("input").fill("Rina Kartika");
    await page.getByTestId("field-recipient_mobile_number").locator("input").fill("0811222233333");
    await page.getByTestId("package-submit").click();
    await expect(async () => {
      const second = await fieldWiring(page.getByTestId("package-form"));
      expect(second).toMatchObject({ orphans: [] });
      expect(second.active).toBe(second.firstInvalid);
      expect(second.firstInvalid).not.toBe("sender_name");
    }).toPass({ timeout: 10_000 });

    // A refused photo is announced once.
    await page.getByTestId("photo-input").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a picture"),
    });
    await expect
      .poll(async () => (await spoken(page)).filter((text) => text === t.messages.photoNotImage))
      .toEqual([t.messages.photoNotImage]);
  });

  test("overdue e-mail (mobile, id): Enter with a wrong address focuses it and says why", async ({
    open,
    scenario,
  }) => {
    const t = idOverdue;
    const { page } = await open({ viewport: "mobile", language: "id" });
    await visit(page, (await scenario("dropoff-overdue-need-to-pay")).url);
    await page.getByTestId("overdue-screen").waitFor();
    await recordLiveRegions(page);
    const email = page.getByTestId("overdue-email");

    await email.fill("rina@example");
    await email.press("Enter");
    await page.getByTestId("overdue-form").locator('[data-testid="field-error"]').waitFor();
    await expect(email).toBeFocused();
    await expect(async () => {
      const wiring = await fieldWiring(page.getByTestId("overdue-form"));
      expect(wiring.orphans).toEqual([]);
      expect(wiring.liveMessages).toEqual([]);
      expect(wiring.invalid).toEqual([
        { name: expect.any(String), describedByTexts: [t.emailHint, t.messages.email] },
      ]);
    }).toPass({ timeout: 10_000 });
    // The focus did not move, so the message is announced (once).
    await expect
      .poll(async () => (await spoken(page)).filter((text) => text.includes(t.messages.email)))
      .toEqual([t.messages.email]);

    // Corrected, then wrong again while the visitor moves on: announced once.
    await email.fill("rina@example.com");
    await expect(page.getByTestId("overdue-form").locator('[data-testid="field-error"]')).toHaveCount(0);
    await email.fill("rina@");
    await page.keyboard.press("Tab");
    await expect
      .poll(async () => (await spoken(page)).filter((text) => text.includes(t.messages.email)))
      .toEqual([t.messages.email, t.messages.email]);
    // A fixed wait: nothing marks "no third announcement"; one would come within this time.
    await page.waitForTimeout(300);
    expect((await spoken(page)).filter((text) => text.includes(t.messages.email))).toHaveLength(2);
  });
});

/** Screens for the target-size and focus checks: one page each, reached by a demo scenario. */
const screens: { name: string; open: (page: Page, lang: Lang) => Promise<void> }[] = [
  { name: "landing", open: (page) => visit(page, "/").then(() => undefined) },
  { name: "services", open: (page) => visit(page, "/services").then(() => undefined) },
  {
    name: "guest book with errors",
    open: async (page) => {
      await visit(page, "/guest-book?business_type=Individu");
      await page.getByTestId("guest-book-submit").click();
      await page.locator('[data-testid="field-error"]').first().waitFor();
    },
  },
  {
    name: "package form with a photo",
    open: async (page) => {
      await visit(page, (await createScenario("package-form")).url);
      await page.getByTestId("photo-input").setInputFiles({
        name: "p.png",
        mimeType: "image/png",
        buffer: smallPng(),
      });
      await page.getByTestId("photo-thumbnail").waitFor({ timeout: 15_000 });
    },
  },
  {
    name: "order",
    open: async (page) => {
      await visit(page, (await createScenario("dropoff-in-store")).url);
      await page.getByTestId("order-screen").waitFor();
    },
  },
  {
    name: "overdue payment",
    open: async (page) => {
      await visit(page, (await createScenario("dropoff-overdue-need-to-pay")).url);
      await page.getByTestId("overdue-screen").waitFor();
    },
  },
  {
    name: "rent to store",
    open: async (page, lang) => void (await openRent(page, "rent-to-store", lang, "to-store")),
  },
  {
    name: "rent in store",
    open: async (page, lang) => void (await openRent(page, "rent-in-store", lang, "in-store")),
  },
  {
    name: "rent ended",
    open: async (page, lang) => void (await openRent(page, "rent-ended", lang, "other")),
  },
  { name: "short link not found", open: (page) => visit(page, "/o/nothing-here").then(() => undefined) },
  { name: "debug", open: (page) => visit(page, "/debug").then(() => undefined) },
  { name: "not found", open: (page) => visit(page, "/no/such/page").then(() => undefined) },
];

describe("targets of at least 24 px, a visible focus not hidden by sticky bars, on every screen", () => {
  test.use({ visitor: { viewport: "mobile", language: "id" } });

  for (const screen of screens) {
    test(screen.name, async ({ page }) => {
      test.setTimeout(30_000);
      await page.setViewportSize(viewports.mobile);
      await screen.open(page, "id");
      const small = (await smallTargets(page)).map((text) => `mobile: ${text}`);
      const unfocused = (await invisibleFocus(page)).map((text) => `mobile: ${text}`);
      const hidden = (await obscuredFocus(page)).map((text) => `mobile: ${text}`);
      await page.setViewportSize(viewports.desktop);
      await animationsDone(page);
      small.push(...(await smallTargets(page)).map((text) => `desktop: ${text}`));
      unfocused.push(...(await invisibleFocus(page)).map((text) => `desktop: ${text}`));
      hidden.push(...(await obscuredFocus(page)).map((text) => `desktop: ${text}`));
      expect(small, "targets under 24 px").toEqual([]);
      expect(unfocused, "no visible focus").toEqual([]);
      expect(hidden, "focus hidden under a sticky bar").toEqual([]);
    });
  }
});

describe("dialogs keep the focus, close on Escape and give it back", () => {
  /**
   * Opens the dialog from its opener with the keyboard and walks it with Tab and Shift+Tab; `first`:
   * the control the focus starts on.
   */
  async function walk(page: Page, opener: string, dialog: string, first?: string) {
    const selector = `[data-testid="${dialog}"]`;
    await page.getByTestId(opener).focus();
    await page.keyboard.press("Enter");
    await page.locator(selector).locator("h2, img").first().waitFor();
    await expect
      .poll(() => focusInside(page, selector), { message: "focus moves into the dialog" })
      .toBe(true);
    if (first) await expect(page.getByTestId(first), "the focus starts on the safe choice").toBeFocused();
    const tabbable = () =>
      page
        .locator(selector)
        .evaluate(
          (element) =>
            [
              ...element.querySelectorAll<HTMLElement>(
                "button, a[href], input, select, textarea, [tabindex]",
              ),
            ].filter(
              (item) => item.tabIndex >= 0 && !item.matches(":disabled") && item.getClientRects().length > 0,
            ).length,
        );
    await expect.poll(tabbable).toBeGreaterThan(0);
    const count = await tabbable();
    const seen: string[] = [];
    for (let step = 0; step <= count; step++) {
      await page.keyboard.press("Tab");
      await expect
        .poll(() => focusInside(page, selector), { message: `Tab ${step + 1} stays inside` })
        .toBe(true);
      seen.push(await focused(page));
    }
    // The Tab order goes round: after the last one comes the first again.
    expect(seen[count]).toBe(seen[0]);
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => focusInside(page, selector)).toBe(true);
    await expect.poll(() => focused(page)).toBe(seen[count - 1]);
    await page.keyboard.press("Escape");
    await expect(page.locator(selector)).toHaveJSProperty("open", false);
    await expect(page.getByTestId(opener), "focus returns to the opener").toBeFocused();
  }

  test("cancel rent confirmation and the pick-up dialog (mobile, en)", async ({ open, scenario }) => {
    const { page } = await open({ viewport: "mobile", language: "en" });
    await visit(page, (await scenario("rent-to-store", { language: "en" })).url);
    await page.locator('[data-view="to-store"]').waitFor();
    await walk(page, "cancel-rent", "cancel-confirm", "cancel-confirm-no");
    await visit(page, (await scenario("rent-in-store", { language: "en" })).url);
    await page.locator('[data-view="in-store"]').waitFor();
    await walk(page, "pick-up", "pick-up-dialog");
  });

  test("the cancel rent confirmation opens on 'No': Enter twice keeps the rent (desktop, id)", async ({
    open,
    scenario,
  }) => {
    const { page } = await open({ viewport: "desktop", language: "id" });
    await visit(page, (await scenario("rent-to-store")).url);
    await page.locator('[data-view="to-store"]').waitFor();
    await page.getByTestId("cancel-rent").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("cancel-confirm-no")).toBeFocused();
    await expect(page.getByTestId("cancel-confirm-no")).toHaveText("Tidak, lanjutkan sewa");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("cancel-confirm")).toHaveJSProperty("open", false);
    await expect(page.getByTestId("cancel-rent")).toBeFocused();
    await expect(page.locator('[data-view="to-store"]')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/order-status");
  });

  test("photo preview and the locker photo viewer (desktop, id)", async ({ open, scenario }) => {
    const { page } = await open({ viewport: "desktop", language: "id" });
    await visit(page, (await scenario("package-form")).url);
    await page
      .getByTestId("photo-input")
      .setInputFiles({ name: "p.png", mimeType: "image/png", buffer: smallPng() });
    await page.getByTestId("photo-thumbnail").waitFor({ timeout: 15_000 });
    await walk(page, "photo-view", "photo-preview");
    await visit(page, (await scenario("dropoff-in-store")).url);
    await page.getByTestId("order-screen").waitFor();
    await walk(page, "location-photo", "location-photo-viewer");
  });

  test("the mobile menu closes on Escape and gives the focus back to its toggle (mobile, en)", async ({
    open,
  }) => {
    const { page } = await open({ viewport: "mobile", language: "en" });
    await visit(page, "/");
    const toggle = page.getByTestId("menu-toggle");
    const expanded = () => announcedExpanded(page, '[data-testid="menu-toggle"]');
    await expect(toggle).toHaveAccessibleName("Menu");
    await expect.poll(expanded).toBe(false);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect.poll(expanded).toBe(true);
    await animationsDone(page);
    await page.keyboard.press("Tab");
    await expect.poll(() => focusInside(page, '[data-testid="public-header"] nav')).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(expanded).toBe(false);
    await expect(toggle).toBeFocused();
  });

  for (const lang of ["id", "en"] as const)
    test(`Tab past the mobile menu's last control closes it, so the focus is not hidden under it (mobile, ${lang})`, async ({
      open,
    }) => {
      const { page } = await open({ viewport: "mobile", language: lang });
      await visit(page, "/");
      const toggle = page.getByTestId("menu-toggle");
      const menu = '[data-testid="public-header"] nav';
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => announcedExpanded(page, '[data-testid="menu-toggle"]')).toBe(true);
      await animationsDone(page);
      // Shift+Tab from the menu's first control goes back to the toggle: the menu stays open.
      await page.keyboard.press("Tab");
      await expect.poll(() => focusInside(page, menu)).toBe(true);
      await page.keyboard.press("Shift+Tab");
      await expect(toggle).toBeFocused();
      await expect.poll(() => page.locator(menu).evaluate((nav) => nav.matches(":popover-open"))).toBe(true);
      // Forward through every control of the menu, then out of it.
      for (let step = 0; step < 20 && (step === 0 || (await focusInside(page, menu))); step++) {
        await page.keyboard.press("Tab");
      }
      await expect.poll(() => focusInside(page, menu)).toBe(false);
      await expect.poll(() => page.locator(menu).evaluate((nav) => nav.matches(":popover-open"))).toBe(false);
      await expect.poll(() => announcedExpanded(page, '[data-testid="menu-toggle"]')).toBe(false);
      await expect(page.locator(":focus")).toBeInViewport();
    });

  for (const [viewport, lang, button, heading] of [
    ["desktop", "en", "Open Locker", "Open Locker"],
    ["mobile", "id", "Buka Loker", "Buka Loker"],
  ] as const)
    test(`a dialog's button that leads to another screen gives the focus to its heading (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page } = await open({ viewport, language: lang });
      await openRent(page, "rent-in-store", lang, "in-store");
      await page
        .getByRole("button", { name: lang === "en" ? "Pick Up Items" : "Ambil Barang", exact: true })
        .click();
      const dialog = page.locator("dialog[open]");
      await dialog.getByRole("button", { name: button, exact: true }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("act") === "open_locker");
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeFocused();
    });

  for (const [viewport, lang, pickUp, heading] of [
    ["mobile", "id", "Ambil Barang", "Biaya Perpanjang Sewa"],
    ["desktop", "en", "Pick Up Items", "Overdue fee"],
  ] as const)
    test(`Pick Up on an overdue rent gives the focus to the fee screen's heading (${viewport}, ${lang})`, async ({
      open,
    }) => {
      const { page } = await open({ viewport, language: lang });
      await openRent(page, "rent-in-store-overdue", lang, "in-store");
      await page.getByRole("button", { name: pickUp, exact: true }).focus();
      await page.keyboard.press("Enter");
      await page.getByTestId("overdue-cost").waitFor();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeFocused();
    });

  test("'Oops...' opened by the page keeps the focus and closes on Escape (mobile, id)", async ({ open }) => {
    const { page } = await open({ viewport: "mobile", language: "id" });
    await visit(page, "/order-status?orderid=999999&token=demo-token-budi");
    const dialog = page.getByTestId("error-dialog");
    await dialog.locator("h2").waitFor();
    await expect.poll(() => focusInside(page, '[data-testid="error-dialog"]')).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(() => focusInside(page, '[data-testid="error-dialog"]')).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveJSProperty("open", false);
  });
});

describe("a rent view a poll replaces (the items stored at the kiosk) is not lost on a screen reader", () => {
  /**
   * Opens a rent waiting for its items as `visitor`, focuses `focus`, records what live regions say,
   * stores the items at the kiosk and waits for the poll's in-store view.
   */
  async function storedWhileOpen(
    open: Open,
    visitor: { viewport: ViewportName; language: Lang },
    focus: string,
  ): Promise<Page> {
    const { page } = await open(visitor);
    const rent = await createScenario("rent-to-store", { language: visitor.language });
    await visit(page, rent.url);
    await page.locator('[data-view="to-store"]').waitFor();
    await page.getByTestId(focus).focus();
    await recordLiveRegions(page);
    await storeAtKiosk(rent);
    await page.locator('[data-view="in-store"]').waitFor();
    return page;
  }

  test("the focused Cancel Rent gone with its view: the focus goes to the new view's headline (mobile, id)", async ({
    open,
  }) => {
    const page = await storedWhileOpen(open, { viewport: "mobile", language: "id" }, "cancel-rent");
    await expect(page.getByTestId("view-headline")).toBeFocused();
    await expect(page.getByTestId("view-headline")).toHaveText(idRent.inStore.headline);
    // Where the eyes go too: the page, scrolled down to the button, shows the headline.
    await expect(page.getByTestId("view-headline")).toBeInViewport();
    // Read where the focus went: not spoken a second time.
    expect(await spoken(page)).not.toContain(idRent.inStore.headline);
  });

  test("the focus elsewhere: the new view's headline is spoken once, the focus stays (desktop, en)", async ({
    open,
  }) => {
    const page = await storedWhileOpen(open, { viewport: "desktop", language: "en" }, "back-button");
    await expect
      .poll(async () => (await spoken(page)).filter((text) => text === enRent.inStore.headline))
      .toEqual([enRent.inStore.headline]);
    await expect(page.getByTestId("back-button")).toBeFocused();
    // The view the page opened on was not announced.
    expect((await spoken(page)).filter((text) => text.startsWith("Store your items"))).toEqual([]);
  });
});

describe("countdowns do not flood screen readers", () => {
  test("the rent countdown ticks every second but speaks at most once a minute (mobile, id)", async ({
    openScenario,
  }) => {
    test.setTimeout(60_000);
    const { page, demo } = await openScenario("rent-to-store", { viewport: "mobile", language: "id" });
    // The page's time is the test's, and the API's answers say the same time in their `Date`
    // header: the server's clock as the page reads it moves with the page's, not with the real one
    // left behind (which would pull the countdown back to where it really is).
    await holdClock(page);
    let pageTime = await page.evaluate(() => Date.now());
    await page.route("**/api/**", async (route) => {
      const response = await fetchThrough(route);
      await route.fulfill({
        response,
        headers: { ...response.headers(), date: new Date(pageTime).toUTCString() },
      });
    });
    await visit(page, demo.url);
    // Filled in (hours, minutes, seconds) before it is read.
    await expect(page.getByTestId("countdown-clock")).toHaveText(/\d+:\d+:\d+/);
    // Told in words, no more than is left: 50 minutes to store, said as more than 45 once a second has gone.
    await expect(page.getByTestId("countdown").locator('[aria-live="polite"]')).toHaveText(
      /^Sisa waktu: lebih dari (45|50) menit$/,
    );
    // Six minutes before the end: the last minutes are announced one by one.
    const clock = async () => (await page.getByTestId("countdown-clock").textContent()) ?? "";
    const left = (await clock()).split(":").map(Number);
    const seconds = (left[0] ?? 0) * 3600 + (left[1] ?? 0) * 60 + (left[2] ?? 0);
    pageTime += (seconds - 6 * 60) * 1000;
    await page.clock.fastForward((seconds - 6 * 60) * 1000);
    await runClock(page, 1000);
    pageTime += 1000;
    await expect(page.getByTestId("countdown-clock")).toHaveText(/^00:05:5\d$/);
    await recordLiveRegions(page);
    const ticks = new Set<string>();
    for (let second = 0; second < 5 * 60; second++) {
      pageTime += 1000;
      await runClock(page, 1000);
      if (second % 15 === 0) ticks.add(await clock());
    }
    // The digits changed on screen, second by second…
    expect(ticks.size).toBe(20);
    expect(await clock()).toMatch(/^00:00:5\d$/);
    // …but not inside a live region; the announcements, in words, came once a minute.
    const records = await liveRecords(page);
    expect(records.map((record) => record.text)).toEqual([
      "Sisa waktu: lebih dari 4 menit",
      "Sisa waktu: lebih dari 3 menit",
      "Sisa waktu: lebih dari 2 menit",
      "Sisa waktu: lebih dari 1 menit",
      "Sisa waktu: kurang dari semenit",
    ]);
    for (let index = 1; index < records.length; index++) {
      const gap = (records[index]?.at ?? 0) - (records[index - 1]?.at ?? 0);
      expect(gap).toBeGreaterThanOrEqual(55_000);
    }
  });

  test("the stop view's 10 s countdown and the stop_count seconds are not live regions (mobile, en)", async ({
    openScenario,
  }) => {
    const english = { viewport: "mobile", language: "en" } as const;
    const { page, demo } = await openScenario("rent-in-store", english, { language: "en" });
    // The countdowns run on the page's clock: their seconds pass at once.
    await page.clock.install();
    await visit(page, `${demo.url}&status=stop&qrdisplay=data`);
    await page.getByTestId("stop-countdown").waitFor();
    await recordLiveRegions(page);
    await runClock(page, 3_000);
    const records = await liveRecords(page);
    expect(records.filter((record) => /\d/.test(record.text))).toEqual([]);

    await visit(page, `/order-status/action?act=stop_count&${demo.params.toString()}`);
    await page.getByTestId("stop-count-seconds").waitFor();
    await recordLiveRegions(page);
    await runClock(page, 2_500);
    expect((await liveRecords(page)).filter((record) => /^\d/.test(record.text))).toEqual([]);
  });
});

/** The contrast of two CSS colours (`rgb(…)`), as WCAG reckons it. */
function contrastOf(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, bl = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    const linear = (value: number) => {
      const v = value / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(bl);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe("what axe does not see: control edges, forced colours, reduced motion, clipped rings", () => {
  test("the edges that show where a control is stand out 3:1 from the card (mobile, id)", async ({
    open,
  }) => {
    const { page } = await open({ viewport: "mobile", language: "id" });
    await visit(page, (await createScenario("package-form")).url);
    for (const control of [
      page.getByTestId("field-sender_name").locator("input"),
      page.getByTestId("field-package_size").locator("select"),
      page.getByTestId("slider-track"),
    ]) {
      const edge = await control.evaluate((element) => getComputedStyle(element).borderTopColor);
      expect(contrastOf(edge, "rgb(255, 255, 255)"), edge).toBeGreaterThanOrEqual(3);
    }
  });

  test("forced colours (Windows high contrast): the chosen partnership, the pressed language, the current slide and a focused search still show (desktop, id)", async ({
    open,
  }) => {
    const { page } = await open({ viewport: "desktop", language: "id", forcedColors: "active" });
    await visit(page, "/");
    const card = (type: string) => page.locator(`label:has([data-testid="business-type-${type}"])`);
    await card("Business").click();
    // Forced colours paint every edge alike: the chosen card's is thicker.
    const edge = (type: string) => card(type).evaluate((label) => getComputedStyle(label).borderTopWidth);
    expect(Number.parseFloat(await edge("Business"))).toBeGreaterThan(
      Number.parseFloat(await edge("Individu")),
    );
    const pressed = page.getByTestId("public-header").locator('button[data-language="id"]');
    await expect(pressed).toHaveAttribute("aria-pressed", "true");
    await expect(pressed).toHaveCSS("outline-style", "solid");
    await page.getByTestId("finder-input").focus();
    await expect(page.getByTestId("finder-input")).not.toHaveCSS("outline-style", "none");

    await visit(page, "/services");
    const dots = page.getByTestId("banner-carousel").locator("ol button");
    const paint = (index: number) =>
      dots.nth(index).evaluate((dot) => getComputedStyle(dot, "::after").backgroundColor);
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    expect(await paint(0)).not.toBe(await paint(1));
    expect(await paint(1)).not.toBe("rgba(0, 0, 0, 0)");
  });

  test("less motion asked for: an endless animation (a spinner, a skeleton's shimmer) does not loop (mobile, en)", async ({
    open,
  }) => {
    const { page } = await open({ viewport: "mobile", language: "en", reducedMotion: "reduce" });
    await visit(page, "/");
    // One drawn as the loaders are (`animation: … infinite`), under the page's own stylesheets.
    await page.addStyleTag({
      content:
        "@keyframes spin-probe { to { rotate: 1turn } } #spin-probe { animation: spin-probe 800ms linear infinite }",
    });
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement("div"), { id: "spin-probe" })),
    );
    const iterations = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => (animation as CSSAnimation).animationName === "spin-probe")
        .map((animation) => animation.effect?.getComputedTiming().iterations),
    );
    expect(iterations.every((count) => count !== Number.POSITIVE_INFINITY)).toBe(true);
    expect(
      await page.evaluate(
        () => getComputedStyle(document.getElementById("spin-probe") as Element).animationIterationCount,
      ),
    ).toBe("1");
  });

  test("the services carousel keeps room for a focused banner button's ring (mobile, id)", async ({
    open,
  }) => {
    const { page } = await open({ viewport: "mobile", language: "id" });
    await visit(page, "/services");
    const button = page.getByTestId("banner-button").first();
    const ring = 5; // a 3 px outline 2 px off the button
    const [inner, outer] = await button.evaluate((element) => {
      const viewport = element.closest('[data-testid="banner-carousel"]')?.firstElementChild;
      const box = element.getBoundingClientRect();
      const frame = viewport?.getBoundingClientRect();
      return [
        { left: box.left, right: box.right, bottom: box.bottom },
        { left: frame?.left ?? 0, right: frame?.right ?? 0, bottom: frame?.bottom ?? 0 },
      ];
    });
    expect(inner.left - ring).toBeGreaterThanOrEqual(outer.left - 0.5);
    expect(inner.right + ring).toBeLessThanOrEqual(outer.right + 0.5);
    expect(inner.bottom + ring).toBeLessThanOrEqual(outer.bottom + 0.5);
  });
});
