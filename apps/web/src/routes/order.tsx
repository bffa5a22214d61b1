import "../lib/i18n/messages/drop-off-order";
import type { Order } from "@paxelbox/contract";
import { redirect, useSearchParams } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { NoScriptScreenError } from "../components/no-script-screen-error";
import { LoaderQueries, QueryProvider } from "../components/query-provider";
import { RequireUser, useUserSession } from "../components/require-user";
import { getServerConfig } from "../config/config.server";
import { linkToken } from "../domain/member/member-session";
import { orderIdOf } from "../domain/order/order-id";
import { preloadOrderScreen } from "../domain/order/order-preload.server";
import { type OverdueDetailResponse, overdueDetailQueryOptions } from "../domain/order/overdue-detail";
import { overdueEntryTarget } from "../domain/order/overdue-entry";
import { OrderScreen } from "../features/order/components/order-screen";
import { isOverdueNow } from "../features/order/lib/order-rules";
import {
  type FollowingQuery,
  languageToKeep,
  personalPageHeaders,
  preloadedAnswer,
} from "../lib/ssr/web-view-preload.server";
import { paths } from "../paths";
import type { Route } from "./+types/order";

export const handle = routeHandle({ layout: "webview", titleKey: "header.orderDetail" });

/**
 * A parcel past its free period by the server's clock: its overdue detail, which says where the
 * page leads (spec §4), asked within the page's wait.
 */
const overdueFollows: FollowingQuery = (answer, token, api) => {
  const order = answer as Order | undefined;
  return order && isOverdueNow(order, Date.now()) ? overdueDetailQueryOptions(order.id, token, api) : null;
};

/**
 * Opened with a token, the order arrives drawn by the server, its pick-up QR too. A parcel that
 * is overdue goes on to the overdue payment page from here, before and without scripts (spec §4),
 * by the rule the page follows once its scripts run (`useOverdueRedirect`): only when the server's
 * overdue detail agrees, and so to where that page would send its visitor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const orderid = orderIdOf(search);
  const preloaded = await preloadOrderScreen(
    getServerConfig(context),
    request,
    orderid === null ? null : String(orderid),
    overdueFollows,
  );
  if (orderid === null) return preloaded;
  const token = linkToken(search);
  const detail = preloadedAnswer<OverdueDetailResponse>(
    preloaded,
    overdueDetailQueryOptions(orderid, token).queryKey,
  );
  if (!detail || overdueEntryTarget(detail, orderid, token)?.startsWith(paths.order.href())) return preloaded;
  const lang = await languageToKeep(context, request);
  throw redirect(
    overdueEntryTarget(detail, orderid, token, lang) ??
      paths.overdue.payment.href({ orderid, token: token ?? undefined, lang }),
  );
}

/** In the browser the screen asks for itself (the server's answer is for the first render only). */
export async function clientLoader() {
  return null;
}

export function headers() {
  return personalPageHeaders;
}

/** Order detail (named route `order`, `/order?orderid=&token=&preview=`). */
export default function OrderRoute({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <LoaderQueries state={loaderData?.dehydratedState}>
        <NoScriptScreenError preload={loaderData} />
        <RequireUser>
          <OrderRouteContent />
        </RequireUser>
      </LoaderQueries>
    </QueryProvider>
  );
}

function OrderRouteContent() {
  const [search] = useSearchParams();
  const session = useUserSession();
  const orderid = orderIdOf(search);
  return (
    <OrderScreen
      key={orderid ?? "none"}
      orderid={orderid}
      token={session.token}
      linkToken={linkToken(search)}
    />
  );
}
