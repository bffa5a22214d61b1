import type { Order } from "@paxelbox/contract";
import type { ShareOrderPayload } from "../../lib/bridge/bridge";
import { formatRupiah } from "../../lib/i18n/format";
import type { TFunction } from "../../lib/i18n/i18n";
import { storage } from "../../lib/offline/storage";
import { statusText } from "./order-status";

/** Statuses whose arrival shows the share button (spec §4). */
export const shareButtonStatuses: readonly Order["status"][] = [
  "CUSTOMER_TAKEN",
  "TAKEN_BY_SYSTEM",
  "OPERATOR_PICK",
  "OPERATOR_TAKEN",
  "CANCEL",
  "CUSTOMER_STORE",
];

/** Sharing the stored order needs one of the first five (spec §4). */
export const shareableStatuses: readonly Order["status"][] = shareButtonStatuses.slice(0, 5);

export function showsShareButton(status: Order["status"]): boolean {
  return shareButtonStatuses.includes(status);
}

export function isShareable(status: Order["status"]): boolean {
  return shareableStatuses.includes(status);
}

/**
 * Keeps the order a screen shows (spec §3 `order_data`, `order_id`): the header's share button
 * shares this stored order.
 */
export function keepShownOrder(order: Order): void {
  storage.set("order_data", order);
  storage.set("order_id", String(order.id));
}

/** The stored order, when its status may be shared; else `null`. */
export function shareableStoredOrder(): Order | null {
  const order = storage.get("order_data");
  return order && isShareable(order.status) ? order : null;
}

/**
 * What the bridge's share call receives (spec §7: recipientName, expressNumber, box, paymentInfo,
 * status); the status is its label as the screen shows it (`t` of the screen's language). The
 * payment reads "method · amount", either part left out when the order has none.
 */
export function sharePayload(order: Order, t: TFunction): ShareOrderPayload {
  const method = order.paymentMethod || order.payment_detail?.payment_method || "";
  const amount = order.admin_fee.total_amount || order.payOfAmount;
  return {
    recipientName: order.recipientName,
    expressNumber: order.expressNumber,
    status: statusText(order.status, t),
    box: { name: order.mouth.box.name, address: order.mouth.box.address, door: order.mouth.number },
    paymentInfo: [method, amount > 0 ? formatRupiah(amount) : null].filter(Boolean).join(" · "),
  };
}
