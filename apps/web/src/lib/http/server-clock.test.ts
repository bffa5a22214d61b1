import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  noteServerDate,
  noteServerReading,
  resetServerClock,
  serverClockFetch,
  serverClockKnown,
  serverNow,
  waitForServerTime,
} from "./server-clock";

const serverTime = Date.parse("2026-03-02T10:00:00.000Z");

describe("server clock", () => {
  beforeEach(() => {
    resetServerClock();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    resetServerClock();
  });

  it("is the device's clock until something is known", () => {
    vi.setSystemTime(serverTime);
    expect(serverClockKnown()).toBe(false);
    expect(serverNow()).toBe(serverTime);
  });

  it("gives a timer's wait until the server's clock passes a time: at once when it has, never longer than a timer takes", () => {
    vi.setSystemTime(serverTime);
    expect(waitForServerTime(serverTime + 10_000)).toBe(10_050);
    expect(waitForServerTime(serverTime - 10_000)).toBe(0);
    expect(waitForServerTime(serverTime + 60 * 24 * 3600_000)).toBe(2 ** 31 - 1);
  });

  it("reads the earliest the server's clock can show from a Date header, on a phone days ahead", () => {
    const phone = serverTime + 3 * 24 * 3600_000;
    vi.setSystemTime(phone + 200);
    // Sent at phone, received 200 ms later; the server's second started at serverTime.
    noteServerDate(new Date(serverTime).toUTCString(), phone, phone + 200);
    expect(serverClockKnown()).toBe(true);
    expect(serverNow()).toBe(serverTime);
    vi.advanceTimersByTime(5000);
    expect(serverNow()).toBe(serverTime + 5000);
  });

  it("never runs ahead of the server: a deadline it says passed has passed on the server", () => {
    // The server's clock is 750 ms into its second; the phone is 4 s behind.
    const server = serverTime + 750;
    const phone = server - 4000;
    vi.setSystemTime(phone + 100);
    noteServerDate(new Date(serverTime).toUTCString(), phone, phone + 100);
    expect(serverNow()).toBeLessThanOrEqual(server + 100);
    expect(serverNow()).toBeGreaterThan(server + 100 - 1200);
  });

  it("narrows with more answers, and starts over when the device's clock was changed", () => {
    // The server's clock reads 10 s behind the phone's.
    let offset = -10_000;
    /** An answer sent at `sent` (phone), read by the server `readAfter` ms later, back after `rtt`. */
    const answer = (sent: number, readAfter: number, rtt: number) => {
      const second = Math.floor((sent + readAfter + offset) / 1000) * 1000;
      noteServerDate(new Date(second).toUTCString(), sent, sent + rtt);
    };
    const phone = serverTime - offset;
    answer(phone + 900, 50, 100); // read at .950 of its second: at least −11 000 ms
    answer(phone + 5_950, 50, 100); // read at .000: at least −10 050 ms
    vi.setSystemTime(phone + 10_000);
    expect(serverNow()).toBeGreaterThanOrEqual(phone + 10_000 + offset - 50);
    expect(serverNow()).toBeLessThanOrEqual(phone + 10_000 + offset);

    // The phone's clock is set a minute ahead: the old bounds no longer fit, the new answer wins.
    offset -= 60_000;
    answer(phone + 80_000, 50, 100);
    vi.setSystemTime(phone + 80_200);
    expect(serverNow()).toBeLessThanOrEqual(phone + 80_200 + offset);
    expect(serverNow()).toBeGreaterThan(phone + 80_200 + offset - 1200);
  });

  it("takes a reading known only from below (the page's render) and ignores what it cannot read", () => {
    vi.setSystemTime(serverTime + 60_000);
    noteServerReading({
      serverFrom: serverTime,
      serverTo: serverTime,
      deviceFrom: Number.NEGATIVE_INFINITY,
      deviceTo: serverTime + 60_000,
    });
    expect(serverNow()).toBe(serverTime);
    noteServerDate(null, 0, 1);
    noteServerDate("not a date", 0, 1);
    expect(serverNow()).toBe(serverTime);
  });

  it("notes the Date header of answers fetched through it (in a browser)", async () => {
    vi.stubGlobal("window", {});
    const phone = serverTime + 86_400_000;
    vi.setSystemTime(phone);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { headers: { date: new Date(serverTime).toUTCString() } })),
    );
    await serverClockFetch("/api/v1/settings");
    expect(serverNow()).toBe(serverTime);
  });

  it("notes nothing on the server, where every visitor's page shares it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { headers: { date: new Date(serverTime).toUTCString() } })),
    );
    await serverClockFetch("/api/v1/settings");
    expect(serverClockKnown()).toBe(false);
  });
});
