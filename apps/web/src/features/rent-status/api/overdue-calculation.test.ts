import { describe, expect, it } from "vitest";
import { calculationRefreshMs } from "./overdue-calculation";

const now = Date.UTC(2026, 10, 30, 8, 0);
const quote = (nextInMs: number) => ({
  total_overdue_fee: 15_000,
  next_overdue_time: now + nextInMs,
  increase_duration: 3,
  overdue_fee_per_unit: 5_000,
  rent_unit: "hours",
  rent_unit_bahasa: "jam",
});

describe("overdue fee refresh", () => {
  it("asks again just after the next hour starts, on the server's clock", () => {
    expect(calculationRefreshMs(quote(20_000), now)).toBe(21_000);
    expect(calculationRefreshMs(quote(0), now)).toBe(1_000);
  });

  it("asks at most a minute later, never in a loop, and each minute before a first answer", () => {
    expect(calculationRefreshMs(quote(30 * 60_000), now)).toBe(60_000);
    expect(calculationRefreshMs(quote(-5 * 60_000), now)).toBe(1_000);
    expect(calculationRefreshMs(undefined, now)).toBe(60_000);
  });
});
