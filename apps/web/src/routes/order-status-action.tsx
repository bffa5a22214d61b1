import "../lib/i18n/messages/rent";
import { routeHandle } from "../components/layouts/layout-handle";
import { RentActionScreen } from "../features/rent-status/components/rent-action-screen";

/** No layout header: the action page draws its own bar per action (spec §2). */
export const handle = routeHandle({ layout: "bare" });

/** Rent-status action page (named route `order-status-action`, query `act`). */
export default function OrderStatusActionRoute() {
  return <RentActionScreen />;
}
