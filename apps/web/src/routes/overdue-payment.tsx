import "../lib/messages/drop-off";
import { NumericId } from "@paxelbox/contract";
import { useSearchParams } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { RequireUser, useUserSession } from "../components/require-user";
import { OverduePaymentScreen } from "../features/overdue/components/overdue-payment-screen";
import { paymentReturn } from "../features/overdue/lib/entry";

export const handle = routeHandle({ layout: "webview", titleKey: "header.overdueFee" });

/** Overdue payment (named route `overdue`, `/overduepayment?orderid=&token=&status=`). */
export default function OverduePaymentRoute() {
  return (
    <RequireUser>
      <OverduePaymentRouteContent />
    </RequireUser>
  );
}

function OverduePaymentRouteContent() {
  const [search] = useSearchParams();
  const session = useUserSession();
  const parsed = NumericId.safeParse(search.get("orderid") ?? "");
  const orderid = parsed.success ? parsed.data : null;
  return (
    <OverduePaymentScreen
      key={orderid ?? "none"}
      orderid={orderid}
      token={session.token}
      linkToken={search.get("token")?.trim() || null}
      paymentReturn={paymentReturn(search)}
    />
  );
}
