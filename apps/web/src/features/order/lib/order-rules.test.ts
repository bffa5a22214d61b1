import type { Order } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { canShare, isOverdueNow, sharePayload, showsShareButton } from "./order-rules";

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

  it("shows share for the finished statuses and shares only the first five", () => {
    for (const status of ["CUSTOMER_TAKEN", "TAKEN_BY_SYSTEM", "OPERATOR_PICK", "OPERATOR_TAKEN", "CANCEL"]) {
      expect(showsShareButton(status)).toBe(true);
      expect(canShare({ status })).toBe(true);
    }
    expect(showsShareButton("CUSTOMER_STORE")).toBe(true);
    expect(canShare({ status: "CUSTOMER_STORE" })).toBe(false);
    expect(showsShareButton("IN_STORE")).toBe(false);
    expect(canShare(null)).toBe(false);
  });

  it("builds the share payload of the bridge", () => {
    const order = {
      recipientName: "Rina",
      expressNumber: "PBD1",
      status: "CUSTOMER_TAKEN",
      paymentMethod: "QRIS",
      payOfAmount: 15000,
      admin_fee: { amount: 0, total_amount: 15000 },
      mouth: { number: "3", box: { id: 1, name: "Mal", address: "Jl. A" } },
    } as unknown as Order;
    expect(sharePayload(order)).toEqual({
      recipientName: "Rina",
      expressNumber: "PBD1",
      status: "CUSTOMER_TAKEN",
      box: { name: "Mal", address: "Jl. A", door: "3" },
      paymentInfo: "QRIS · Rp. 15.000",
    });
  });
});
