import { redirect } from "react-router";
import type { ServerConfig } from "../../../config/env";
import { orderIdOf } from "../../../domain/order/overdue-entry";
import { postedText, refuse } from "../../../lib/forms/action.server";
import { errorMessage, isApiError } from "../../../lib/http/api-client";
import { serverApiClient } from "../../../lib/http/api-client.server";
import { isLanguage, languageFromCookieHeader } from "../../../lib/i18n/i18n";
import { paths } from "../../../paths";
import { cancelRent } from "../api/cancel-rent";
import { readRentQuery } from "./rent-view";

/** What the confirmation's form posts besides its button: the page's token and language. */
export const cancelRentFields = ["token", "language"] as const;

/**
 * Cancel Rent confirmed on a page whose scripts are not running (spec §2 to-store view; ADR 043):
 * the rent-status page's route action. With scripts the page cancels in the browser, as its
 * countdown does, and records the cancellation through the bridge; this is the browser's own post.
 * The API decides, with the page's token: a cancel it accepts goes to 'Rent Cancelled'
 * (`act=cancel_success`), one it refuses is answered with its message for the 'Denied?' notice.
 */
export async function cancelRentAction(config: ServerConfig, request: Request) {
  const url = new URL(request.url);
  const query = readRentQuery(url.searchParams);
  const page = postedText(await request.formData(), cancelRentFields);
  const token = query.token ?? (page.token.trim() || null);
  const language = isLanguage(page.language)
    ? page.language
    : languageFromCookieHeader(request.headers.get("cookie"));
  const orderId = orderIdOf(url.searchParams);
  if (orderId === null) return refuse<never>({ values: {}, errors: {}, formError: "" }, 404);

  try {
    await cancelRent(orderId, token, serverApiClient(config, token, request, language));
  } catch (error) {
    const status = isApiError(error) && error.status >= 400 && error.status < 500 ? error.status : 502;
    const retryAfter = isApiError(error) ? error.retryAfter : undefined;
    return refuse<never>({ values: {}, errors: {}, formError: errorMessage(error, "") }, status, retryAfter);
  }
  return redirect(
    paths.orderStatus.action.href({
      act: "cancel_success",
      orderid: query.orderid ?? orderId,
      token: query.token ?? undefined,
    }),
  );
}
