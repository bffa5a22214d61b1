import "../lib/messages/rent";
import { routeHandle } from "../components/layouts/layout-handle";
import { RentStatusScreen } from "../features/rent-status/components/rent-status-screen";

/** The overdue view of the rent status (`status=overdue`) is titled 'Overdue fee'. */
export const handle = routeHandle({
  layout: "webview",
  titleKey: (search) => (search.get("status") === "overdue" ? "header.overdueFee" : undefined),
});

/** Rent status (named route `order-status`): the five views of spec §2, polled every 5 s. */
export default function OrderStatusRoute() {
  return <RentStatusScreen />;
}
