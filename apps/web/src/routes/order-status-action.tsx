import { routeHandle } from "../components/layouts/layout-handle";
import { PlaceholderScreen } from "../components/placeholder-screen";

export const handle = routeHandle({ layout: "bare" });

/** Rent-status action page (named route `order-status-action`, query `act`); it draws its own bar per action. Placeholder: a later issue builds the screen. */
export default function OrderStatusActionRoute() {
  return (
    <PlaceholderScreen
      kind="card"
      titleKey="screens.orderStatusAction.title"
      lineKey="screens.orderStatusAction.line"
    />
  );
}
