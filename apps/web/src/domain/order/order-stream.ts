import { calls, type Order, orderEventsHeartbeatMs } from "@paxelbox/contract";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { createParser } from "eventsource-parser";
import { type ApiClient, answerOf, isApiError } from "../../lib/http/api-client";
import type { OrderId } from "./order-query";

/**
 * The order as the API pushes it (`orderEvents`, Server-Sent Events, ADR 020), loaded after the
 * screen is interactive (`use-order-stream.ts`). The browser's `EventSource` cannot send the
 * bearer token, so the stream is read with `fetch` through the one API client and parsed with
 * `eventsource-parser`. While it is not live, the screen's 5 s poll carries on.
 */

export interface FollowOrderOptions {
  api: Pick<ApiClient, "stream">;
  orderId: OrderId;
  token: string | null;
  /** Ends the following (the screen left, the tab was hidden). */
  signal: AbortSignal;
  /** Each order the stream brings, the first one at once. */
  onOrder: (order: Order) => void;
  /** `true` once the stream brings orders, `false` while it is down. */
  onLive: (live: boolean) => void;
  /** How long a stream may bring nothing, not even its heartbeat, before it is taken for dead. */
  silenceMs?: number;
}

/** A heartbeat missed, and half of the next: a slow network's late line is not a dead connection. */
const streamSilenceMs = orderEventsHeartbeatMs * 1.5;

/** The wait before connecting again after the `failures`-th failure in a row: 1–2 s, doubling up to 15–30 s (jittered). */
export function reconnectDelayMs(failures: number, random = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** failures);
  return ceiling / 2 + random() * (ceiling / 2);
}

/** Answers after which connecting again cannot help: the poll shows the refusal. */
const refusals = new Set([400, 401, 403, 404, 410]);

/**
 * Follows the order until `signal` aborts: connects again after the server's `retry` hint when a
 * stream ends (an instance stopping), after a growing wait when it fails, and gives up on a refusal.
 */
export async function followOrder({
  api,
  orderId,
  token,
  signal,
  onOrder,
  onLive,
  silenceMs = streamSilenceMs,
}: FollowOrderOptions) {
  let failures = 0;
  while (!signal.aborted) {
    let retryMs: number | undefined;
    try {
      retryMs = await api.stream(
        calls.orderEvents,
        { params: { orderid: orderId }, token, signal },
        (response) =>
          readOrders(response, silenceMs, {
            onOrder(order) {
              failures = 0;
              onLive(true);
              onOrder(order);
            },
          }),
      );
    } catch (error) {
      if (signal.aborted) return;
      if (isApiError(error) && refusals.has(error.status)) {
        onLive(false);
        return;
      }
    }
    onLive(false);
    if (retryMs === undefined) failures++;
    // After a hint, spread over twice its time: the screens of a stopping instance do not all come back at once.
    await pause(retryMs === undefined ? reconnectDelayMs(failures) : retryMs * (1 + Math.random()), signal);
  }
}

/**
 * Puts each pushed order into the query `queryKey`, one after the other in the order they came,
 * until `signal` aborts. A poll in flight is cancelled first, so an answer read before the change
 * cannot overwrite it.
 */
export function pushInto(queryClient: QueryClient, queryKey: QueryKey, signal: AbortSignal) {
  let pushed = Promise.resolve();
  return (order: Order) => {
    pushed = pushed
      .then(() => queryClient.cancelQueries({ queryKey, exact: true }))
      .then(() => {
        if (!signal.aborted) queryClient.setQueryData(queryKey, order);
      });
  };
}

/**
 * Reads the stream's `order` events until it ends, or until it has been silent for `silenceMs` (a
 * connection dead on the way, which neither end closes); resolves with the server's last `retry`
 * hint.
 */
async function readOrders(
  response: Response,
  silenceMs: number,
  { onOrder }: { onOrder: (order: Order) => void },
): Promise<number | undefined> {
  let retryMs: number | undefined;
  let invalid: unknown;
  const parser = createParser({
    onEvent(message) {
      if (message.event !== "order" || invalid) return;
      try {
        onOrder(answerOf(calls.orderEvents, JSON.parse(message.data)));
      } catch (error) {
        invalid = error;
      }
    },
    onRetry(ms) {
      retryMs = ms;
    },
  });
  if (!response.body) return retryMs;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let silence: ReturnType<typeof setTimeout> | undefined;
  const listen = () => {
    clearTimeout(silence);
    silence = setTimeout(() => void reader.cancel().catch(() => undefined), silenceMs);
  };
  try {
    for (;;) {
      listen();
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
      // An event the contract does not describe ends this stream: the poll takes over for a while.
      if (invalid) throw invalid;
    }
  } finally {
    clearTimeout(silence);
    await reader.cancel().catch(() => undefined);
  }
  return retryMs;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
