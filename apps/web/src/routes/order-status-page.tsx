import "../lib/i18n/messages/rent";
import type { Order } from "@paxelbox/contract";
import { redirect } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { NoScriptScreenError } from "../components/no-script-screen-error";
import { LoaderQueries } from "../components/query-provider";
import { getServerConfig } from "../config/config.server";
import { preloadOrderScreen } from "../domain/order/order-preload.server";
import { orderQueryKeyOf } from "../domain/order/order-query";
import { overdueCalculationQueryOptions } from "../features/rent-status/api/overdue-calculation";
import { RentStatusScreen } from "../features/rent-status/components/rent-status-screen";
import { cancelRentAction } from "../features/rent-status/lib/cancel-rent-action.server";
import { isOverdue, readRentQuery } from "../features/rent-status/lib/rent-view";
import { withRetryAfter } from "../lib/forms/action.server";
import {
  type FollowingQuery,
  personalPageHeaders,
  preloadedAnswer,
} from "../lib/ssr/web-view-preload.server";
import type { Route } from "./+types/order-status-page";

/** The overdue view of the rent status (`status=overdue`) is titled 'Overdue fee'. */
export const handle = routeHandle({
  layout: "webview",
  titleKey: (search) => (search.get("status") === "overdue" ? "header.overdueFee" : undefined),
});

/**
 * Opened with a token, the order arrives drawn by the server, its door QR too. Opened as the
 * overdue view of a rent in the locker that is not overdue (an old link, a reload after paying),
 * the page goes to its in-store view, as its script would: the server's clock decides.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readRentQuery(url.searchParams);
  const { orderid } = query;
  // The overdue view's fee is drawn by the server too: without scripts it is all the page can show.
  const fee: FollowingQuery | undefined =
    query.status === "overdue" && orderid !== null
      ? (order, token, api) => {
          const rent = order as Order;
          return rent.status === "IN_STORE" && isOverdue(rent, Date.now())
            ? overdueCalculationQueryOptions(orderid, token, rent.overdueTime, api)
            : null;
        }
      : undefined;
  const preloaded = await preloadOrderScreen(getServerConfig(context), request, orderid, fee);
  if (query.status === "overdue" && query.orderid !== null && query.token !== null) {
    const order = preloadedAnswer<Order>(preloaded, orderQueryKeyOf(query.orderid, query.token));
    if (order?.status === "IN_STORE" && !isOverdue(order, Date.now())) {
      url.searchParams.delete("status");
      throw redirect(`${url.pathname}${url.search}`);
    }
  }
  return preloaded;
}

/** In the browser the screen asks for itself (the server's answer is for the first render only). */
export async function clientLoader() {
  return null;
}

/** Cancel Rent confirmed before or without scripts (the page's own cancel is in the browser). */
export async function action({ request, context }: Route.ActionArgs) {
  return cancelRentAction(getServerConfig(context), request);
}

/** Someone's own page; a cancel refused for too many requests (429) says when to try again. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(personalPageHeaders, actionHeaders);
}

/** Rent status (named route `order-status`): the five views of spec §2, polled every 5 s. */
export default function OrderStatusRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LoaderQueries state={loaderData?.dehydratedState}>
      <NoScriptScreenError preload={loaderData} />
      <RentStatusScreen cancelRefused={actionData} />
    </LoaderQueries>
  );
}
