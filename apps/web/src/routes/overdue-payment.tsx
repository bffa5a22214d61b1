import "../lib/messages/drop-off-overdue";
import { NumericId } from "@paxelbox/contract";
import { useSearchParams } from "react-router";
import { routeHandle } from "../components/layouts/layout-handle";
import { LoaderQueries } from "../components/query-provider";
import { RequireUser, useUserSession } from "../components/require-user";
import { linkToken } from "../domain/member/member-session";
import { overdueDetailQueryOptions } from "../features/overdue/api/overdue-detail";
import { overduePayFormCode } from "../features/overdue/components/overdue-pay-form-on-use";
import { OverduePaymentScreen } from "../features/overdue/components/overdue-payment-screen";
import { paymentReturn } from "../features/overdue/lib/entry";
import { generateInvoiceNumber } from "../features/overdue/lib/invoice-number";
import { personalPageHeaders, preloadScreen } from "../lib/web-view-preload.server";
import type { Route } from "./+types/overdue-payment";

export const handle = routeHandle({ layout: "webview", titleKey: "header.overdueFee" });

/**
 * Opened with a token, the overdue detail is read on the server so the page arrives showing it
 * (ADR 011); the invoice number it shows is drawn there too, so the browser keeps the same one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = NumericId.safeParse(new URL(request.url).searchParams.get("orderid") ?? "");
  const orderid = parsed.success ? parsed.data : null;
  // The page arrives with its form drawn; the browser loads the form's code on its first use.
  const [preloaded] = await Promise.all([
    preloadScreen(
      request,
      orderid === null ? null : (token, api) => overdueDetailQueryOptions(orderid, token, api),
    ),
    overduePayFormCode.load(),
  ]);
  return { ...preloaded, invoiceNumber: preloaded.screenLoaded ? generateInvoiceNumber() : null };
}

/** In the browser the screen asks for itself (the server's answer is for the first render only). */
export async function clientLoader() {
  return null;
}

export function headers() {
  return personalPageHeaders;
}

/** Overdue payment (named route `overdue`, `/overduepayment?orderid=&token=&status=`). */
export default function OverduePaymentRoute({ loaderData }: Route.ComponentProps) {
  return (
    <LoaderQueries state={loaderData?.dehydratedState}>
      <RequireUser>
        <OverduePaymentRouteContent invoiceNumber={loaderData?.invoiceNumber ?? null} />
      </RequireUser>
    </LoaderQueries>
  );
}

function OverduePaymentRouteContent({ invoiceNumber }: { invoiceNumber: string | null }) {
  const [search] = useSearchParams();
  const session = useUserSession();
  const parsed = NumericId.safeParse(search.get("orderid") ?? "");
  const orderid = parsed.success ? parsed.data : null;
  return (
    <OverduePaymentScreen
      key={orderid ?? "none"}
      orderid={orderid}
      token={session.token}
      linkToken={linkToken(search)}
      paymentReturn={paymentReturn(search)}
      invoiceNumber={invoiceNumber}
    />
  );
}
