import type { Language, OverdueDropoffDetail } from "@paxelbox/contract";
import { isPaidConflict } from "../../../api/check-payment";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { paths } from "../../../paths";
import { createDropoffPayment } from "../api/create-dropoff-payment";
import { submitOverdue } from "../api/overdue-submit";
import { getPaymentToken } from "../api/payment-token";
import { createSnapDropoffPayment } from "../api/snap-dropoff-payment";
import { keepEmail } from "./kept-email";

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
 * each with the order link's token. Spec §4: the return URLs carry `payment_status` SUCCESS,
 * FAILED or CANCELLED and `overdue=true` (the API passes them on unchanged); failed and cancelled
 * land on the overdue page with the spec's `status=failed|cancel`. None of it proves a payment:
 * success-payment asks the server.
 */
export function returnUrls(origin: string, orderid: number, linkToken: string | null): ReturnUrls {
  const token = linkToken ?? undefined;
  const overdue = "true";
  return {
    success: `${origin}${paths.overdue.successPayment.href({ orderid, token, payment_status: "SUCCESS", overdue })}`,
    failed: `${origin}${paths.overdue.payment.href({ orderid, token, status: "failed", payment_status: "FAILED", overdue })}`,
    cancel: `${origin}${paths.overdue.payment.href({ orderid, token, status: "cancel", payment_status: "CANCELLED", overdue })}`,
    single: `${origin}${paths.overdue.payment.href({ orderid, token })}`,
  };
}

export interface PayOverdueInput {
  detail: OverdueDropoffDetail;
  email: string;
  invoiceNumber: string;
  receiverName: string;
  phone: string;
  language: Language;
  snap: boolean;
  urls: ReturnUrls;
  /** Bearer token of the session. */
  token: string | null;
}

/**
 * Spec §7: the overdue submit, then (only when it answers `data.code` 200) the payment flow the
 * `snap_bi_dropoff` flag selects, with one `Idempotency-Key` per call. Resolves to the checkout URL
 * to open, or `null` when the submit answered another code (the page just stops loading). A fee
 * the server finds paid meanwhile (409, confirmed by the payment check) resolves to the
 * success-payment page. The email is kept for this tab until the fee is paid, so a failed or
 * cancelled payment comes back to it.
 */
export async function payOverdue(input: PayOverdueInput): Promise<string | null> {
  keepEmail(input.detail.id, input.email);
  try {
    return await startPayment(input);
  } catch (error) {
    if (await isPaidConflict(error, input.detail.id, input.token)) return input.urls.success;
    throw error;
  }
}

async function startPayment(input: PayOverdueInput): Promise<string | null> {
  const { detail, email, invoiceNumber, urls, token } = input;
  const idempotencyKey = newIdempotencyKey();
  const submitted = await submitOverdue(
    detail.id,
    {
      email,
      invoice_number: invoiceNumber,
      overdue_time: detail.overdueTime,
      overdue_days: detail.overdueDays,
      overdue_total_price: detail.overdueTotalPrice,
    },
    token,
  );
  if (submitted.code !== 200) return null;

  if (input.snap) {
    const result = await createSnapDropoffPayment(
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
      token,
      idempotencyKey,
    );
    return result.checkout_url;
  }

  const { access_token } = await getPaymentToken(token);
  const result = await createDropoffPayment(access_token, idempotencyKey, {
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
