import "../lib/i18n/messages/drop-off-order";
import { NumericId } from "@paxelbox/contract";
import { useSearchParams } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { preloadQrEncoder } from "../components/qr-code";
import { LoaderQueries, QueryProvider } from "../components/query-provider";
import { RequireUser, useUserSession } from "../components/require-user";
import { linkToken } from "../domain/member/member-session";
import { orderQueryOptions } from "../domain/order/order-query";
import { OrderScreen } from "../features/order/components/order-screen";
import { personalPageHeaders, preloadScreen } from "../lib/ssr/web-view-preload.server";
import type { Route } from "./+types/order";

export const handle = routeHandle({ layout: "webview", titleKey: "header.orderDetail" });

/** Opened with a token, the order is read on the server so the page arrives showing it (ADR 011). */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = NumericId.safeParse(new URL(request.url).searchParams.get("orderid") ?? "");
  const orderId = parsed.success ? String(parsed.data) : null;
  const preloaded = await preloadScreen(
    request,
    orderId ? (token, api) => orderQueryOptions(orderId, token, api) : null,
  );
  // The page arrives with its pick-up QR drawn.
  if (preloaded.screenLoaded) await preloadQrEncoder();
  return preloaded;
}

/** In the browser the screen asks for itself (the server's answer is for the first render only). */
export async function clientLoader() {
  return null;
}

export function headers() {
  return personalPageHeaders;
}

/** Order detail (named route `order`, `/order?orderid=&token=&preview=`). */
export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <LoaderQueries state={loaderData?.dehydratedState}>
        <RequireUser>
          <OrderRouteContent />
        </RequireUser>
      </LoaderQueries>
    </QueryProvider>
  );
}

function OrderRouteContent() {
  const [search] = useSearchParams();
  const session = useUserSession();
  const parsed = NumericId.safeParse(search.get("orderid") ?? "");
  const orderid = parsed.success ? parsed.data : null;
  return (
    <OrderScreen
      key={orderid ?? "none"}
      orderid={orderid}
      token={session.token}
      linkToken={linkToken(search)}
    />
  );
}
