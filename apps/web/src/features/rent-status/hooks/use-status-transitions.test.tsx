// @vitest-environment jsdom
import type { Order } from "@paxelbox/contract";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { useStatusTransitions } from "./use-status-transitions";

const recorded = vi.hoisted(() => vi.fn());
vi.mock("../lib/rent-events", () => ({ recordRentEvent: recorded }));

describe("the rent's transitions this page saw", () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it("records the items stored when the page saw them go in, not from a copy kept on the phone", () => {
    const rent = (id: number, status: Order["status"]) => ({ id, status }) as Order;
    function Probe({ order, fromCache }: { order: Order; fromCache: boolean }) {
      useStatusTransitions(order, "PaxelBox", fromCache);
      return null;
    }
    const root = createRoot(document.createElement("div"));
    const show = (order: Order, fromCache = false) =>
      act(() => root.render(<Probe order={order} fromCache={fromCache} />));

    // The kept copy (stored days ago as IMPORTED) first, then the server's answer.
    show(rent(1, "IMPORTED"), true);
    show(rent(1, "IN_STORE"));
    expect(recorded).not.toHaveBeenCalled();

    // Seen waiting, then stored while the page was open.
    show(rent(2, "IMPORTED"));
    show(rent(2, "IN_STORE"));
    expect(recorded).toHaveBeenCalledOnce();
    expect(recorded).toHaveBeenCalledWith("PaxelBox", "storePackage", rent(2, "IN_STORE"));
    act(() => root.unmount());
  });
});
