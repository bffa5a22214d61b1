import { type CallDef, calls } from "@paxelbox/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { testApiRefusal } from "../../../../test/test-api-refusal";
import { parseWebEnv } from "../../../config/env";
import { cancelRentAction } from "./cancel-rent-action.server";

/** The API's answers to the cancel and to the order (functions that may throw), and what was asked. */
const api = vi.hoisted(() => ({
  cancel: (() => ({ id: 7, status: "CANCEL" })) as () => unknown,
  order: (() => ({ id: 7, status: "IN_STORE" })) as () => unknown,
  asked: [] as { call: string; body: unknown; token: string | null; language: string | undefined }[],
}));

vi.mock("../../../lib/http/api-client.server", () => ({
  serverApiClient: (_config: unknown, token: string | null, _request?: Request, language?: string) => ({
    request: async (call: CallDef, options: { body?: unknown }) => {
      api.asked.push({ call: call.id, body: options.body, token, language });
      return call.id === "cancelRent" ? api.cancel() : api.order();
    },
  }),
}));

const config = parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" });

/** The confirmation's yes as a browser posts it, to the page's address. */
async function post(query: string, fields: Record<string, string> = { token: "", language: "en" }) {
  const request = new Request(`https://box.example/order-status?index&${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: "lang=id" },
    body: new URLSearchParams(fields),
  });
  return (await cancelRentAction(config, request)) as unknown;
}

function refused(result: unknown) {
  const answer = result as { data: { formError?: string }; init: ResponseInit | null };
  return {
    status: answer.init?.status,
    formError: answer.data.formError,
    headers: new Headers(answer.init?.headers),
  };
}

beforeEach(() => {
  api.cancel = () => ({ id: 7, status: "CANCEL" });
  api.order = () => ({ id: 7, status: "IN_STORE" });
  api.asked = [];
});

describe("the rent-status page's action (Cancel Rent confirmed without scripts)", () => {
  it("cancels with the address's token and goes to 'Rent Cancelled' with it, to record the event there", async () => {
    const result = await post("orderid=7&token=link-token&cancel=confirm");
    expect(result).toBeInstanceOf(Response);
    const location = new URL((result as Response).headers.get("location") ?? "", "https://box.example");
    expect(location.pathname).toBe("/order-status/action");
    expect(Object.fromEntries(location.searchParams)).toEqual({
      act: "cancel_success",
      orderid: "7",
      token: "link-token",
      record: "cancel",
    });
    expect(api.asked).toEqual([
      { call: calls.cancelRent.id, body: { id: 7 }, token: "link-token", language: "en" },
    ]);
  });

  it("uses the posted token when the address has none, and the cookie's language when none is posted", async () => {
    const result = (await post("orderid=7", { token: " stored-token " })) as Response;
    expect(
      new URL(result.headers.get("location") ?? "", "https://box.example").searchParams.has("token"),
    ).toBe(false);
    expect(api.asked[0]).toMatchObject({ token: "stored-token", language: "id" });
  });

  it("answers the API's refusal with its message and status, and a limit with when to try again", async () => {
    api.cancel = () => {
      throw testApiRefusal(409, "Items have been stored.");
    };
    expect(refused(await post("orderid=7&token=t"))).toMatchObject({
      status: 409,
      formError: "Items have been stored.",
    });

    api.cancel = () => {
      throw testApiRefusal(429, undefined, "30");
    };
    const limited = refused(await post("orderid=7&token=t"));
    expect(limited).toMatchObject({ status: 429, formError: "" });
    expect(limited.headers.get("retry-after")).toBe("30");
  });

  it("goes to 'Rent Cancelled' when a repeated post finds the rent cancelled by the first", async () => {
    api.cancel = () => {
      throw testApiRefusal(409, "Items have been stored.");
    };
    api.order = () => ({ id: 7, status: "CANCEL" });
    const result = (await post("orderid=7&token=t")) as Response;
    expect(result).toBeInstanceOf(Response);
    expect(result.headers.get("location")).toContain("act=cancel_success");
    expect(api.asked.map((entry) => entry.call)).toEqual([calls.cancelRent.id, calls.orderDetail.id]);
  });

  it("asks the API nothing without a valid order id", async () => {
    expect(refused(await post("orderid=abc&token=t"))).toMatchObject({ status: 404, formError: "" });
    expect(api.asked).toEqual([]);
  });
});
