import "../lib/i18n/messages/drop-off-overdue";
import { redirect, useSearchParams } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { PageTitle } from "../components/page-title";
import { LoaderQueries } from "../components/query-provider";
import { RequireUser, useUserSession } from "../components/require-user";
import { getServerConfig } from "../config/config.server";
import { linkToken } from "../domain/member/member-session";
import { orderIdOf } from "../domain/order/order-id";
import { type OverdueDetailResponse, overdueDetailQueryOptions } from "../domain/order/overdue-detail";
import { overdueEntryTarget, paymentReturn } from "../domain/order/overdue-entry";
import { OverduePaymentScreen } from "../features/overdue/components/overdue-payment-screen";
import { overduePaymentAction } from "../features/overdue/lib/overdue-action.server";
import { withRetryAfter } from "../lib/forms/action.server";
import { postUnlessOffline, revalidateUnlessUnsent } from "../lib/forms/post-unless-offline";
import { useT } from "../lib/i18n/i18n";
import {
  languageToKeep,
  personalPageHeaders,
  preloadedAnswer,
  preloadScreen,
} from "../lib/ssr/web-view-preload.server";
import { paths } from "../paths";
import type { Route } from "./+types/overdue-payment";

export const handle = routeHandle({ layout: "webview", titleKey: "header.overdueFee" });

/**
 * Opened with a token, the overdue detail is read on the server so the page arrives showing it
 * (ADR 011). The entry rules of spec §4 are followed here too, so they hold before and without
 * scripts: no order, a failed detail, an expired link, a gateway's successful return, and a fee
 * that is not due (paid, still free, the parcel taken) — the order page, which leaves for this one
 * only when the server says the fee is due (the same `overdueEntryTarget`), so the two never bounce
 * a visitor between them. Home and the expired link's page have no token to learn the language
 * from: it goes along in their address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = getServerConfig(context);
  const search = new URL(request.url).searchParams;
  const orderid = orderIdOf(search);
  const token = linkToken(search);
  const home = async () => redirect(paths.home.href({ lang: await languageToKeep(context, request) }));
  if (orderid === null) throw await home();
  // A charge the API gave back: the page says so (the screen), whatever the fee's state now.
  if (paymentReturn(search) === "refunded") return null;
  if (paymentReturn(search) === "success") {
    // Its language goes along: a browser without scripts has no stored choice to learn it from.
    const lang = await languageToKeep(context, request);
    throw redirect(paths.overdue.successPayment.href({ orderid, token: token ?? undefined, lang }));
  }
  const detailQuery = (pageToken: string, api: Parameters<typeof overdueDetailQueryOptions>[2]) =>
    overdueDetailQueryOptions(orderid, pageToken, api);
  const preloaded = await preloadScreen(config, request, detailQuery);
  if (preloaded.screenFailed) throw await home();
  const detail = preloadedAnswer<OverdueDetailResponse>(
    preloaded,
    overdueDetailQueryOptions(orderid, token).queryKey,
  );
  if (detail) {
    const target = overdueEntryTarget(detail, orderid, token) ?? ("expressNumber" in detail ? null : "/");
    if (target === paths.home.href() || target === paths.overdue.expire.href()) {
      const lang = await languageToKeep(context, request);
      throw redirect(overdueEntryTarget(detail, orderid, token, lang) ?? paths.home.href({ lang }));
    }
    if (target?.startsWith(paths.order.href())) throw redirect(target);
  }
  return preloaded;
}

/** In the browser the screen asks for itself (the server's answer is for the first render only). */
export async function clientLoader() {
  return null;
}

/** Select Payment: checks the form and sends the browser on to the gateway's checkout. */
export async function action({ request, context }: Route.ActionArgs) {
  return overduePaymentAction(getServerConfig(context), request);
}

/** A post that cannot reach the server keeps the form as it was filled in (`postUnlessOffline`). */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return postUnlessOffline(serverAction);
}

export const shouldRevalidate = revalidateUnlessUnsent;

/** Someone's own page; a Select Payment refused for too many requests (429) says when to try again. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter(personalPageHeaders, actionHeaders);
}

/** Overdue payment (named route `overdue`, `/overduepayment?orderid=&token=&status=`). */
export default function OverduePaymentRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <LoaderQueries state={loaderData?.dehydratedState}>
      {/* Every state of the page, the skeleton on the way elsewhere too, is a titled document. */}
      <PageTitle title={t("header.overdueFee")} />
      <RequireUser>
        <OverduePaymentRouteContent refused={actionData} />
      </RequireUser>
    </LoaderQueries>
  );
}

function OverduePaymentRouteContent({ refused }: { refused: Route.ComponentProps["actionData"] }) {
  const [search] = useSearchParams();
  const session = useUserSession();
  const orderid = orderIdOf(search);
  return (
    <OverduePaymentScreen
      key={orderid ?? "none"}
      orderid={orderid}
      token={session.token}
      linkToken={linkToken(search)}
      paymentReturn={paymentReturn(search)}
      refused={refused}
    />
  );
}
