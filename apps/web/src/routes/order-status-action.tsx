import "../lib/i18n/messages/rent";
import { routeHandle } from "../components/layouts/layout-handle";
import { RentActionScreen } from "../features/rent-status/components/rent-action-screen";
import { personalPageHeaders, preloadToken, type ScreenPreload } from "../lib/ssr/web-view-preload.server";
import type { Route } from "./+types/order-status-action";

/** No layout header: the action page draws its own bar per action (spec §2). */
export const handle = routeHandle({ layout: "bare" });

/**
 * The page asks for its order in the browser; the server only tells a page opened without a token
 * (`RequireUser` then says, without scripts, where the page opens from).
 */
export function loader({ request }: Route.LoaderArgs): Pick<ScreenPreload, "tokenless"> {
  return preloadToken(request) ? {} : { tokenless: true };
}

/** In the browser the page asks for itself. */
export async function clientLoader() {
  return null;
}

/** Opened with a token, it is drawn for that member (the root loader checked them). */
export function headers() {
  return personalPageHeaders;
}

/** Rent-status action page (named route `order-status-action`, query `act`). */
export default function OrderStatusActionRoute() {
  return <RentActionScreen />;
}
