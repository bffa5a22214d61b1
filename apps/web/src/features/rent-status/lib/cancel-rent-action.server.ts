import { redirect } from "react-router";
import type { ServerConfig } from "../../../config/env";
import { orderIdOf } from "../../../domain/order/order-id";
import { postingPage, refuse, refuseForApi } from "../../../lib/forms/action.server";
import { textFormData } from "../../../lib/forms/limited-form-data.server";
import { serverApiClient } from "../../../lib/http/api-client.server";
import { paths } from "../../../paths";
import { cancelOrFindCancelled } from "../api/cancel-rent";
import { readRentQuery } from "./rent-view";

/**
 * Cancel Rent confirmed on a page whose scripts are not running (spec §2 to-store view; ADR 043):
 * the rent-status page's route action. With scripts the page cancels in the browser, as its
 * countdown does, and records the cancellation through the bridge; this is the browser's own post.
 * The API decides, with the page's token: a cancel it accepts goes to 'Rent Cancelled'
 * (`act=cancel_success`), one it refuses is answered with its message for the 'Denied?' notice. A
 * post repeated (a double tap: the browser shows the last answer) finds the rent cancelled by the
 * first, and goes to 'Rent Cancelled' too.
 */
export async function cancelRentAction(config: ServerConfig, request: Request) {
  const url = new URL(request.url);
  const query = readRentQuery(url.searchParams);
  const { token, language } = postingPage(request, await textFormData(request), query.token);
  const orderId = orderIdOf(url.searchParams);
  if (orderId === null) return refuse<never>({ values: {}, errors: {}, formError: "" }, 404);

  const api = serverApiClient(config, token, request, language);
  try {
    await cancelOrFindCancelled(orderId, token, api);
  } catch (error) {
    return refuseForApi<never>(error);
  }
  return redirect(
    paths.orderStatus.action.href({
      act: "cancel_success",
      orderid: query.orderid ?? orderId,
      token: query.token ?? undefined,
      // Only the page can reach the app: it records the cancellation once its scripts run.
      record: "cancel",
    }),
  );
}
