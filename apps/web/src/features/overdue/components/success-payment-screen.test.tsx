// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { testOverdueDetail } from "../../../../test/test-order";
import { flushTimers, testRoot } from "../../../../test/test-root";
import { paymentCheckWindowMs } from "../../../api/check-payment";
import { createI18n, ensureLanguage, I18nProvider } from "../../../lib/i18n/i18n";
import en from "../../../locales/en/payment.json";
import { SuccessPaymentScreen } from "./success-payment-screen";

/** A drop-off whose overdue fee the check calls paid: its pick-up QR (`barcode`) is not there yet. */
const detail = testOverdueDetail({ barcode: null });

let asked: string[];
const dom = testRoot();

beforeAll(async () => {
  await ensureLanguage("en");
  await import("../../../components/payment-check-panel");
});

beforeEach(() => {
  vi.useFakeTimers();
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      const data = url.includes("/check")
        ? { status: "SUCCESS", purpose: "dropoff-overdue", amount: 5000, createdAt: 1, paidAt: 2 }
        : detail;
      return new Response(JSON.stringify({ code: 200, data }), {
        headers: { "content-type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = flushTimers;

const detailAsks = () => asked.filter((url) => url.startsWith("/api/v1/dropoff/overdue/9")).length;
const checkAgain = () =>
  dom.container.querySelector<HTMLButtonElement>('[data-testid="payment-check-again"]');

describe("<SuccessPaymentScreen>", () => {
  it("asks for the QR of a paid fee for a minute, then says it is not confirmed and offers to check again", async () => {
    const Stub = createRoutesStub([
      {
        path: "/overduepayment/success-payment",
        Component: () => (
          <SuccessPaymentScreen orderid={9} token="link-token" linkToken="link-token" served={null} />
        ),
      },
    ]);
    await dom.render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={createI18n("en", { product: "Paxel" })}>
          <Stub initialEntries={["/overduepayment/success-payment?orderid=9"]} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    for (let round = 0; round < 50 && !asked.some((url) => url.includes("/check")); round++) await flush();
    await flush();
    expect(asked.some((url) => url.includes("/check"))).toBe(true);

    // Paid: the detail is asked again while the page waits for its QR.
    const first = detailAsks();
    await flush(10_000);
    expect(detailAsks()).toBeGreaterThan(first + 2);
    expect(checkAgain()).toBeNull();

    // A minute on: no more asking, and a way on instead of a spinner for good.
    await flush(paymentCheckWindowMs);
    const after = detailAsks();
    await flush(30_000);
    expect(detailAsks()).toBe(after);
    expect(dom.container.querySelector("h1")?.textContent).toBe(en.notConfirmed);
    expect(checkAgain()).not.toBeNull();
    expect(dom.container.querySelector('[data-testid="payment-pay-again"]')).not.toBeNull();

    // Check again: the detail is asked anew, and the page waits again.
    await act(async () => checkAgain()?.click());
    await flush();
    expect(detailAsks()).toBe(after + 1);
    expect(checkAgain()).toBeNull();
  });
});
