import "../lib/i18n/messages/rent";
import { routeHandle } from "../components/layouts/layout-handle";
import { preloadQrEncoder } from "../components/qr-code";
import { LoaderQueries } from "../components/query-provider";
import { orderQueryOptions } from "../domain/order/order-query";
import { RentStatusScreen } from "../features/rent-status/components/rent-status-screen";
import { readRentQuery } from "../features/rent-status/lib/rent-view";
import { personalPageHeaders, preloadScreen } from "../lib/ssr/web-view-preload.server";
import type { Route } from "./+types/order-status-page";

/** The overdue view of the rent status (`status=overdue`) is titled 'Overdue fee'. */
export const handle = routeHandle({
  layout: "webview",
  titleKey: (search) => (search.get("status") === "overdue" ? "header.overdueFee" : undefined),
});

/** Opened with a token, the order is read on the server so the page arrives showing it (ADR 011). */
export async function loader({ request }: Route.LoaderArgs) {
  const orderid = readRentQuery(new URL(request.url).searchParams).orderid;
  const preloaded = await preloadScreen(
    request,
    orderid ? (token, api) => orderQueryOptions(orderid, token, api) : null,
  );
  // The QR encoder, so that the page arrives with its door QR drawn.
  if (preloaded.screenLoaded) await preloadQrEncoder();
  return preloaded;
}

/** In the browser the screen asks for itself (the server's answer is for the first render only). */
export async function clientLoader() {
  return null;
}

export function headers() {
  return personalPageHeaders;
}

/** Rent status (named route `order-status`): the five views of spec §2, polled every 5 s. */
export default function OrderStatusRoute({ loaderData }: Route.ComponentProps) {
  return (
    <LoaderQueries state={loaderData?.dehydratedState}>
      <RentStatusScreen />
    </LoaderQueries>
  );
}
