import type { PreloadedQuery } from "../../components/query-provider";
import { preloadQuery } from "../../lib/web-view-preload.server";
import { type OrderId, orderQueryOptions, requestOrder } from "./order-query";

/**
 * A web-view page's order, read on the server with the page's token under the key the screen's
 * query uses, so the page arrives showing it (ADR 011); `null` without a token or on failure.
 */
export function preloadOrder(request: Request, orderId: OrderId): Promise<PreloadedQuery | null> {
  return preloadQuery(
    request,
    (token) => orderQueryOptions(orderId, token).queryKey,
    (api, signal) => requestOrder(api, orderId, { signal }),
  );
}
