// @vitest-environment jsdom
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testRoot } from "../../../../test/test-root";
import { noteServerDate, resetServerClock } from "../../../lib/http/server-clock";
import { useCountdown } from "./use-countdown";

const server = Date.parse("2026-03-02T10:00:00.000Z");
/** The phone's clock, ten minutes ahead of the server's. */
const phone = server + 10 * 60_000;

describe("useCountdown on a phone whose clock is ahead", () => {
  const dom = testRoot();
  beforeEach(() => {
    resetServerClock();
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(phone);
    // An answer of the server read its clock at `server`, as the phone read its own at `phone`.
    noteServerDate(new Date(server).toUTCString(), phone, phone);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetServerClock();
  });

  it("starts a view that appears after hydration from the server's time, not the phone's", async () => {
    const onZero = vi.fn();
    const seen: (boolean | undefined)[] = [];
    function Countdown() {
      seen.push(useCountdown(server + 60_000, onZero)?.done);
      return null;
    }
    const Stub = createRoutesStub([{ id: "root", path: "/", Component: Countdown }]);
    await dom.render(
      <Stub
        initialEntries={["/"]}
        hydrationData={{ loaderData: { root: { render: { now: server - 5_000 } } } }}
      />,
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((done) => done === false)).toBe(true);
    expect(onZero).not.toHaveBeenCalled();
  });
});
