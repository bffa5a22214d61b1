import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { calls } from "@paxelbox/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testMember } from "../domain/member/test-member";
import { testOrder } from "../domain/order/test-order";
import { preloadQuery, preloadSession, preloadTimeoutMs, preloadToken } from "./web-view-preload.server";

/** A small API on loopback: members auth and order detail, one slow order. */
let server: Server;
let origin = "";
const seen: { path: string; authorization: string | undefined }[] = [];

const member = testMember();

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    seen.push({ path: url.pathname, authorization: request.headers.authorization });
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/api/webview/v1/members/auth") {
      if (url.searchParams.get("token") === "good") return reply(200, { code: 200, data: member });
      return reply(401, { code: 401, message: "Session ended" });
    }
    if (url.pathname === "/api/v1/box/express/info/7/paid") {
      return reply(200, { code: 200, data: testOrder({ id: 7 }) });
    }
    if (url.pathname === "/api/v1/box/express/info/8/paid") {
      setTimeout(() => reply(200, { code: 200, data: testOrder({ id: 8 }) }), preloadTimeoutMs + 500);
      return;
    }
    reply(404, { code: 404, message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.API_INTERNAL_URL = origin;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const page = (path: string) => new Request(`http://web.test${path}`);

describe("preloadToken", () => {
  it("reads the token of the three preloaded web-view pages only", () => {
    expect(preloadToken(page("/order-status?orderid=1&token=%20abc%20"))).toBe("abc");
    expect(preloadToken(page("/order?orderid=1&token=abc"))).toBe("abc");
    expect(preloadToken(page("/overduepayment?orderid=1&token=abc"))).toBe("abc");
    expect(preloadToken(page("/order-status/action?orderid=1&token=abc"))).toBeNull();
    expect(preloadToken(page("/overduepayment/expire?token=abc"))).toBeNull();
    expect(preloadToken(page("/?token=abc"))).toBeNull();
    expect(preloadToken(page("/order?orderid=1&token="))).toBeNull();
  });
});

describe("preloadSession", () => {
  it("validates the token with the members call and returns the member", async () => {
    const session = await preloadSession(page("/order-status?orderid=1&token=good"));
    expect(session).toEqual({ token: "good", user: member });
  });

  it("leaves a token the API refuses, and a page without one, to the browser", async () => {
    expect(await preloadSession(page("/order-status?orderid=1&token=bad"))).toBeNull();
    const before = seen.length;
    expect(await preloadSession(page("/order-status?orderid=1"))).toBeNull();
    expect(seen.length).toBe(before);
  });
});

describe("preloadQuery", () => {
  const order = (orderid: string) =>
    preloadQuery(
      page(`/order?orderid=${orderid}&token=good`),
      (token) => ["order", orderid, token],
      (api, signal) => api.request(calls.orderDetail, { params: { orderid }, signal }),
    );

  it("makes the call with the page's token and keys the answer like the screen's query", async () => {
    const started = Date.now();
    const result = await order("7");
    expect(result?.queryKey).toEqual(["order", "7", "good"]);
    expect(result?.data).toMatchObject({ id: 7 });
    expect(result?.updatedAt).toBeGreaterThanOrEqual(started);
    expect(seen.at(-1)).toEqual({ path: "/api/v1/box/express/info/7/paid", authorization: "Bearer good" });
  });

  it("returns nothing for a failed or a slow call", async () => {
    expect(await order("404")).toBeNull();
    const started = Date.now();
    expect(await order("8")).toBeNull();
    expect(Date.now() - started).toBeLessThan(preloadTimeoutMs + 400);
  });
});
