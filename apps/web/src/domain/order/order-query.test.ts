import { calls } from "@paxelbox/contract";
import { describe, expect, it, vi } from "vitest";
import { testOrder } from "../../../test/test-order";
import { ApiError } from "../../lib/http/api-client";
import { keepsAsking, orderQueryKey, orderQueryOptions, requestOrder } from "./order-query";

const signal = new AbortController().signal;

describe("the order query (spec §7)", () => {
  it("has one key per order and token, under the order's own key", () => {
    const { queryKey } = orderQueryOptions("12", "token-a");
    expect(queryKey).toEqual(["orderDetail", "12", "token-a"]);
    expect(queryKey.slice(0, 2)).toEqual([...orderQueryKey("12")]);
    expect(orderQueryOptions("12", null).retry).toBe(false);
  });

  it("asks the order detail call with the order id and the token", async () => {
    const request = vi.fn(async () => testOrder());
    await requestOrder({ request } as never, "12", { token: "t", signal });
    expect(request).toHaveBeenCalledWith(calls.orderDetail, {
      params: { orderid: "12" },
      token: "t",
      signal,
    });
  });

  it("keeps asking while the status is live, through a lost connection, not after a refusal", () => {
    const live = (status: string | undefined) => status !== "CANCEL";
    const data = testOrder();
    expect(keepsAsking({ status: "pending", error: null, data: undefined }, live)).toBe(true);
    expect(keepsAsking({ status: "success", error: null, data }, live)).toBe(true);
    expect(keepsAsking({ status: "success", error: null, data: { ...data, status: "CANCEL" } }, live)).toBe(
      false,
    );
    const network = new ApiError({
      status: 0,
      code: 0,
      message: "down",
      kind: "network",
      callId: "orderDetail",
    });
    const refused = new ApiError({
      status: 403,
      code: 403,
      message: "no",
      kind: "http",
      callId: "orderDetail",
    });
    expect(keepsAsking({ status: "error", error: network, data }, live)).toBe(true);
    expect(keepsAsking({ status: "error", error: refused, data }, live)).toBe(false);
  });
});
