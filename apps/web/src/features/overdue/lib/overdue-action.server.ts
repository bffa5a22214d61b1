import { calls } from "@paxelbox/contract";
import { redirect, redirectDocument } from "react-router";
import { checkPayment } from "../../../api/check-payment";
import { isFeatureEnabled } from "../../../api/settings";
import type { ServerConfig } from "../../../config/env";
import { linkToken } from "../../../domain/member/member-session";
import { orderIdOf } from "../../../domain/order/order-id";
import { getOverdueDetail, isFullDetail } from "../../../domain/order/overdue-detail";
import { overdueEntryTarget } from "../../../domain/order/overdue-entry";
import { fieldErrors, postedText, postingPage, refuse, refuseForApi } from "../../../lib/forms/action.server";
import { textFormData } from "../../../lib/forms/limited-form-data.server";
import type { ApiClient } from "../../../lib/http/api-client";
import { serverApiClient } from "../../../lib/http/api-client.server";
import { isSafeUrl } from "../../../lib/security/safe-url";
import { paths } from "../../../paths";
import { overdueFields, overdueFormSchema } from "./overdue-form";
import { payOverdue, returnUrls } from "./pay-overdue.server";

/**
 * Select Payment (spec §4, §5, §7), the overdue page's route action: the same for a page with its
 * scripts (react-hook-form checked the fields first and posts what a browser would post) and a page
 * without them (the browser's own post). The fields are checked with the form's schema, the one
 * the browser uses: a refusal answers the form with what was typed and the schema's messages, which
 * the page shows in its language. Then, through the API with the page's token: the fee as it is now
 * (its figures and its invoice number, never the page's), the settings' `snap_bi_dropoff`, the
 * submit and the payment; the browser goes to the gateway's checkout (a document navigation, with
 * or without scripts). A refusal of the API is answered with its message (in the page's language),
 * and the form keeps what was typed; a fee the server finds paid meanwhile goes to success-payment.
 */
export async function overduePaymentAction(config: ServerConfig, request: Request) {
  const url = new URL(request.url);
  const orderid = orderIdOf(url.searchParams);
  if (orderid === null) throw redirect(paths.home.href());
  const formData = await textFormData(request);
  const values = postedText(formData, overdueFields);
  const { token, language } = postingPage(request, formData, linkToken(url.searchParams));

  const parsed = overdueFormSchema.safeParse(values);
  if (!parsed.success) return refuse({ values, errors: fieldErrors(parsed.error) });

  const api = serverApiClient(config, token, request, language);
  const urls = returnUrls(config.publicBaseUrl, orderid, token, language);
  let checkout: string | null;
  try {
    const detail = await getOverdueDetail(orderid, token, request.signal, api);
    if (detail.overdueStatus !== "need_to_pay" || !isFullDetail(detail) || detail.invoiceNumber === null) {
      // No fee due any more: paid meanwhile (on another device) shows the paid QR; otherwise (taken,
      // expired) where the page would send the visitor now (spec §4).
      if (isFullDetail(detail) && (await paidMeanwhile(api, orderid, token, request.signal))) {
        return redirect(urls.success);
      }
      const lang = language === "en" ? "en" : undefined;
      return redirect(overdueEntryTarget(detail, orderid, token, lang) ?? paths.home.href({ lang }));
    }
    const settings = await api.request(calls.settings, { signal: request.signal });
    checkout = await payOverdue(api, {
      detail: { ...detail, invoiceNumber: detail.invoiceNumber },
      email: parsed.data.email,
      // The receiver's name and phone are the order's (spec §5: prefilled, read-only): read again
      // with the fee, as its amounts and invoice number are, never taken from the post.
      receiverName: detail.recipientName,
      phone: detail.takeUserPhoneNumber,
      language,
      snap: isFeatureEnabled(settings, "snap_bi_dropoff"),
      urls,
      token,
    });
  } catch (error) {
    return refuseForApi(error, values);
  }
  // Spec §8: a submit answered with another code than 200 only stops the loading.
  if (checkout === null) return refuse({ values, errors: {} }, 409);
  // Paid meanwhile: the success-payment page of this site, which asks the server.
  if (checkout === urls.success) return redirect(checkout);
  if (!isSafeUrl(checkout)) {
    return refuse({ values, errors: {}, formError: "" }, 502);
  }
  // The checkout is another site, or a page of this one that is not the app's (the sandbox's):
  // the browser loads it as a document either way.
  return redirectDocument(checkout);
}

/** Whether the order's latest overdue payment is paid (a failed check says no). */
async function paidMeanwhile(
  api: Pick<ApiClient, "request">,
  orderid: number,
  token: string | null,
  signal: AbortSignal,
) {
  try {
    return (await checkPayment(orderid, token, signal, api)).status === "SUCCESS";
  } catch {
    return false;
  }
}
