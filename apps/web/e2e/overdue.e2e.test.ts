import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import en from "../src/locales/en/drop-off.ts";
import id from "../src/locales/id/drop-off.ts";
import { type Lang, type ViewportName, visit } from "./support/browser.ts";
import { describe, expect, it } from "./support/fixtures.ts";
import { api } from "./support/journeys.ts";

/**
 * The overdue payment page and its result pages (spec §2, §4, §5, §8): entry redirects for each
 * scenario, the page's details and email rule, Fail and Cancel at the sandbox (warnings in the
 * page's language, nothing paid), success-payment trusting only the server, and the success and
 * expire pages. The form with and without scripts: `overdue-form.e2e.test.ts`; the payment calls
 * the route action makes (both flows): `features/overdue/lib/overdue-action.server.test.ts`.
 */

const texts = { id, en } as const;
const $ = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`);

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
  it("sends each scenario where it belongs", async ({ open, scenario }) => {
    const { page } = await open({ viewport: "mobile", language: "id" });
    const path = () => new URL(page.url()).pathname;

    await visit(page, "/overduepayment");
    await page.waitForURL((url) => url.pathname === "/");

    const inStore = await scenario("dropoff-in-store");
    // A detail call that fails (an order this token does not hold) goes home too.
    await visit(page, `/overduepayment?orderid=987654&token=${inStore.params.get("token")}`);
    await page.waitForURL((url) => url.pathname === "/");

    const inStoreId = inStore.params.get("orderid");
    await visit(page, `/overduepayment?orderid=${inStoreId}&token=${inStore.params.get("token")}`);
    await page.waitForURL((url) => url.pathname === "/order");
    expect(new URL(page.url()).searchParams.get("orderid")).toBe(inStoreId);
    await $(page, "order-screen").waitFor();

    const taken = await scenario("dropoff-overdue-taken");
    await visit(
      page,
      `/overduepayment?orderid=${taken.params.get("orderid")}&token=${taken.params.get("token")}`,
    );
    await page.waitForURL((url) => url.pathname === "/order");
    await $(page, "order-screen").waitFor();
    expect(await $(page, "order-screen").getAttribute("data-status")).toBe("CUSTOMER_TAKEN");

    const expired = await scenario("dropoff-overdue-expired");
    await visit(page, expired.url);
    await page.waitForURL((url) => url.pathname === "/overduepayment/expire");
    expect(await page.locator("main h1").textContent()).toBe("Link Kadaluwarsa");
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
    expect(path()).toBe("/overduepayment");
    expect(await page.evaluate(() => localStorage.getItem("overdue"))).toBe(due.params.get("orderid"));

    // Without the link's token only the routing summary comes back: not enough to pay, so home.
    const other = await scenario("dropoff-overdue-need-to-pay");
    const { page: anonymous } = await open({ viewport: "desktop", language: "id" });
    await visit(anonymous, `/overduepayment?orderid=${other.params.get("orderid")}`);
    await anonymous.waitForURL((url) => url.pathname === "/");
  }, 90_000);
});

const combos: [ViewportName, Lang][] = [
  ["mobile", "id"],
  ["desktop", "en"],
];

describe.each(combos)("overdue payment at %s in %s", (viewport, lang) => {
  const t = texts[lang].overdue;
  const button = lang === "id" ? "Fail" : "Cancel";
  const warning = button === "Fail" ? t.failed : t.cancelled;

  it(`shows the details and the email rule, then returns from ${button} with its warning and nothing paid`, async ({
    open,
    scenario,
  }) => {
    const demo = await scenario("dropoff-overdue-need-to-pay");
    const { orderId: orderid, token } = demo;
    const { page, errors } = await open({ viewport, language: lang });
    await visit(page, demo.url);
    await $(page, "overdue-screen").waitFor();
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    const detail = (await api<Detail>(`/api/v1/dropoff/overdue/${orderid}`, token)).data;

    // The fee's invoice number, kept by the API: the same on every load, and the one sent.
    expect(detail.invoiceNumber).toMatch(/^INV-DOL-[A-Z0-9]{6}-[A-Z0-9]{4}$/);
    expect(await $(page, "overdue-invoice").textContent()).toBe(detail.invoiceNumber);
    await visit(page, demo.url.replace(/&?token=[^&]+/, ""));
    await $(page, "overdue-screen").waitFor();
    expect(await $(page, "overdue-invoice").textContent()).toBe(detail.invoiceNumber);
    expect(await $(page, "overdue-order-number").textContent()).toBe(detail.expressNumber);
    expect(await $(page, "overdue-screen").textContent()).toContain("Toko Batik Sekar Arum");
    const rupiah = (value: number) => `Rp. ${value.toLocaleString("de-DE")}`;
    expect(await $(page, "overdue-total").textContent()).toBe(rupiah(detail.overdueTotalPrice));
    expect(detail.overdueTotalPrice).toBe(detail.overdueBasePrice * detail.overdueDays);
    const breakdown = $(page, "overdue-breakdown");
    expect(await breakdown.isVisible()).toBe(false);
    await $(page, "overdue-total-toggle").click();
    expect(await breakdown.isVisible()).toBe(true);
    expect(await breakdown.textContent()).toContain(rupiah(detail.overdueBasePrice));
    expect(await breakdown.textContent()).toContain(
      `${detail.overdueDays} ${lang === "en" ? "days" : "hari"}`,
    );

    // Receiver prefilled and read-only; Select Payment only with a valid email.
    expect(await $(page, "overdue-receiver-name").inputValue()).toBe("Rina Kartika");
    expect(await $(page, "overdue-receiver-name").getAttribute("readonly")).toBe("");
    expect(await $(page, "overdue-phone").inputValue()).toBe("0811222233333");
    expect(await $(page, "overdue-phone").getAttribute("readonly")).toBe("");
    const pay = $(page, "overdue-select-payment");
    expect(await pay.textContent()).toBe(t.selectPayment);
    expect(await pay.isDisabled()).toBe(true);
    const email = $(page, "overdue-email");
    await email.fill("rina@example");
    await email.blur();
    await expect
      .poll(() => $(page, "overdue-form").locator('[data-testid="field-error"]').textContent())
      .toBe(t.messages.email);
    expect(await pay.isDisabled()).toBe(true);
    await email.fill("  rina@example.com ");
    await email.blur();
    expect(await email.inputValue()).toBe("rina@example.com");
    await expect.poll(() => pay.isEnabled()).toBe(true);

    if (viewport === "mobile") {
      // Sticky at the bottom of the screen while the page scrolls.
      await page.evaluate(() => window.scrollTo(0, 0));
      const bar = (await $(page, "overdue-actions").boundingBox())!;
      expect(Math.round(bar.y + bar.height)).toBe(844);
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
    expect(await $(page, "overdue-warning").textContent()).toBe(warning);
    // The email typed before the payment is kept for another try; nothing was paid.
    await expect.poll(() => $(page, "overdue-email").inputValue()).toBe("rina@example.com");
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
    expect(await $(page, "overdue-warning").textContent()).toBe(warning);
    expect(await $(page, "overdue-paid-qr").count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe("overdue result pages", () => {
  for (const [kind, path, viewport, lang] of [
    ["expired", "/overduepayment/expire", "mobile", "id"],
    ["taken", "/overduepayment/success", "desktop", "en"],
  ] as const) {
    it(`${path} (${viewport}, ${lang}) has no header, help and store links, and clears the stored overdue state`, async ({
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
      expect(await page.locator("main h1").textContent()).toBe(
        kind === "taken" ? r.takenTitle : r.expireTitle,
      );
      expect(await $(page, "back-header").count()).toBe(0);
      expect(await $(page, "public-header").count()).toBe(0);
      expect(await $(page, "public-footer").count()).toBe(0);
      expect(await $(page, "overdue-help-link").getAttribute("href")).toMatch(/^https:\/\//);
      expect(await $(page, "overdue-app-links").locator("a").count()).toBe(2);
      await expect.poll(() => page.evaluate(() => localStorage.getItem("overdue"))).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem("overdue_dropoff_data"))).toBeNull();
      expect(errors).toEqual([]);
    });
  }
});

describe("accessibility of the drop-off screens", () => {
  it("has no serious violations (mobile, id)", async ({ open, scenario }) => {
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
  }, 90_000);
});
