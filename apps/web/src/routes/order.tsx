import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";
import { RequireUser } from "../components/require-user";

export const handle = routeHandle({ layout: "webview", titleKey: "header.orderDetail" });

/** Order detail (named route `order`, `/order?orderid=&token=&preview=`). Placeholder: a later issue builds the screen. */
export default function OrderRoute() {
  return (
    <RequireUser>
      <PlaceholderScreen kind="card" titleKey="screens.order.title" lineKey="screens.order.line" />
    </RequireUser>
  );
}
