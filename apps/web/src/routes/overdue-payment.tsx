import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";
import { RequireUser } from "../components/require-user";

export const handle = routeHandle({ layout: "webview", titleKey: "header.overdueFee" });

/** Overdue payment (named route `overdue`, `/overduepayment?orderid=&token=&status=`). Placeholder: a later issue builds the screen. */
export default function OverduePaymentRoute() {
  return (
    <RequireUser>
      <PlaceholderScreen kind="card" titleKey="screens.overdue.title" lineKey="screens.overdue.line" />
    </RequireUser>
  );
}
