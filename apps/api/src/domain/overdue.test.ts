import { describe, expect, it } from "vitest";
import { calculateRentOverdue, dayMs, dropoffOverdueFee, dropoffOverdueStatus, hourMs } from "./overdue.ts";

const now = Date.UTC(2026, 10, 21, 12, 0, 0);

describe("rent overdue", () => {
  it("is zero before the deadline", () => {
    const result = calculateRentOverdue(
      { deadline: new Date(now + hourMs), expiredFlag: false, feePerHour: 5000 },
      now,
    );
    expect(result).toMatchObject({
      total_overdue_fee: 0,
      increase_duration: 0,
      next_overdue_time: now + hourMs,
    });
  });

  it("counts elapsed whole hours plus one", () => {
    const deadline = new Date(now - 2.5 * hourMs);
    const result = calculateRentOverdue({ deadline, expiredFlag: false, feePerHour: 5000 }, now);
    expect(result.increase_duration).toBe(3);
    expect(result.total_overdue_fee).toBe(15000);
    expect(result.next_overdue_time).toBe(deadline.getTime() + 3 * hourMs);
    expect(result.rent_unit_bahasa).toBe("jam");
  });

  it("charges one hour at once past the deadline, and when flagged expired early", () => {
    const justPast = calculateRentOverdue(
      { deadline: new Date(now - 1), expiredFlag: false, feePerHour: 4000 },
      now,
    );
    expect(justPast.increase_duration).toBe(1);
    const flagged = calculateRentOverdue(
      { deadline: new Date(now + hourMs), expiredFlag: true, feePerHour: 4000 },
      now,
    );
    expect(flagged.total_overdue_fee).toBe(4000);
  });

  it("has a zero fee when the hourly fee is zero", () => {
    const result = calculateRentOverdue(
      { deadline: new Date(now - hourMs), expiredFlag: false, feePerHour: 0 },
      now,
    );
    expect(result.increase_duration).toBe(2);
    expect(result.total_overdue_fee).toBe(0);
  });
});

describe("drop-off overdue", () => {
  const base = { status: "IN_STORE", feePerDay: 10000, linkExpiresAt: new Date(now + 7 * dayMs) };

  it("moves from none to need_to_pay to expired", () => {
    expect(dropoffOverdueStatus({ ...base, deadline: new Date(now + 1) }, now)).toBe("none");
    expect(dropoffOverdueStatus({ ...base, deadline: new Date(now - 1) }, now)).toBe("need_to_pay");
    expect(
      dropoffOverdueStatus({ ...base, deadline: new Date(now - 1), linkExpiresAt: new Date(now - 1) }, now),
    ).toBe("expired");
    expect(
      dropoffOverdueStatus({ ...base, status: "CUSTOMER_TAKEN", deadline: new Date(now - 1) }, now),
    ).toBe("none");
  });

  it("has nothing to pay past the deadline when the size has no fee, until the link expires", () => {
    const free = { ...base, feePerDay: 0, deadline: new Date(now - dayMs) };
    expect(dropoffOverdueStatus(free, now)).toBe("none");
    expect(dropoffOverdueStatus({ ...free, linkExpiresAt: new Date(now - 1) }, now)).toBe("expired");
  });

  it("charges each started day", () => {
    expect(dropoffOverdueFee({ ...base, deadline: new Date(now - dayMs - 1) }, now)).toEqual({
      days: 2,
      total: 20000,
    });
    expect(dropoffOverdueFee({ ...base, deadline: new Date(now + 1) }, now)).toEqual({ days: 0, total: 0 });
  });

  it("charges nothing once the parcel has left its locker, however long ago its deadline was", () => {
    for (const status of ["CUSTOMER_TAKEN", "OPERATOR_TAKEN", "TAKEN_BY_SYSTEM"]) {
      expect(dropoffOverdueFee({ ...base, status, deadline: new Date(now - 5 * dayMs) }, now)).toEqual({
        days: 0,
        total: 0,
      });
    }
  });
});
