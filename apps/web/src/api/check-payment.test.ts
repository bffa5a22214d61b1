import { describe, expect, it } from "vitest";
import { paymentCheckPhase, paymentCheckPollMs, paymentCheckWindowMs } from "./check-payment";

describe("payment check phase", () => {
  it("waits while there is no answer or the payment is PENDING, for a minute at most", () => {
    expect(paymentCheckPhase(undefined, false)).toBe("checking");
    expect(paymentCheckPhase("PENDING", false)).toBe("pending");
    expect(paymentCheckPhase("PENDING", true)).toBe("unconfirmed");
    expect(paymentCheckPhase(undefined, true)).toBe("unconfirmed");
    expect(paymentCheckWindowMs).toBe(60_000);
    expect(paymentCheckPollMs).toBeLessThanOrEqual(5000);
  });

  it("reports a settled payment, even after the window", () => {
    for (const status of ["SUCCESS", "FAILED", "CANCELLED", "EXPIRED"] as const) {
      expect(paymentCheckPhase(status, false)).toBe(status);
      expect(paymentCheckPhase(status, true)).toBe(status);
    }
  });

  it("has nothing to confirm without a payment (NONE) or after a refund", () => {
    expect(paymentCheckPhase("NONE", false)).toBe("unconfirmed");
    expect(paymentCheckPhase("REFUNDED", false)).toBe("unconfirmed");
  });
});
