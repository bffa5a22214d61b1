import "../lib/i18n/messages/drop-off-overdue";
import type { PaymentState } from "@paxelbox/contract";
import { redirect, useSearchParams } from "react-router";
import { checkPayment, paymentCheckPhase, paymentCheckWindowMs } from "../api/check-payment";
import { routeHandle } from "../components/layouts/layout-handle";
import type { ServedPaymentCheck } from "../components/payment-check-view";
import { LoaderQueries } from "../components/query-provider";
import { RequireUser, useUserSession } from "../components/require-user";
import { getServerConfig } from "../config/config.server";
import { linkToken } from "../domain/member/member-session";
import { orderIdOf } from "../domain/order/order-id";
import { type OverdueDetailResponse, overdueDetailQueryOptions } from "../domain/order/overdue-detail";
import { paidPageTarget } from "../domain/order/overdue-entry";
import { barcodeImageQueryOptions, barcodeProduct } from "../features/overdue/api/barcode-image";
import { SuccessPaymentScreen } from "../features/overdue/components/success-payment-screen";
import { serverApiClient } from "../lib/http/api-client.server";
import {
  languageToKeep,
  personalPageHeaders,
  preloadedAnswer,
  preloadQueries,
  preloadScreen,
  preloadSignal,
  preloadToken,
} from "../lib/ssr/web-view-preload.server";
import { paths } from "../paths";
import type { Route } from "./+types/overdue-success-payment";

export const handle = routeHandle({ layout: "bare" });

/**
 * Opened with a token, the paid fee's page arrives drawn: the detail and, once the payment is
 * credited, its pick-up QR, read on the server (ADR 011). Its ways elsewhere are followed here too,
 * so that they hold before and without scripts (the gateway brings a browser back here, whatever it
 * runs): a detail that says taken or expired, and a check of a payment the gateway did not settle,
 * which goes back to the overdue page with the spec's warning.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = getServerConfig(context);
  const search = new URL(request.url).searchParams;
  const orderid = orderIdOf(search);
  const token = preloadToken(request);
  // Without a token the page is its skeleton, as the service worker keeps it (fetched without its
  // query): the browser finds the member and the order.
  if (!token) return { dehydratedState: null, screenLoaded: false, screenFailed: false };
  // The members check is the root loader's, made once per request.
  const lang = await languageToKeep(context, request);
  if (orderid === null) throw redirect(paths.home.href({ lang }));
  const preloaded = await preloadScreen(config, request, (pageToken, api) =>
    overdueDetailQueryOptions(orderid, pageToken, api),
  );
  if (preloaded.screenFailed) throw redirect(paths.home.href({ lang }));
  const detail = preloadedAnswer<OverdueDetailResponse>(
    preloaded,
    overdueDetailQueryOptions(orderid, token).queryKey,
  );
  if (!preloaded.dehydratedState || !detail) return preloaded;
  const target = paidPageTarget(detail, lang);
  if (target) throw redirect(target);
  const api = serverApiClient(config, token, request);
  const barcodeId = "barcode" in detail ? detail.barcode?.id : undefined;
  if (!barcodeId) {
    // Not credited yet: the check the page makes after the gateway's return, made here once.
    const payment = await checkPayment(orderid, token, preloadSignal(request), api).catch(() => null);
    const warning =
      payment?.status === "FAILED"
        ? "failed"
        : payment?.status === "CANCELLED" || payment?.status === "EXPIRED"
          ? "cancel"
          : undefined;
    const payAgainHref = (status?: "failed" | "cancel") =>
      paths.overdue.payment.href({ orderid, token: linkToken(search) ?? undefined, lang, status });
    if (warning) throw redirect(payAgainHref(warning));
    return { ...preloaded, servedCheck: servedCheck(request, payment?.status, payAgainHref()) };
  }
  const image = await preloadQueries(request, [
    barcodeImageQueryOptions(barcodeProduct(config.public.productName), barcodeId, api),
  ]);
  return {
    ...preloaded,
    dehydratedState: {
      ...preloaded.dehydratedState,
      queries: [...preloaded.dehydratedState.queries, ...image.dehydratedState.queries],
    },
  };
}

/**
 * Where the server's check leaves a payment it found open or missing, as the page draws it. The
 * minute of waiting that the check's code counts in the browser counts here from the first page
 * drawn (`since`, on the server's clock), carried in the address the page asks for next, so that a
 * browser without scripts stops asking after it, as one with them does; "check again" starts it anew.
 */
function servedCheck(
  request: Request,
  status: PaymentState["status"] | undefined,
  payAgainHref: string,
): ServedPaymentCheck {
  const here = new URL(request.url);
  const now = Date.now();
  const given = Number(here.searchParams.get("since"));
  const since = Number.isSafeInteger(given) && given > 0 && given <= now ? given : now;
  // Paid but not yet carrying its QR: the page is read again, as for a payment being confirmed.
  const phase = paymentCheckPhase(
    status === "SUCCESS" ? "PENDING" : status,
    now - since >= paymentCheckWindowMs,
  );
  here.searchParams.delete("since");
  const checkAgainHref = here.pathname + here.search;
  here.searchParams.set("since", String(since));
  return {
    phase: phase === "pending" || phase === "unconfirmed" ? phase : "checking",
    checkAgainHref,
    payAgainHref,
    refreshHref: phase === "unconfirmed" ? null : here.pathname + here.search,
  };
}

/** In the browser the screen asks for itself (the server's answer is for the first render only). */
export async function clientLoader() {
  return null;
}

export function headers() {
  return personalPageHeaders;
}

/** Paid overdue fee: the pick-up QR and door (named route `overdue-success-payment`). */
export default function OverdueSuccessPaymentRoute({ loaderData }: Route.ComponentProps) {
  return (
    <LoaderQueries state={loaderData?.dehydratedState}>
      <RequireUser>
        <SuccessPaymentRouteContent
          served={loaderData && "servedCheck" in loaderData ? loaderData.servedCheck : null}
        />
      </RequireUser>
    </LoaderQueries>
  );
}

function SuccessPaymentRouteContent({ served }: { served: ServedPaymentCheck | null }) {
  const [search] = useSearchParams();
  const session = useUserSession();
  const orderid = orderIdOf(search);
  return (
    <SuccessPaymentScreen
      key={orderid ?? "none"}
      orderid={orderid}
      token={session.token}
      linkToken={linkToken(search)}
      served={served}
    />
  );
}
