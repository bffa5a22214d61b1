// @vitest-environment jsdom
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testRoot } from "../../../test/test-root";
import { resetServerClock, serverClockKnown, serverNow, useServerClock } from "./server-clock";

const renderedAt = Date.parse("2026-03-02T10:00:00.000Z");
/** The phone: two days past the page's render (a copy kept that long, or a clock that far ahead). */
const phone = renderedAt + 2 * 24 * 3600_000;

function Clock() {
  useServerClock();
  return null;
}

describe("useServerClock: the page's render as a first reading", () => {
  const dom = testRoot();
  beforeEach(() => {
    resetServerClock();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(phone);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetServerClock();
  });

  const open = async (root: object) => {
    const Stub = createRoutesStub([{ id: "root", path: "/", Component: Clock }]);
    await dom.render(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { root } }} />);
  };

  it("takes the time of a page the server rendered for its member", async () => {
    await open({ render: { now: renderedAt }, session: { token: "t", user: {} } });
    expect(serverClockKnown()).toBe(true);
    expect(serverNow()).toBe(renderedAt);
  });

  it("does not take the time of a page rendered without a member: it may be a copy the worker kept", async () => {
    await open({ render: { now: renderedAt }, session: null });
    expect(serverClockKnown()).toBe(false);
    expect(serverNow()).toBe(phone);
  });
});
