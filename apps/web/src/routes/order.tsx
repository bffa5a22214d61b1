import "../lib/messages/drop-off";
import { NumericId } from "@paxelbox/contract";
import { useSearchParams } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { QueryProvider } from "../components/query-provider";
import { RequireUser, useUserSession } from "../components/require-user";
import { OrderScreen } from "../features/order/components/order-screen";

export const handle = routeHandle({ layout: "webview", titleKey: "header.orderDetail" });

/** Order detail (named route `order`, `/order?orderid=&token=&preview=`). */
export default function OrderRoute() {
  return (
    <QueryProvider>
      <RequireUser>
        <OrderRouteContent />
      </RequireUser>
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
      linkToken={search.get("token")?.trim() || null}
    />
  );
}
