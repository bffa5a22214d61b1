import { describe, expect, it } from "vitest";
import { rentEnds, rentUnitOf } from "./duration";

const hour = 3_600_000;
const stored = Date.UTC(2026, 10, 30, 3, 0);
const rent = { storeTime: stored, rentTime: 6, rentTimeUnit: "hour", overdueTime: stored + 6 * hour };

describe("rent duration", () => {
  it("reads the server's units in either language, and no other", () => {
    expect(["hour", "Hours", " jam "].map(rentUnitOf)).toEqual(["hour", "hour", "hour"]);
    expect(["day", "days", "Hari"].map(rentUnitOf)).toEqual(["day", "day", "day"]);
    expect(rentUnitOf("week")).toBeNull();
  });

  it("ends a stored rent at its deadline, its start plus its duration", () => {
    expect(rentEnds(rent)).toEqual({ ends: stored + 6 * hour, extendedUntil: null });
    // A deadline the kiosk rounded to the minute is still the rent's own end.
    expect(rentEnds({ ...rent, overdueTime: stored + 6 * hour + 30_000 }).extendedUntil).toBeNull();
  });

  it("keeps the rent's own end after a paid extension, and names the deadline it was extended until", () => {
    expect(rentEnds({ ...rent, overdueTime: stored + 8 * hour })).toEqual({
      ends: stored + 6 * hour,
      extendedUntil: stored + 8 * hour,
    });
    const days = { ...rent, rentTime: 2, rentTimeUnit: "hari", overdueTime: stored + 3 * 24 * hour };
    expect(rentEnds(days)).toEqual({ ends: stored + 2 * 24 * hour, extendedUntil: stored + 3 * 24 * hour });
  });

  it("has no end before the items are stored, and shows the deadline as the end in a unit it does not know", () => {
    expect(rentEnds({ ...rent, storeTime: null })).toEqual({ ends: null, extendedUntil: null });
    expect(rentEnds({ ...rent, overdueTime: null })).toEqual({ ends: null, extendedUntil: null });
    const weeks = { ...rent, rentTimeUnit: "week", overdueTime: stored + 100 * hour };
    expect(rentEnds(weeks)).toEqual({ ends: stored + 100 * hour, extendedUntil: null });
  });
});
