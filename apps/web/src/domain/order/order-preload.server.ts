import { preloadQrEncoder } from "../../components/qr-code";
import type { ServerConfig } from "../../config/env";
import {
  type FollowingQuery,
  preloadScreen,
  type ScreenPreload,
} from "../../lib/ssr/web-view-preload.server";
import { type OrderId, orderQueryOptions } from "./order-query";

/**
 * The loader of a screen of one order with its door QR (order detail, rent status): opened with a
 * token, the order is read on the server so the page arrives showing it (ADR 011), and with its QR
 * drawn (the encoder is loaded once the order is there). `following`: a query the screen asks
 * once it has the order.
 */
export async function preloadOrderScreen(
  config: ServerConfig,
  request: Request,
  orderid: OrderId | null,
  following?: FollowingQuery,
): Promise<ScreenPreload> {
  const preloaded = await preloadScreen(
    config,
    request,
    orderid ? (token, api) => orderQueryOptions(orderid, token, api) : null,
    following,
  );
  if (preloaded.screenLoaded) await preloadQrEncoder();
  // Without an order id there is nothing to load: the screen itself says it has no order to show.
  return preloaded;
}
