import { describe, expect, it } from "vitest";
import { announcedTime, formatClock, remainingUntil } from "./countdown";

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

  it("tells a screen reader no more time than is left, in steps it can say in words", () => {
    const at = (seconds: number) => announcedTime({ totalSeconds: seconds });
    // 2 h 59 min 57 s: two hours fifty-five, not "03:00".
    expect(at(3 * 3600 - 3)).toEqual({ days: 0, hours: 2, minutes: 55 });
    expect(at(2 * 3600 + 60)).toEqual({ days: 0, hours: 2, minutes: 0 });
    expect(at(86_400 + 3600 + 7 * 60)).toEqual({ days: 1, hours: 1, minutes: 5 });
    // The last five minutes one by one, and none in the last: it is less than a minute.
    expect(at(4 * 60 + 59)).toEqual({ days: 0, hours: 0, minutes: 4 });
    expect(at(60)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(at(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
