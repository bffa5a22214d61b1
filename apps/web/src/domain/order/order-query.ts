import { calls, type Order } from "@paxelbox/contract";
import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, apiClient, isConnectionError } from "../../lib/http/api-client";

/**
 * The order detail (spec §7, the member's bearer token): one call, one query key, one options
 * factory for every screen that shows an order. Screens add their own refresh to the options.
 */

/** An order's id as the page's address carries it (`orderid=123`). */
export type OrderId = string;

/** A screen showing an order asks for it again this often while it can still change (spec §4, §9). */
export const orderPollMs = 5000;

/**
 * The order detail call through `api`: the browser's client (or `serverTimedApi`, the same client
 * noting the server's clock from each answer, for a screen that acts on the order's deadline) or a
 * server loader's.
 */
export function requestOrder(
  api: Pick<ApiClient, "request">,
  orderId: OrderId,
  options: { token?: string | null; signal?: AbortSignal } = {},
): Promise<Order> {
  return api.request(calls.orderDetail, { params: { orderid: orderId }, ...options });
}

/** The key of every copy of one order, whatever the token: for invalidating and refetching it. */
export const orderQueryKey = (orderId: OrderId) => ["orderDetail", orderId] as const;

/** The key of the order asked with `token`. */
export const orderQueryKeyOf = (orderId: OrderId, token: string | null) =>
  [...orderQueryKey(orderId), token] as const;

/** What decides whether a screen keeps following its order: its query's state. */
export type OrderQueryState = { status: string; error: unknown; data: Order | undefined };

/**
 * The order asked with `token`, through the browser's client unless told otherwise (the order page
 * passes `serverTimedApi`; a server loader fills this very key, ADR 011). A failure is not retried.
 */
export const orderQueryOptions = (
  orderId: OrderId,
  token: string | null,
  api: Pick<ApiClient, "request"> = apiClient,
) =>
  queryOptions({
    queryKey: orderQueryKeyOf(orderId, token),
    queryFn: ({ signal }) => requestOrder(api, orderId, { token, signal }),
    // A failure stops the screen (spec §8): no silent retries.
    retry: false,
  });

/**
 * Whether a screen's refresh of the order goes on: never after a refusal (a lost connection is no
 * refusal: it resumes when the signal returns), and only while `live` holds for the order's status
 * (`undefined` before the first answer).
 */
export function keepsAsking(
  state: OrderQueryState,
  live: (status: Order["status"] | undefined) => boolean,
): boolean {
  if (state.status === "error" && !isConnectionError(state.error)) return false;
  return live(state.data?.status);
}
