import "../lib/i18n/messages/rent";
import { routeHandle } from "../components/layouts/layout-handle";
import { RentActionScreen } from "../features/rent-status/components/rent-action-screen";
import { personalPageHeaders } from "../lib/ssr/web-view-preload.server";

/** No layout header: the action page draws its own bar per action (spec §2). */
export const handle = routeHandle({ layout: "bare" });

/** Opened with a token, it is drawn for that member (the root loader checked them). */
export function headers() {
  return personalPageHeaders;
}

/** Rent-status action page (named route `order-status-action`, query `act`). */
export default function OrderStatusActionRoute() {
  return <RentActionScreen />;
}
