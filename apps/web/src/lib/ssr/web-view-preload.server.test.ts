import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { calls, type Order, type Settings } from "@paxelbox/contract";
import { hydrate, QueryClient } from "@tanstack/react-query";
import DOMPurify from "dompurify";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testMember } from "../../../test/test-member";
import { testOrder } from "../../../test/test-order";
import { settingsQueryOptions } from "../../api/settings";
import { requestContexts } from "../../config/config.server";
import { parseWebEnv, type ServerConfig } from "../../config/env";
import { orderQueryOptions } from "../../domain/order/order-query";
import { registerServerSanitizer, sanitizeOptions } from "../security/sanitize";
import {
  type FollowingQuery,
  preloadScreen,
  preloadSession,
  preloadTimeoutMs,
  preloadToken,
} from "./web-view-preload.server";

/** A small API on loopback: members auth, settings and order detail, one slow order. */
let server: Server;
/** The web server's configuration, its loaders reaching the stand-in API. */
let config: ServerConfig;
const seen: { path: string; authorization: string | undefined }[] = [];
/** The language each call asked the API to word its messages in, by path. */
const asked: { path: string; language: string | undefined }[] = [];

const member = testMember();
const settings: Settings = {
  paxelbox_content: [
    {
      name: "how_to_put_items",
      setting_value: {
        title: "Put it in",
        title_bahasa: "Masukkan",
        description: '<p>Door {{door_number}}</p><img src="x" onerror="alert(1)">',
        description_bahasa: "<p>Pintu {{door_number}}</p>",
      },
    },
  ],
  enabled_userapp_feature: [],
};

/** A rent's fee, as the overdue calculation answers it. */
const calculation = {
  increase_duration: 3,
  rent_unit: "hour",
  rent_unit_bahasa: "jam",
  overdue_fee_per_unit: 5000,
  total_overdue_fee: 15000,
  next_overdue_time: 1_700_000_000_000,
};

beforeAll(async () => {
  // As the server entry does: DOMPurify on a jsdom window.
  const purifier = DOMPurify(new JSDOM("").window as unknown as Window & typeof globalThis);
  registerServerSanitizer((html) => purifier.sanitize(html, sanitizeOptions) as string);
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    seen.push({ path: url.pathname, authorization: request.headers.authorization });
    asked.push({ path: `${url.pathname}${url.search}`, language: request.headers["accept-language"] });
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/api/webview/v1/members/auth") {
      if (url.searchParams.get("token") === "good") return reply(200, { code: 200, data: member });
      return reply(401, { code: 401, message: "Session ended" });
    }
    if (url.pathname === "/api/v1/settings") return reply(200, { code: 200, data: settings });
    if (url.pathname === "/api/v1/box/express/info/7/paid") {
      return reply(200, { code: 200, data: testOrder({ id: 7 }) });
    }
    if (url.pathname === "/api/v1/box/rental/overdue-calculation/7") {
      return reply(200, { code: 200, data: calculation });
    }
    if (url.pathname === "/api/v1/box/express/info/8/paid") {
      setTimeout(() => reply(200, { code: 200, data: testOrder({ id: 8 }) }), preloadTimeoutMs + 500);
      return;
    }
    reply(404, { code: 404, message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  config = parseWebEnv({ API_INTERNAL_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const page = (path: string) => new Request(`http://web.test${path}`);

describe("preloadToken", () => {
  it("reads the token of the five preloaded web-view pages only", () => {
    expect(preloadToken(page("/order-status?orderid=1&token=%20abc%20"))).toBe("abc");
    expect(preloadToken(page("/order?orderid=1&token=abc"))).toBe("abc");
    expect(preloadToken(page("/overduepayment?orderid=1&token=abc"))).toBe("abc");
    expect(preloadToken(page("/order-status/action?act=cancel_success&orderid=1&token=abc"))).toBe("abc");
    expect(preloadToken(page("/overduepayment/success-payment?orderid=1&token=abc"))).toBe("abc");
    expect(preloadToken(page("/overduepayment/expire?token=abc"))).toBeNull();
    expect(preloadToken(page("/?token=abc"))).toBeNull();
    expect(preloadToken(page("/order?orderid=1&token="))).toBeNull();
  });
});

describe("preloadSession", () => {
  /** A request's context, as the web server gives each request (`requestContexts`). */
  const context = () => requestContexts(config)();
  const membersCalls = () => seen.filter((call) => call.path === "/api/webview/v1/members/auth").length;

  it("validates the token with the members call and returns the member", async () => {
    const session = await preloadSession(context(), page("/order-status?orderid=1&token=good"));
    expect(session).toEqual({ token: "good", user: member });
  });

  it("leaves a token the API refuses, and a page without one, to the browser", async () => {
    expect(await preloadSession(context(), page("/order-status?orderid=1&token=bad"))).toBeNull();
    const before = seen.length;
    expect(await preloadSession(context(), page("/order-status?orderid=1"))).toBeNull();
    expect(seen.length).toBe(before);
  });

  it("checks the member once per request, however many loaders ask", async () => {
    const request = page("/overduepayment?orderid=1&token=good");
    const shared = context();
    const before = membersCalls();
    const [root, screen] = await Promise.all([
      preloadSession(shared, request),
      preloadSession(shared, request),
    ]);
    expect(screen).toBe(root);
    expect(await preloadSession(shared, request)).toBe(root);
    expect(membersCalls() - before).toBe(1);
    // Another request checks again.
    expect(await preloadSession(context(), page("/overduepayment?orderid=1&token=good"))).toEqual(root);
    expect(membersCalls() - before).toBe(2);
  });
});

describe("preloadScreen", () => {
  const screen = (orderid: string, token = "good") =>
    preloadScreen(config, page(`/order?orderid=${orderid}&token=${token}`), (pageToken, api) =>
      orderQueryOptions(orderid, pageToken, api),
    );

  /** What the browser's cache holds once `<HydrationBoundary>` has taken the page's state in. */
  function hydrated(state: Awaited<ReturnType<typeof screen>>["dehydratedState"]) {
    const client = new QueryClient();
    if (state) hydrate(client, state);
    return client;
  }

  it("loads the screen's query with the page's token and the settings, under the screen's keys", async () => {
    const started = Date.now();
    const { dehydratedState, screenLoaded, screenFailed } = await screen("7");
    expect(screenLoaded).toBe(true);
    expect(screenFailed).toBe(false);
    expect(seen).toContainEqual({ path: "/api/v1/box/express/info/7/paid", authorization: "Bearer good" });

    const client = hydrated(dehydratedState);
    const order = orderQueryOptions("7", "good").queryKey;
    expect(client.getQueryData(order)).toMatchObject({ id: 7 });
    expect(client.getQueryState(order)?.dataUpdatedAt).toBeGreaterThanOrEqual(started);
    // The settings arrive sanitised: the page renders them without DOMPurify in the browser.
    const html = client.getQueryData(settingsQueryOptions().queryKey)?.paxelbox_content[0]?.setting_value;
    expect(html?.description).toBe("<p>Door {{door_number}}</p>");
  });

  it("leaves a failed or a slow call out, and the page waits no longer than its limit", async () => {
    const failed = await screen("404");
    expect(failed.screenLoaded).toBe(false);
    expect(failed.screenFailed).toBe(true);
    // Why, in the API's words: what the page says without scripts.
    expect(failed.screenError).toBe("Not found");
    expect(
      hydrated(failed.dehydratedState).getQueryData(orderQueryOptions("404", "good").queryKey),
    ).toBeUndefined();

    const started = Date.now();
    const slow = await screen("8");
    expect(Date.now() - started).toBeLessThan(preloadTimeoutMs + 400);
    expect(slow.screenLoaded).toBe(false);
    expect(slow.screenFailed).toBe(false);
    expect(slow.screenError).toBeUndefined();
    const client = hydrated(slow.dehydratedState);
    expect(client.getQueryData(orderQueryOptions("8", "good").queryKey)).toBeUndefined();
    // The settings, which came in time, are still there.
    expect(client.getQueryData(settingsQueryOptions().queryKey)).toBeDefined();
  });

  it("asks the API to word a refusal in the page's language, not the browser's", async () => {
    const refused = async (path: string, headers: Record<string, string>) => {
      await preloadScreen(config, new Request(`http://web.test${path}`, { headers }), (pageToken, api) =>
        orderQueryOptions("404", pageToken, api),
      );
      return asked.findLast((call) => call.path === "/api/v1/box/express/info/404/paid")?.language;
    };
    const english = { "accept-language": "en-US,en;q=0.9" };
    // An Indonesian page (the default) in an English browser: the message is Indonesian, as the page.
    expect(await refused("/order?orderid=404&token=stale", english)).toBe("id");
    expect(await refused("/order?orderid=404&token=stale&lang=en", {})).toBe("en");
    expect(await refused("/order?orderid=404&token=stale", { ...english, cookie: "language=en" })).toBe("en");
  });

  it("asks the query that follows from the screen's answer within the same wait, and none without that answer", async () => {
    // A rent's fee, keyed by the deadline the order answered (as the overdue view asks it).
    const feeKey = (deadline: number | null) => ["overdue-calculation", "7", deadline] as const;
    const fee: FollowingQuery = (answer, pageToken, api) => ({
      queryKey: feeKey((answer as Order).overdueTime),
      queryFn: () => api.request(calls.overdueCalculation, { params: { orderid: "7" }, token: pageToken }),
    });
    const feeCalls = () => seen.filter((call) => call.path === "/api/v1/box/rental/overdue-calculation/7");
    const loaded = await preloadScreen(
      config,
      page("/order-status?orderid=7&status=overdue&token=good"),
      (pageToken, api) => orderQueryOptions("7", pageToken, api),
      fee,
    );
    const client = hydrated(loaded.dehydratedState);
    const order = client.getQueryData(orderQueryOptions("7", "good").queryKey);
    expect(client.getQueryData(feeKey(order?.overdueTime ?? null))).toEqual(calculation);
    expect(feeCalls().at(-1)?.authorization).toBe("Bearer good");

    const before = feeCalls().length;
    const failed = await preloadScreen(
      config,
      page("/order-status?orderid=404&status=overdue&token=good"),
      (pageToken, api) => orderQueryOptions("404", pageToken, api),
      fee,
    );
    expect(failed.screenFailed).toBe(true);
    expect(feeCalls()).toHaveLength(before);
  });

  it("asks nothing for a page without a token", async () => {
    const before = seen.length;
    expect(await preloadScreen(config, page("/order?orderid=7"), null)).toEqual({
      dehydratedState: null,
      screenLoaded: false,
      screenFailed: false,
      // A page without scripts says where it opens from.
      tokenless: true,
    });
    expect(seen.length).toBe(before);
  });
});
