import { describe, expect, it } from "vitest";
import { canStillChange, isOverdueNow } from "./order-rules";

describe("order page rules (spec §4)", () => {
  const now = 1_700_000_000_000;
  it("moves to the overdue page only for a stored or imported order past its deadline with a price", () => {
    const order = { status: "IN_STORE", overduePrice: 5000, overdueTime: now - 1 };
    expect(isOverdueNow(order, now)).toBe(true);
    expect(isOverdueNow({ ...order, status: "IMPORTED" }, now)).toBe(true);
    expect(isOverdueNow({ ...order, status: "CUSTOMER_TAKEN" }, now)).toBe(false);
    expect(isOverdueNow({ ...order, overduePrice: 0 }, now)).toBe(false);
    expect(isOverdueNow({ ...order, overdueTime: now + 1 }, now)).toBe(false);
    expect(isOverdueNow({ ...order, overdueTime: null }, now)).toBe(false);
  });

  it("refreshes the order until it is taken, cancelled or ended", () => {
    expect(canStillChange(undefined)).toBe(true);
    expect(canStillChange("IMPORTED")).toBe(true);
    expect(canStillChange("IN_STORE")).toBe(true);
    for (const status of ["CUSTOMER_TAKEN", "CANCEL", "TAKEN_BY_SYSTEM", "OPERATOR_PICK"]) {
      expect(canStillChange(status)).toBe(false);
    }
  });
});
