import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";

/** The overdue view of the rent status (`status=overdue`) is titled 'Overdue fee'. */
export const handle = routeHandle({
  layout: "webview",
  titleKey: (search) => (search.get("status") === "overdue" ? "header.overdueFee" : undefined),
});

/** Rent status (named route `order-status`). Placeholder: a later issue builds the five views. */
export default function OrderStatusRoute() {
  return (
    <PlaceholderScreen kind="card" titleKey="screens.orderStatus.title" lineKey="screens.orderStatus.line" />
  );
}
