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
import { request } from "../../../lib/api-client";
import { paths } from "../../../paths";

/**
 * The overdue (extension) payment of a rent (spec §7). With `snap_bi_paxelbox` enabled: the
 * bank-interface payments call → `checkoutUrl`; otherwise a payment token, then the locker order →
 * `payment_url`. Either way the browser goes to the returned address; the gateway later brings it
 * back to the order page with `payment_status` and `overdue=true`, and only the server's signed
 * notification extends the rent.
 */

export interface OverduePaymentInput {
  order: Order;
  calculation: OverdueCalculation;
  user: UserData | null;
  language: Language;
  /** Bank-interface flow (`snap_bi_paxelbox` enabled). */
  bankInterface: boolean;
  /** Absolute URL the gateway returns to (this site's order page with orderid and token). */
  returnUrl: string;
  /** `{product}Box`, the item's brand. */
  productBoxName: string;
  token: string | null;
}

/** The order page with order id and token, as an absolute URL on this site. */
export function paymentReturnUrl(origin: string, orderId: string | number, token: string | null): string {
  return `${origin}${paths.orderStatus.page.href({ orderid: orderId, token: token ?? undefined })}`;
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
            `${input.productBoxName} ${order.mouth.box.name} · ${order.mouth.number} · ${calculation.increase_duration} ${calculation.rent_unit}`,
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
    urlParam: [{ url: input.returnUrl, type: "PAY_RETURN", isDeeplink: "N" }],
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
      cancel_url: input.returnUrl,
      success_url: input.returnUrl,
      failed_url: input.returnUrl,
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

/** Creates the payment and returns the address to send the browser to. */
export async function createOverduePayment(input: OverduePaymentInput): Promise<string> {
  if (input.bankInterface) {
    const result = await request(calls.bankInterfacePayment, {
      body: bankInterfacePaymentBody(input),
      token: input.token,
    });
    return result.checkoutUrl;
  }
  const { access_token } = await request(calls.paymentToken, { token: input.token });
  const result = await request(calls.lockerOrderPayment, {
    query: { access_token },
    body: lockerOrderBody(input),
  });
  return result.payment_url;
}
