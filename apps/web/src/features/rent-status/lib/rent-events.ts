import type { Order } from "@paxelbox/contract";
import { recordEvent } from "../../../lib/bridge/bridge";

/**
 * The rent analytics events of spec §9, recorded through the bridge's record-event call, each with
 * the locker code, address, size, rent duration, cost, order number, door number and the donations.
 */

export const rentEventNames = (product: string) => ({
  pickUpItem: `Pickup_Item_${product}Box`,
  multiOpen: `Multi_Open_${product}Box`,
  stopRent: `Stop_Rent_${product}Box`,
  /** 'package stored': IMPORTED → IN_STORE seen by the page. */
  storePackage: "store_package_paxelbox",
  /** 'stop rent success': IN_STORE → CUSTOMER_TAKEN seen by the page. */
  successStopRent: `Success_Stop_Rent_${product}Box`,
  /** Recorded after a cancelled rent, with the payment method (spec §7 cancel rent). */
  cancelRent: `Cancel_Rent_${product}Box`,
});
export type RentEvent = keyof ReturnType<typeof rentEventNames>;

type Params = Record<string, string | number | boolean | null>;

/** The fields every rent event carries. */
export function rentEventParams(order: Order): Params {
  return {
    locker_code: String(order.mouth.box.id),
    locker_name: order.mouth.box.name,
    address: order.mouth.box.address,
    size: order.mouth.mouthType.name,
    rent_duration: `${order.rentTime} ${order.rentTimeUnit}`,
    cost: order.payOfAmount,
    order_number: order.expressNumber,
    door_number: order.mouth.number,
    donation_list: JSON.stringify(
      order.donation.map((donation) => ({
        name: donation.name.en,
        qty: donation.qty,
        amount: donation.donation_amount,
        sub_total: donation.sub_total,
      })),
    ),
    total_donation: order.total_donation,
  };
}

export function recordRentEvent(product: string, event: RentEvent, order: Order, extra: Params = {}) {
  return recordEvent(rentEventNames(product)[event], { ...rentEventParams(order), ...extra });
}
