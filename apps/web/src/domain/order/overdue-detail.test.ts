import type { OverdueDropoffDetail } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { feeRefreshMs } from "./overdue-detail";

const day = 24 * 60 * 60 * 1000;
const deadline = Date.UTC(2026, 11, 1, 10);
const detail = (days: number, overdueStatus: OverdueDropoffDetail["overdueStatus"] = "need_to_pay") =>
  ({
    id: 7,
    status: "IN_STORE",
    overdueStatus,
    expressNumber: "PXB-1",
    overdueTime: deadline,
    overdueDays: days,
  }) as OverdueDropoffDetail;

describe("a due fee's detail asked again", () => {
  it("as the next day past the deadline starts, when its total grows", () => {
    // Two days started: the third starts at deadline + 2 days.
    expect(feeRefreshMs(detail(2), deadline + 2 * day - 30_000)).toBe(31_000);
    // Just after the deadline, the first day's total stands until a day after it.
    expect(feeRefreshMs(detail(1), deadline + day - 5_000)).toBe(6_000);
  });

  it("at most an hour later, and never sooner than a second", () => {
    expect(feeRefreshMs(detail(1), deadline + 60_000)).toBe(60 * 60 * 1000);
    expect(feeRefreshMs(detail(1), deadline + 2 * day)).toBe(1_000);
  });

  it("not by itself when nothing is due, or only the summary is known", () => {
    expect(feeRefreshMs(detail(0, "none"), deadline)).toBe(false);
    expect(feeRefreshMs({ id: 7, status: "IN_STORE", overdueStatus: "need_to_pay" }, deadline)).toBe(false);
    expect(feeRefreshMs(undefined, deadline)).toBe(false);
  });
});
