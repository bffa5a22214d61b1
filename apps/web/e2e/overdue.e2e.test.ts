import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
// The screens' own messages files, not `locales/*/drop-off.ts`: Playwright's loader needs the
// import attribute on a JSON import, which that file (bundled by Vite) does not give.
import enOverdue from "../src/locales/en/drop-off/overdue.json" with { type: "json" };
import enResults from "../src/locales/en/drop-off/results.json" with { type: "json" };
import idOverdue from "../src/locales/id/drop-off/overdue.json" with { type: "json" };
import idResults from "../src/locales/id/drop-off/results.json" with { type: "json" };
import idShell from "../src/locales/id/shell.json" with { type: "json" };
import { type Lang, type ViewportName, visit } from "./support/browser.ts";
import { describe, expect, test } from "./support/fixtures.ts";
import { api } from "./support/journeys.ts";

/**
 * The overdue payment page and its result pages (spec §2, §4, §5, §8): entry redirects for each
 * scenario, the page's details and email rule, Fail and Cancel at the sandbox (warnings in the
 * page's language, nothing paid), success-payment trusting only the server, and the success and
 * expire pages. The form with and without scripts: `overdue-form.e2e.test.ts`; the payment calls
 * the route action makes (both flows): `features/overdue/lib/overdue-action.server.test.ts`.
 */

const texts = {
  id: { overdue: idOverdue, results: idResults },
  en: { overdue: enOverdue, results: enResults },
} as const;
const $ = (page: Page, testId: string) => page.getByTestId(testId);

interface Detail {
  invoiceNumber: string | null;
  receiverEmail: string | null;
  overdueStatus: string;
  overdueDays: number;
  overdueBasePrice: number;
  overdueTotalPrice: number;
  expressNumber: string;
  barcode: { id: string } | null;
}

describe("overdue page entry (spec §4)", () => {
  test("sends each scenario where it belongs", async ({ open, scenario }) => {
    test.setTimeout(90_000);
    const { page } = await open({ viewport: "mobile", language: "id" });

    await visit(page, "/overduepayment");
    await page.waitForURL((url) => url.pathname === "/");

    const inStore = await scenario("dropoff-in-store");
    // A detail call that fails (an order this token does not hold) goes home too.
    await visit(page, `/overduepayment?orderid=987654&token=${inStore.params.get("token")}`);
    await page.waitForURL((url) => url.pathname === "/");

    const inStoreId = inStore.params.get("orderid");
    await visit(page, `/overduepayment?orderid=${inStoreId}&token=${inStore.params.get("token")}`);
    await page.waitForURL((url) => url.pathname === "/order");
    await expect(page).toHaveURL((url) => url.searchParams.get("orderid") === inStoreId);
    await $(page, "order-screen").waitFor();

    const taken = await scenario("dropoff-overdue-taken");
    await visit(
      page,
      `/overduepayment?orderid=${taken.params.get("orderid")}&token=${taken.params.get("token")}`,
    );
    await page.waitForURL((url) => url.pathname === "/order");
    await $(page, "order-screen").waitFor();
    await expect($(page, "order-screen")).toHaveAttribute("data-status", "CUSTOMER_TAKEN");

    const expired = await scenario("dropoff-overdue-expired");
    await visit(page, expired.url);
    await page.waitForURL((url) => url.pathname === "/overduepayment/expire");
    await expect(page.locator("main h1")).toHaveText("Link Kadaluwarsa");
    // The expired link opens no order page either, and nothing personal shows on the way.
    const personal: string[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/api/"))
        void response.text().then(
          (body) => personal.push(body),
          () => {},
        );
    });
    await visit(page, expired.url.replace("/overduepayment?", "/order?"));
    await page.waitForURL((url) => url.pathname === "/overduepayment/expire");
    expect(personal.join("\n")).not.toMatch(/Rina Kartika|0811222233333|Sekar Arum/);

    const due = await scenario("dropoff-overdue-need-to-pay");
    await visit(page, due.url);
    await $(page, "overdue-screen").waitFor();
    await expect(page).toHaveURL((url) => url.pathname === "/overduepayment");
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("overdue")))
      .toBe(due.params.get("orderid"));

    // Without the link's token only the routing summary comes back: not enough to pay, so home.
    const other = await scenario("dropoff-overdue-need-to-pay");
    const { page: anonymous } = await open({ viewport: "desktop", language: "id" });
    await visit(anonymous, `/overduepayment?orderid=${other.params.get("orderid")}`);
    await anonymous.waitForURL((url) => url.pathname === "/");
  });
});

const combos: [ViewportName, Lang][] = [
  ["mobile", "id"],
  ["desktop", "en"],
];

for (const [viewport, lang] of combos)
  describe(`overdue payment at ${viewport} in ${lang}`, () => {
    const t = texts[lang].overdue;
    const button = lang === "id" ? "Fail" : "Cancel";
    const warning = button === "Fail" ? t.failed : t.cancelled;

    test(`shows the details and the email rule, then returns from ${button} with its warning and nothing paid`, async ({
      openScenario,
    }) => {
      const { page, errors, demo } = await openScenario("dropoff-overdue-need-to-pay", {
        viewport,
        language: lang,
      });
      const { orderId: orderid, token } = demo;
      await visit(page, demo.url);
      await $(page, "overdue-screen").waitFor();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const detail = (await api<Detail>(`/api/v1/dropoff/overdue/${orderid}`, token)).data;

      // The fee's invoice number, kept by the API: the same on every load, and the one sent.
      expect(detail.invoiceNumber).toMatch(/^INV-DOL-[A-Z0-9]{6}-[A-Z0-9]{4}$/);
      await expect($(page, "overdue-invoice")).toHaveText(detail.invoiceNumber ?? "");
      await visit(page, demo.url.replace(/&?token=[^&]+/, ""));
      await $(page, "overdue-screen").waitFor();
      await expect($(page, "overdue-invoice")).toHaveText(detail.invoiceNumber ?? "");
      await expect($(page, "overdue-order-number")).toHaveText(detail.expressNumber);
      await expect($(page, "overdue-screen")).toContainText("Toko Batik Sekar Arum");
      const rupiah = (value: number) => `Rp. ${value.toLocaleString("de-DE")}`;
      await expect($(page, "overdue-total")).toHaveText(rupiah(detail.overdueTotalPrice));
      expect(detail.overdueTotalPrice).toBe(detail.overdueBasePrice * detail.overdueDays);
      const breakdown = $(page, "overdue-breakdown");
      await expect(breakdown).toBeHidden();
      await $(page, "overdue-total-toggle").click();
      await expect(breakdown).toBeVisible();
      await expect(breakdown).toContainText(rupiah(detail.overdueBasePrice));
      await expect(breakdown).toContainText(`${detail.overdueDays} ${lang === "en" ? "days" : "hari"}`);

      // Receiver prefilled and read-only; Select Payment only with a valid email.
      await expect($(page, "overdue-receiver-name")).toHaveValue("Rina Kartika");
      await expect($(page, "overdue-receiver-name")).toHaveAttribute("readonly", "");
      await expect($(page, "overdue-phone")).toHaveValue("0811222233333");
      await expect($(page, "overdue-phone")).toHaveAttribute("readonly", "");
      const pay = $(page, "overdue-select-payment");
      await expect(pay).toHaveText(t.selectPayment);
      await expect(pay).toBeDisabled();
      const email = $(page, "overdue-email");
      await email.fill("rina@example");
      await email.blur();
      await expect($(page, "overdue-form").getByTestId("field-error")).toHaveText(t.messages.email);
      await expect(pay).toBeDisabled();
      await email.fill("  rina@example.com ");
      await email.blur();
      await expect(email).toHaveValue("rina@example.com");
      await expect(pay).toBeEnabled();

      if (viewport === "mobile") {
        // Sticky at the bottom of the screen while the page scrolls.
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect
          .poll(async () => {
            const bar = (await $(page, "overdue-actions").boundingBox())!;
            return Math.round(bar.y + bar.height);
          })
          .toBe(844);
      }

      await pay.click();
      await page.waitForURL((url) => url.pathname.startsWith("/demo/"), { timeout: 15_000 });
      // The API recorded the submit under the invoice number the page showed.
      expect((await api<Detail>(`/api/v1/dropoff/overdue/${orderid}`, token)).data).toMatchObject({
        invoiceNumber: detail.invoiceNumber,
        receiverEmail: "rina@example.com",
      });
      await page.getByRole("button", { name: button, exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/overduepayment", { timeout: 15_000 });
      await $(page, "overdue-warning").waitFor();
      await expect($(page, "overdue-warning")).toHaveText(warning);
      // The email typed before the payment is kept for another try; nothing was paid.
      await expect($(page, "overdue-email")).toHaveValue("rina@example.com");
      const after = (await api<Detail>(`/api/v1/dropoff/overdue/${orderid}`, token)).data;
      expect(after.overdueStatus).toBe("need_to_pay");
      expect(after.barcode).toBeNull();

      // The return URL cannot claim a success: success-payment asks the server, which knows the
      // payment failed or was cancelled, so the overdue page shows its warning again and no QR.
      await visit(
        page,
        `/overduepayment/success-payment?orderid=${orderid}&payment_status=SUCCESS&overdue=true`,
      );
      await page.waitForURL((url) => url.pathname === "/overduepayment");
      await $(page, "overdue-warning").waitFor();
      await expect($(page, "overdue-warning")).toHaveText(warning);
      await expect($(page, "overdue-paid-qr")).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  });

/** Doubles every element's font size, px sizes too, as a phone's text zoom does (Android web view). */
async function doubleText(page: Page): Promise<void> {
  await page.evaluate(() => {
    const elements = [...document.querySelectorAll<HTMLElement>("body, body *")];
    const sizes = elements.map((element) => Number.parseFloat(getComputedStyle(element).fontSize));
    elements.forEach((element, index) => {
      element.style.setProperty("font-size", `${(sizes[index] ?? 16) * 2}px`, "important");
    });
  });
}

describe("the overdue page on a small phone and with larger text (WCAG 1.4.4, 1.4.10)", () => {
  test("its long Indonesian title reads in full, and doubled text wraps the amounts instead of scrolling sideways", async ({
    openScenario,
  }) => {
    const { page, errors, demo } = await openScenario("dropoff-overdue-need-to-pay", {
      viewport: "mobile",
      language: "id",
    });
    await page.setViewportSize({ width: 320, height: 568 });
    await visit(page, demo.url);
    await $(page, "overdue-screen").waitFor();
    const title = $(page, "header-title");
    await expect(title).toHaveText(idShell.header.overdueFee);
    // Not cut by an ellipsis: the title takes a second line rather than overflow its box (within the
    // pixel its line heights round off).
    await expect
      .poll(() =>
        title.evaluate(
          (element) =>
            element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight + 1,
        ),
      )
      .toBe(true);

    await page.setViewportSize({ width: 360, height: 640 });
    await $(page, "overdue-total-toggle").click();
    await expect($(page, "overdue-breakdown")).toBeVisible();
    await doubleText(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(360);
    // The bar grows with its text, and what scrolls a focused field into view stops below it.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const bar =
            document.querySelector('[data-testid="back-header"]')?.getBoundingClientRect().height ?? 0;
          return (
            bar > 56 && Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) >= bar
          );
        }),
      )
      .toBe(true);
    expect(errors).toEqual([]);
  });
});

describe("overdue result pages", () => {
  for (const [kind, path, viewport, lang] of [
    ["expired", "/overduepayment/expire", "mobile", "id"],
    ["taken", "/overduepayment/success", "desktop", "en"],
  ] as const) {
    test(`${path} (${viewport}, ${lang}) has no header, help and store links, and clears the stored overdue state`, async ({
      open,
    }) => {
      const { page, errors } = await open({
        viewport,
        language: lang,
        storage: { overdue: "12", overdue_dropoff_data: JSON.stringify({ id: 12 }) },
      });
      await visit(page, path);
      const screen = $(page, `overdue-result-${kind}`);
      await screen.waitFor();
      const r = texts[lang].results;
      await expect(page.locator("main h1")).toHaveText(kind === "taken" ? r.takenTitle : r.expireTitle);
      await expect($(page, "back-header")).toHaveCount(0);
      await expect($(page, "public-header")).toHaveCount(0);
      await expect($(page, "public-footer")).toHaveCount(0);
      await expect($(page, "overdue-help-link")).toHaveAttribute("href", /^https:\/\//);
      await expect($(page, "overdue-app-links").locator("a")).toHaveCount(2);
      await expect.poll(() => page.evaluate(() => localStorage.getItem("overdue"))).toBeNull();
      await expect.poll(() => page.evaluate(() => localStorage.getItem("overdue_dropoff_data"))).toBeNull();
      expect(errors).toEqual([]);
    });
  }
});

describe("accessibility of the drop-off screens", () => {
  test("has no serious violations (mobile, id)", async ({ open, scenario }) => {
    test.setTimeout(90_000);
    const form = await scenario("package-form");
    const order = await scenario("dropoff-in-store");
    const due = await scenario("dropoff-overdue-need-to-pay");
    const { page } = await open({ viewport: "mobile", language: "id" });
    const found: string[] = [];
    for (const [path, ready] of [
      [form.url, "package-screen"],
      [order.url, "order-screen"],
      [due.url, "overdue-screen"],
      ["/overduepayment/expire", "overdue-result-expired"],
    ] as const) {
      await visit(page, path);
      await $(page, ready).waitFor();
      if (ready === "package-screen") await $(page, "package-submit").click();
      const result = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      for (const violation of result.violations) {
        if (violation.impact === "serious" || violation.impact === "critical") {
          found.push(
            `${path}: ${violation.id} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
          );
        }
      }
    }
    expect(found).toEqual([]);
  });
});
