import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { routeIds } from "../../paths";
import { createApiClient } from "./api-client";

/**
 * The server's clock as this device sees it. A phone's clock may be seconds or days off the
 * server's; whether a deadline the server keeps has passed is the server's call. A screen that acts
 * on such a deadline reads `serverNow()`, not `Date.now()`.
 *
 * Each reading bounds the difference between the two clocks (server minus device). An API answer's
 * `Date` header says the server's clock read H..H+1 s (whole seconds) while this device's read
 * between sending and receiving: the difference lies in [H − received, H + 1 s − sent]. Readings
 * narrow it together; one that does not fit (this device's clock was changed) starts over.
 *
 * `serverNow()` is the earliest the server's clock can read now: a deadline it has passed, the
 * server has passed too (up to a second and a round trip late, never early). The page the server
 * rendered is a first reading (`useServerClock`), so a screen knows the difference before its own
 * first call returns.
 */

interface Bounds {
  /** Server minus device (ms): at least this … */
  low: number;
  /** … and at most this. */
  high: number;
}

let bounds: Bounds | null = null;

/** One reading: the server's clock read `server` (± its resolution) while the device's read within `device`. */
export interface ServerReading {
  /** The server's clock: from this time … */
  serverFrom: number;
  /** … to this one (a `Date` header's second: `serverFrom + 1000`). */
  serverTo: number;
  /** The device's clock when the server read its own: from this time (−Infinity when unknown) … */
  deviceFrom: number;
  /** … to this one. */
  deviceTo: number;
}

export function noteServerReading(reading: ServerReading): void {
  const sample = {
    low: reading.serverFrom - reading.deviceTo,
    high: reading.serverTo - reading.deviceFrom,
  };
  if (!Number.isFinite(sample.low) || Number.isNaN(sample.high) || sample.low > sample.high) return;
  if (!bounds) {
    bounds = sample;
    return;
  }
  const low = Math.max(bounds.low, sample.low);
  const high = Math.min(bounds.high, sample.high);
  bounds = low <= high ? { low, high } : sample;
}

/** An API answer's `Date` header, read between `sentAt` and `receivedAt` (device clock). */
export function noteServerDate(date: string | null | undefined, sentAt: number, receivedAt: number): void {
  if (!date) return;
  const server = Date.parse(date);
  if (Number.isNaN(server)) return;
  noteServerReading({
    serverFrom: server,
    serverTo: server + 1000,
    deviceFrom: sentAt,
    deviceTo: receivedAt,
  });
}

/** The earliest the server's clock can read now; the device's clock while nothing is known. */
export function serverNow(): number {
  return Date.now() + (bounds?.low ?? 0);
}

/**
 * The wait of a timer that fires just after the server's clock passes `time` (at once when it has),
 * within what a browser's timer takes (about 24.8 days: a longer wait would fire at once).
 */
export function waitForServerTime(time: number): number {
  return Math.max(0, Math.min(time - serverNow() + 50, 2 ** 31 - 1));
}

/** Whether any reading of the server's clock has been made. */
export function serverClockKnown(): boolean {
  return bounds !== null;
}

/** Forgets every reading (tests). */
export function resetServerClock(): void {
  bounds = null;
}

/**
 * `fetch` that notes each answer's `Date` header (browser only: on the server every visitor's
 * page shares this module). Cross-origin, the API must expose `Date` (Access-Control-Expose-Headers).
 */
export const serverClockFetch: typeof fetch = async (input, init) => {
  const sentAt = Date.now();
  const response = await globalThis.fetch(input, init);
  if (typeof window !== "undefined") noteServerDate(response.headers.get("date"), sentAt, Date.now());
  return response;
};

/** The API client for calls whose answers are compared with the server's deadlines. */
export const serverTimedApi = createApiClient({ fetch: serverClockFetch });

interface RootRender {
  render?: { now: number };
  session?: { token: string } | null;
}

/**
 * For screens that act on the server's deadlines: the server's clock when it rendered this page
 * (root loader) is a first reading — it read that time before this device had the page. Returns
 * `serverNow`. Only a page the server rendered for its member (the token of its address, checked:
 * `session`): a page without one may be the service worker's kept copy — fetched once per release
 * without its query, and served whenever the network fails or is slow, the phone online or not —
 * whose time would hold the screen's clock back by the copy's age; the device's clock stands until
 * an answer of the server is read (ADR 010). A page without a token shows nothing of the server's
 * before its own first call answers, and that answer is a reading.
 */
export function useServerClock(): () => number {
  const root = useRouteLoaderData(routeIds.root) as RootRender | undefined;
  const renderedAt = root?.session ? root.render?.now : undefined;
  useEffect(() => {
    if (renderedAt === undefined) return;
    noteServerReading({
      serverFrom: renderedAt,
      serverTo: renderedAt,
      deviceFrom: Number.NEGATIVE_INFINITY,
      deviceTo: Date.now(),
    });
  }, [renderedAt]);
  return serverNow;
}
