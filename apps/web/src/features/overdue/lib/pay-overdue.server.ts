import type { Language, OverdueDropoffDetail } from "@paxelbox/contract";
import { isPaidConflict } from "../../../api/check-payment";
import type { ApiClient } from "../../../lib/http/api-client";
import { newIdempotencyKey } from "../../../lib/http/idempotency-key";
import { paths } from "../../../paths";
import { createDropoffPayment } from "../api/create-dropoff-payment.server";
import { submitOverdue } from "../api/overdue-submit.server";
import { getPaymentToken } from "../api/payment-token.server";
import { createSnapDropoffPayment } from "../api/snap-dropoff-payment.server";

export interface ReturnUrls {
  success: string;
  failed: string;
  cancel: string;
  /**
   * The one return URL of the bank-interface flow (`url_param`): the order link with its token; the
   * API adds `payment_status` and `overdue=true`.
   */
  single: string;
}

/**
 * Where the gateway sends the browser back: pages of this site (the API refuses any other origin),
 * each with the order link's token, and the page's language when it is English (a browser without
 * scripts has no stored choice to come back to). Spec §4: the return URLs carry `payment_status`
 * SUCCESS, FAILED or CANCELLED and `overdue=true` (the API passes them on unchanged); failed and
 * cancelled land on the overdue page with the spec's `status=failed|cancel`. None of it proves a
 * payment: success-payment asks the server.
 */
export function returnUrls(
  origin: string,
  orderid: number,
  linkToken: string | null,
  language: Language = "id",
): ReturnUrls {
  const token = linkToken ?? undefined;
  const lang = language === "en" ? language : undefined;
  const overdue = "true";
  return {
    success: `${origin}${paths.overdue.successPayment.href({ orderid, token, lang, payment_status: "SUCCESS", overdue })}`,
    failed: `${origin}${paths.overdue.payment.href({ orderid, token, lang, status: "failed", payment_status: "FAILED", overdue })}`,
    cancel: `${origin}${paths.overdue.payment.href({ orderid, token, lang, status: "cancel", payment_status: "CANCELLED", overdue })}`,
    single: `${origin}${paths.overdue.payment.href({ orderid, token, lang })}`,
  };
}

export interface PayOverdueInput {
  /** The detail as the API gave it for this payment (its figures and its invoice number). */
  detail: OverdueDropoffDetail & { invoiceNumber: string };
  email: string;
  receiverName: string;
  phone: string;
  language: Language;
  snap: boolean;
  urls: ReturnUrls;
  /** Bearer token of the page (the order link's, else the member's). */
  token: string | null;
}

/**
 * Spec §7: the overdue submit, then (only when it answers `data.code` 200) the payment flow the
 * `snap_bi_dropoff` flag selects, with one `Idempotency-Key` per call, through `api` (the action's
 * client, which carries the token). Resolves to the checkout URL to open, or `null` when the submit
 * answered another code (the page just stops loading). A fee the server finds paid meanwhile (409,
 * confirmed by the payment check) resolves to the success-payment page.
 */
export async function payOverdue(
  api: Pick<ApiClient, "request">,
  input: PayOverdueInput,
): Promise<string | null> {
  try {
    return await startPayment(api, input);
  } catch (error) {
    if (await isPaidConflict(error, input.detail.id, input.token, api)) return input.urls.success;
    throw error;
  }
}

async function startPayment(api: Pick<ApiClient, "request">, input: PayOverdueInput): Promise<string | null> {
  const { detail, email, urls } = input;
  const invoiceNumber = detail.invoiceNumber;
  const idempotencyKey = newIdempotencyKey();
  const submitted = await submitOverdue(api, detail.id, {
    email,
    invoice_number: invoiceNumber,
    overdue_time: detail.overdueTime,
    overdue_days: detail.overdueDays,
    overdue_total_price: detail.overdueTotalPrice,
  });
  if (submitted.code !== 200) return null;

  if (input.snap) {
    const result = await createSnapDropoffPayment(
      api,
      {
        order_id: detail.id,
        order_number: detail.expressNumber,
        email,
        invoice_number: invoiceNumber,
        overdue_time: detail.overdueTime,
        overdue_days: detail.overdueDays,
        overdue_total_price: detail.overdueTotalPrice,
        recipient_name: input.receiverName,
        phone: input.phone,
        url_param: urls.single,
        language: input.language,
      },
      idempotencyKey,
    );
    return result.checkout_url;
  }

  const { access_token } = await getPaymentToken(api);
  const result = await createDropoffPayment(api, access_token, idempotencyKey, {
    client: "overdue_dropoff_locker",
    email,
    invoice_number: invoiceNumber,
    cashier_name: input.receiverName,
    phone_number: input.phone,
    success_url: urls.success,
    failed_url: urls.failed,
    cancel_url: urls.cancel,
    locker_order_type: "Drop Off",
    order_info: [
      {
        order_id: detail.id,
        name: input.receiverName,
        box_id: detail.mouth.box.id,
        door_number: detail.mouth.number,
        box_name: detail.mouth.box.name,
        size: detail.mouth.mouthType.name,
        localization: "indonesia",
        duration: detail.overdueDays,
        price: detail.overdueTotalPrice,
        currency: "Rp",
        payment_type: "extention",
      },
    ],
  });
  return result.payment_url;
}
