import {
  type BankInterfacePaymentBody,
  calls,
  type Language,
  type LockerOrderBody,
  type Order,
  type OverdueCalculation,
  type UserData,
} from "@paxelbox/contract";
import type { z } from "zod";
import { isPaidConflict } from "../../../api/check-payment";
import { request } from "../../../lib/http/api-client";
import { newIdempotencyKey } from "../../../lib/http/idempotency-key";
import { paths } from "../../../paths";

/**
 * The overdue (extension) payment of a rent (spec §7). With `snap_bi_paxelbox` enabled: the
 * bank-interface payments call → `checkoutUrl`; otherwise a payment token, then the locker order →
 * `payment_url`. Either way the browser goes to the returned address; the gateway later brings it
 * back to the order page with `payment_status` and `overdue=true` (spec §4), and only the server
 * says the rent is paid: the page asks it (the payment check), whatever the address claims.
 */

export interface OverduePaymentInput {
  order: Order;
  calculation: OverdueCalculation;
  user: UserData | null;
  language: Language;
  /** Bank-interface flow (`snap_bi_paxelbox` enabled). */
  bankInterface: boolean;
  /** Where the gateway returns to (`paymentReturnUrls`). */
  returnUrls: RentReturnUrls;
  /** `{product}Box`, the item's brand. */
  productBoxName: string;
  token: string | null;
}

export interface RentReturnUrls {
  /** The bank interface's PAY_RETURN: the order page; the API adds `payment_status` and `overdue=true`. */
  bankInterface: string;
  /** The non-interface flow's three: the order page with `payment_status` and `overdue=true` each. */
  success: string;
  failed: string;
  cancel: string;
}

/** The order page with order id and token, as absolute URLs on this site (spec §4, §7). */
export function paymentReturnUrls(
  origin: string,
  orderId: string | number,
  token: string | null,
): RentReturnUrls {
  const url = (payment_status?: "SUCCESS" | "FAILED" | "CANCELLED") =>
    `${origin}${paths.orderStatus.page.href({
      orderid: orderId,
      token: token ?? undefined,
      ...(payment_status ? { payment_status, overdue: "true" } : {}),
    })}`;
  return { bankInterface: url(), success: url("SUCCESS"), failed: url("FAILED"), cancel: url("CANCELLED") };
}

const clip = (text: string, max: number) => text.trim().slice(0, max);

function customerName(input: OverduePaymentInput): { first: string; last: string } {
  const first = input.user?.first_name.trim() ?? "";
  const last = input.user?.last_name.trim() ?? "";
  return first || last
    ? { first: first || last, last: first ? last : "" }
    : { first: input.order.recipientName, last: "" };
}

export function bankInterfacePaymentBody(
  input: OverduePaymentInput,
): z.input<typeof BankInterfacePaymentBody> {
  const { order, calculation, user } = input;
  const name = customerName(input);
  return {
    additionalInfo: {
      customerDetails: {
        firstName: clip(name.first, 100),
        ...(name.last ? { lastName: clip(name.last, 100) } : {}),
        ...(user?.email ? { email: clip(user.email, 254) } : {}),
        phone: clip(user?.phone ?? "", 20),
      },
      items: [
        {
          brand: clip(input.productBoxName, 100),
          category: "rent_extension",
          id: clip(order.expressNumber, 64),
          name: clip(
            // The payer reads it at the bank in the page's language, as the rent's unit is shown.
            `${input.productBoxName} ${order.mouth.box.name} · ${order.mouth.number} · ${calculation.increase_duration} ${input.language === "id" ? calculation.rent_unit_bahasa : calculation.rent_unit}`,
            200,
          ),
          price: { currency: "IDR", value: String(calculation.total_overdue_fee) },
          quantity: 1,
        },
      ],
      language: input.language,
      payOptionDetails: [],
    },
    isOverdue: true,
    overdueDuration: calculation.increase_duration,
    partnerReferenceNo: order.expressNumber,
    urlParam: [{ url: input.returnUrls.bankInterface, type: "PAY_RETURN", isDeeplink: "N" }],
  };
}

export function lockerOrderBody(input: OverduePaymentInput): z.input<typeof LockerOrderBody> {
  const { order, calculation, user } = input;
  const name = customerName(input);
  return {
    order_info: {
      name: clip(`${name.first} ${name.last}`, 100),
      box_name: clip(order.mouth.box.name, 200),
      phone_number: clip(user?.phone ?? "", 20),
      cancel_url: input.returnUrls.cancel,
      success_url: input.returnUrls.success,
      failed_url: input.returnUrls.failed,
      payment_type: "extention",
      localization: "indonesia",
      box_id: order.mouth.box.id,
      door_number: clip(order.mouth.number, 10),
      order_id: order.id,
      price: calculation.total_overdue_fee,
      size: order.mouth.mouthType.name,
      loker_order_type: "rental",
      duration: calculation.increase_duration,
      currency: "Rp",
      client: "userapp_locker",
    },
  };
}

/**
 * Creates the payment (one `Idempotency-Key` per call) and returns the address to send the browser
 * to: the checkout, or — when the server refuses because the fee is paid meanwhile (409, confirmed
 * by the payment check) — the order page's success return, which shows it paid.
 */
export async function createOverduePayment(input: OverduePaymentInput): Promise<string> {
  try {
    return await startPayment(input);
  } catch (error) {
    if (await isPaidConflict(error, input.order.id, input.token)) return input.returnUrls.success;
    throw error;
  }
}

async function startPayment(input: OverduePaymentInput): Promise<string> {
  const idempotencyKey = newIdempotencyKey();
  if (input.bankInterface) {
    const result = await request(calls.bankInterfacePayment, {
      body: bankInterfacePaymentBody(input),
      token: input.token,
      idempotencyKey,
    });
    return result.checkoutUrl;
  }
  const { access_token } = await request(calls.paymentToken, { token: input.token });
  const result = await request(calls.lockerOrderPayment, {
    query: { access_token },
    body: lockerOrderBody(input),
    idempotencyKey,
  });
  return result.payment_url;
}
