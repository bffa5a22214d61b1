// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { flushTimers, testRoot } from "../../test/test-root";
import { paymentCheckPollMs, paymentCheckWindowMs, type SettledPayment } from "../api/check-payment";
import { createI18n, ensureLanguage, I18nProvider } from "../lib/i18n/i18n";
import en from "../locales/en/payment.json";
import { PaymentCheck } from "./payment-check";

const state = (status: string) => ({
  code: 200,
  data: { status, purpose: "rent-overdue", amount: 10000, createdAt: 1, paidAt: null },
});

let answers: string[];
let asked: { url: string; method: string; authorization: string | null }[];
const dom = testRoot();
const settled = vi.fn<(status: SettledPayment) => void>();
const payAgain = vi.fn();

beforeAll(async () => {
  await ensureLanguage("en");
  // Transformed once here, so the check's own import of it resolves at once under fake timers.
  await import("./payment-check-panel");
});

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  asked = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      asked.push({
        url,
        method: init.method ?? "GET",
        authorization: new Headers(init.headers).get("authorization"),
      });
      const next = answers.length > 1 ? answers.shift() : answers[0];
      return new Response(JSON.stringify(state(next ?? "PENDING")), {
        headers: { "content-type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  settled.mockReset();
  payAgain.mockReset();
});

const flush = flushTimers;

async function render(variant: "screen" | "section" = "section") {
  const client = new QueryClient();
  // In a route of its own, as on its pages (a screen names the document, from the root's config).
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <PaymentCheck
          orderid={42}
          token="member-token"
          variant={variant}
          onSettled={settled}
          onPayAgain={payAgain}
        />
      ),
    },
  ]);
  await dom.render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={createI18n("en", { product: "Paxel" })}>
        <Stub initialEntries={["/"]} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  // The check loads on demand.
  for (let round = 0; round < 50 && dom.container.querySelector('[data-phase="loading"]'); round++) {
    await flush();
  }
  expect(dom.container.querySelector('[data-phase="loading"]')).toBeNull();
  await flush();
}

const phase = () => dom.container.querySelector('[data-testid="payment-check"]')?.getAttribute("data-phase");
const text = () => dom.container.textContent ?? "";
const button = (testId: string) =>
  dom.container.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);

describe("<PaymentCheck>", () => {
  it("asks the server first, says 'being confirmed' while PENDING, and after a minute offers check again and pay again", async () => {
    answers = ["PENDING"];
    await render();
    expect(asked[0]).toEqual({
      url: "/api/v1/box/payments/42/check",
      method: "POST",
      authorization: "Bearer member-token",
    });
    expect(phase()).toBe("pending");
    expect(text()).toContain(en.confirming);
    expect(dom.container.querySelector("h2")?.textContent).toBe(en.confirming);

    // Asked again every few seconds while it waits.
    await flush(paymentCheckPollMs);
    expect(asked.length).toBe(2);
    await flush(paymentCheckWindowMs - paymentCheckPollMs);
    expect(phase()).toBe("unconfirmed");
    expect(text()).toContain(en.notConfirmed);
    expect(button("payment-check-again")?.textContent).toBe(en.checkAgain);
    expect(button("payment-pay-again")?.textContent).toBe(en.payAgain);
    // A card of a view with its own primary action: both quiet.
    expect(button("payment-check-again")?.className).not.toMatch(/primary/);
    // No more asking once the message shows.
    const count = asked.length;
    await flush(paymentCheckPollMs * 3);
    expect(asked.length).toBe(count);
    expect(settled).not.toHaveBeenCalled();

    button("payment-pay-again")?.click();
    expect(payAgain).toHaveBeenCalledOnce();

    // Check again: asks once more; paid now.
    answers = ["SUCCESS"];
    await act(async () => button("payment-check-again")?.click());
    await flush();
    expect(asked.length).toBe(count + 1);
    expect(settled).toHaveBeenCalledExactlyOnceWith("SUCCESS");
  });

  it("resumes waiting when check again finds it still PENDING", async () => {
    answers = ["PENDING"];
    await render();
    await flush(paymentCheckWindowMs);
    expect(phase()).toBe("unconfirmed");
    await act(async () => button("payment-check-again")?.click());
    await flush();
    expect(phase()).toBe("pending");
    answers = ["SUCCESS"];
    await flush(paymentCheckPollMs);
    expect(settled).toHaveBeenCalledExactlyOnceWith("SUCCESS");
  });

  it("reports a failed, cancelled or expired payment at once", async () => {
    for (const status of ["FAILED", "CANCELLED", "EXPIRED"] as const) {
      answers = [status];
      settled.mockReset();
      await render();
      expect(settled).toHaveBeenCalledExactlyOnceWith(status);
      expect(text()).not.toContain(en.confirming);
      dom.reset();
    }
  });

  it("with no payment to confirm, says so at once (as a screen's heading, check again its primary action)", async () => {
    answers = ["NONE"];
    await render("screen");
    expect(phase()).toBe("unconfirmed");
    expect(dom.container.querySelector("h1")?.textContent).toBe(en.notConfirmed);
    // The document is named as the heading says, not "paid".
    expect(document.title).toMatch(new RegExp(`^${en.notConfirmed}`));
    expect(button("payment-check-again")?.className).toMatch(/primary/);
    expect(settled).not.toHaveBeenCalled();
  });

  it("keeps asking after a failed check, and gives the message after the minute", async () => {
    vi.mocked(fetch).mockImplementation(async () => new Response("", { status: 502 }));
    await render();
    expect(phase()).toBe("checking");
    await flush(paymentCheckPollMs);
    expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThan(1);
    await flush(paymentCheckWindowMs);
    expect(phase()).toBe("unconfirmed");
  });
});
