import "../lib/i18n/messages/drop-off-overdue";
import { NumericId } from "@paxelbox/contract";
import { useSearchParams } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { RequireUser, useUserSession } from "../components/require-user";
import { linkToken } from "../domain/member/member-session";
import { SuccessPaymentScreen } from "../features/overdue/components/success-payment-screen";

export const handle = routeHandle({ layout: "bare" });

/** Paid overdue fee: the pick-up QR and door (named route `overdue-success-payment`). */
export default function OverdueSuccessPaymentRoute() {
  return (
    <RequireUser>
      <SuccessPaymentRouteContent />
    </RequireUser>
  );
}

function SuccessPaymentRouteContent() {
  const [search] = useSearchParams();
  const session = useUserSession();
  const parsed = NumericId.safeParse(search.get("orderid") ?? "");
  const orderid = parsed.success ? parsed.data : null;
  return (
    <SuccessPaymentScreen
      key={orderid ?? "none"}
      orderid={orderid}
      token={session.token}
      linkToken={linkToken(search)}
    />
  );
}
