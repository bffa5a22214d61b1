import "../lib/i18n/messages/drop-off-order";
import { useSearchParams } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { NoScriptScreenError } from "../components/no-script-screen-error";
import { LoaderQueries, QueryProvider } from "../components/query-provider";
import { RequireUser, useUserSession } from "../components/require-user";
import { getServerConfig } from "../config/config.server";
import { linkToken } from "../domain/member/member-session";
import { orderIdOf } from "../domain/order/order-id";
import { preloadOrderScreen } from "../domain/order/order-preload.server";
import { OrderScreen } from "../features/order/components/order-screen";
import { personalPageHeaders } from "../lib/ssr/web-view-preload.server";
import type { Route } from "./+types/order";

export const handle = routeHandle({ layout: "webview", titleKey: "header.orderDetail" });

/** Opened with a token, the order arrives drawn by the server, its pick-up QR too. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const orderid = orderIdOf(new URL(request.url).searchParams);
  return preloadOrderScreen(getServerConfig(context), request, orderid === null ? null : String(orderid));
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
        <NoScriptScreenError preload={loaderData} />
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
  const orderid = orderIdOf(search);
  return (
    <OrderScreen
      key={orderid ?? "none"}
      orderid={orderid}
      token={session.token}
      linkToken={linkToken(search)}
    />
  );
}
