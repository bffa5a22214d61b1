import type { Order } from "@paxelbox/contract";
import { describe, expect, it, vi } from "vitest";
import { testOrder } from "../../../test/test-order";
import { createApiClient } from "../../lib/http/api-client";
import { followOrder, reconnectDelayMs } from "./order-stream";

/** An SSE answer whose chunks arrive `gapMs` apart, then the stream ends. */
function sse(chunks: string[], gapMs = 0): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const chunk of chunks) {
        if (gapMs) await new Promise((resolve) => setTimeout(resolve, gapMs));
        controller.enqueue(encoder.encode(chunk));
      }
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}

const event = (order: Order) =>
  `id: e${order.id}\nevent: order\ndata: ${JSON.stringify({ code: 200, data: order })}\n\n`;

/** An SSE answer that brings `chunks` and then nothing, never ending: a connection dead on the way. */
function stalled(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}

/** Follows order 7 through a client whose `fetch` answers the n-th connection with `answers[n]`. */
function follow(
  answers: (() => Response)[],
  { timeoutMs, silenceMs }: { timeoutMs?: number; silenceMs?: number } = {},
) {
  const controller = new AbortController();
  const orders: Order[] = [];
  const live: boolean[] = [];
  const urls: string[] = [];
  const headers: Headers[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    headers.push(new Headers(init?.headers));
    const answer = answers[urls.length - 1];
    if (!answer) {
      controller.abort();
      throw new DOMException("aborted", "AbortError");
    }
    return answer();
  });
  const api = createApiClient({
    baseUrl: "https://api.test",
    fetch: fetch as typeof globalThis.fetch,
    timeoutMs,
  });
  const done = followOrder({
    api,
    orderId: "7",
    token: "tok",
    signal: controller.signal,
    onOrder: (order) => orders.push(order),
    onLive: (next) => live.push(next),
    silenceMs,
  });
  return { done, orders, live, urls, headers, controller };
}

describe("followOrder", () => {
  it("pushes every order the stream brings, with the bearer token, and connects again after the server's hint", async () => {
    const first = testOrder({ id: 7, status: "IMPORTED" });
    const second = testOrder({ id: 7, status: "IN_STORE" });
    const run = follow([
      () => sse([event(first), event(second), "retry: 5\n\n"]),
      () => sse([event(second)]),
    ]);
    await run.done;
    expect(run.urls).toEqual([
      "https://api.test/api/v1/box/express/info/7/events",
      "https://api.test/api/v1/box/express/info/7/events",
      "https://api.test/api/v1/box/express/info/7/events",
    ]);
    expect(run.headers[0]?.get("authorization")).toBe("Bearer tok");
    expect(run.headers[0]?.get("accept")).toBe("text/event-stream");
    expect(run.orders.map((order) => order.status)).toEqual(["IMPORTED", "IN_STORE", "IN_STORE"]);
    expect(run.live).toEqual([true, true, false, true, false]);
  });

  it("keeps following when a pushed order has a door size the app does not know: shown raw, as statuses are", async () => {
    const known = testOrder({ id: 7 });
    const unknown = testOrder({
      id: 7,
      status: "IN_STORE",
      mouth: { ...known.mouth, mouthType: { name: "XXL Cold", defaultUsePrice: 20000 } },
    });
    const later = testOrder({ id: 7, status: "COMPLETED" });
    const run = follow([() => sse([event(known), event(unknown), event(later)])]);
    await run.done;
    expect(run.orders.map((order) => `${order.status} ${order.mouth.mouthType.name}`)).toEqual([
      "IN_STORE M",
      "IN_STORE XXL Cold",
      "COMPLETED M",
    ]);
  });

  it("gives up on a refusal: the poll shows it", async () => {
    const run = follow([
      () => new Response(JSON.stringify({ code: 403, message: "no" }), { status: 403 }),
      () => sse([event(testOrder({ id: 7 }))]),
    ]);
    await run.done;
    expect(run.urls).toHaveLength(1);
    expect(run.orders).toEqual([]);
    expect(run.live).toEqual([false]);
  });

  it("ends a stream whose event the contract does not describe, and pushes nothing of it", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const run = follow([
      () =>
        sse([
          `event: order\ndata: ${JSON.stringify({ code: 200, data: { id: "seven" } })}\n\n`,
          "retry: 5\n\n",
        ]),
    ]);
    const started = Date.now();
    await run.done;
    expect(run.orders).toEqual([]);
    expect(run.live).toEqual([false]);
    // Not after the hint (never read): after the first failure's wait.
    expect(Date.now() - started).toBeGreaterThanOrEqual(reconnectDelayMs(1, () => 0) - 50);
  });

  it("times out on the answer's head only: a stream may stay quiet longer than a request may take", async () => {
    const order = testOrder({ id: 7 });
    const run = follow([() => sse([event(order)], 120)], { timeoutMs: 50 });
    await run.done;
    expect(run.orders).toEqual([order]);
  });

  it("leaves a stream silent past its heartbeat for the poll and a new stream; one that keeps its heartbeat stays", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    const stored = testOrder({ id: 7, status: "IN_STORE" });
    const waiting = testOrder({ id: 7, status: "IMPORTED" });
    const dead = follow([() => stalled([event(waiting)]), () => sse([event(stored)])], {
      silenceMs: 50,
    });
    await dead.done;
    expect(dead.urls).toHaveLength(3);
    expect(dead.orders.map((order) => order.status)).toEqual(["IMPORTED", "IN_STORE"]);
    expect(dead.live).toEqual([true, false, true, false]);

    const beating = follow(
      [() => sse([event(stored), ": heartbeat\n\n", ": heartbeat\n\n", event(stored)], 30)],
      {
        silenceMs: 50,
      },
    );
    await beating.done;
    expect(beating.live).toEqual([true, true, false]);
  });

  it("stops at once when the screen leaves", async () => {
    const run = follow([() => sse([event(testOrder({ id: 7 })), "retry: 60000\n\n"])]);
    await vi.waitFor(() => expect(run.live).toContain(false));
    run.controller.abort();
    await run.done;
    expect(run.urls).toHaveLength(1);
  });
});

describe("reconnectDelayMs", () => {
  it("waits 1–2 s after one failure, doubling to at most 15–30 s, never in step with other screens", () => {
    expect(reconnectDelayMs(1, () => 0)).toBe(1000);
    expect(reconnectDelayMs(1, () => 1)).toBe(2000);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(6000);
    expect(reconnectDelayMs(20, () => 0)).toBe(15_000);
    expect(reconnectDelayMs(20, () => 1)).toBe(30_000);
  });
});
