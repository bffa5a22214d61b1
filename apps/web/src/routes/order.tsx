import "../lib/messages/drop-off-order";
import { NumericId } from "@paxelbox/contract";
import { useSearchParams } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { PreloadedQueries, QueryProvider } from "../components/query-provider";
import { RequireUser, useUserSession } from "../components/require-user";
import { linkToken } from "../domain/member/member-session";
import { preloadOrder } from "../domain/order/order-query.server";
import { OrderScreen } from "../features/order/components/order-screen";
import { personalPageHeaders, preloadScreen } from "../lib/web-view-preload.server";
import type { Route } from "./+types/order";

export const handle = routeHandle({ layout: "webview", titleKey: "header.orderDetail" });

/** Opened with a token, the order is read on the server so the page arrives showing it (ADR 011). */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = NumericId.safeParse(new URL(request.url).searchParams.get("orderid") ?? "");
  return preloadScreen(request, parsed.success ? preloadOrder(request, String(parsed.data)) : null);
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
      <PreloadedQueries queries={loaderData?.queries}>
        <RequireUser>
          <OrderRouteContent />
        </RequireUser>
      </PreloadedQueries>
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
