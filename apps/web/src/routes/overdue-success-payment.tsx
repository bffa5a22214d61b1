import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";

export const handle = routeHandle({ layout: "bare" });

/** Paid overdue fee: QR and door (named route `overdue-success-payment`). Placeholder: a later issue builds the screen. */
export default function OverdueSuccessPaymentRoute() {
  return (
    <PlaceholderScreen
      kind="card"
      titleKey="screens.overdueSuccessPayment.title"
      lineKey="screens.overdueSuccessPayment.line"
    />
  );
}
