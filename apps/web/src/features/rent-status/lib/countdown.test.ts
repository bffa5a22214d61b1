import { describe, expect, it } from "vitest";
import { formatClock, remainingUntil } from "./countdown";

describe("countdown (spec §4: days, then hh:mm:ss; 00:00:00 at zero)", () => {
  it("splits the time left into days and a clock", () => {
    const left = remainingUntil(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000, 0);
    expect(left).toMatchObject({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false });
    expect(formatClock(left)).toBe("03:04:05");
  });

  it("rounds part seconds up, so zero means done", () => {
    expect(formatClock(remainingUntil(1500, 1000))).toBe("00:00:01");
    expect(remainingUntil(1000, 1000)).toMatchObject({ totalSeconds: 0, done: true });
    expect(formatClock(remainingUntil(1000, 99_000))).toBe("00:00:00");
  });
});
