import type { Order } from "@paxelbox/contract";
import type { ShareOrderPayload } from "../../../lib/bridge";
import { formatRupiah } from "../../../lib/format";

/** Spec §4: the order page checks once per second whether the parcel became overdue. */
export const overdueCheckMs = 1000;

/** IN_STORE or IMPORTED, an overdue price above 0 and now past the deadline (spec §4). */
export function isOverdueNow(
  order: Pick<Order, "status" | "overduePrice" | "overdueTime">,
  now: number,
): boolean {
  return (
    (order.status === "IN_STORE" || order.status === "IMPORTED") &&
    order.overduePrice > 0 &&
    order.overdueTime !== null &&
    now > order.overdueTime
  );
}

/** Statuses whose arrival shows the share button (spec §4). */
export const shareButtonStatuses: readonly string[] = [
  "CUSTOMER_TAKEN",
  "TAKEN_BY_SYSTEM",
  "OPERATOR_PICK",
  "OPERATOR_TAKEN",
  "CANCEL",
  "CUSTOMER_STORE",
];

/** Sharing the stored order needs one of the first five (spec §4). */
export const shareableStatuses: readonly string[] = shareButtonStatuses.slice(0, 5);

export function showsShareButton(status: Order["status"]): boolean {
  return shareButtonStatuses.includes(status);
}

export function canShare(order: Pick<Order, "status"> | null): boolean {
  return order !== null && shareableStatuses.includes(order.status);
}

/** What the bridge's share call receives (spec §7: recipientName, expressNumber, box, paymentInfo, status). */
export function sharePayload(order: Order): ShareOrderPayload {
  const amount = order.admin_fee.total_amount || order.payOfAmount;
  return {
    recipientName: order.recipientName,
    expressNumber: order.expressNumber,
    status: order.status,
    box: { name: order.mouth.box.name, address: order.mouth.box.address, door: order.mouth.number },
    paymentInfo: [order.paymentMethod, amount > 0 ? formatRupiah(amount) : null].filter(Boolean).join(" · "),
  };
}
