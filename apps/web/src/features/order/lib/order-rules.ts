import type { Order } from "@paxelbox/contract";

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

/** The order page refreshes a drop-off only while it can still change: stored, or waiting to be stored. */
export function canStillChange(status: Order["status"] | undefined): boolean {
  return status === undefined || status === "IN_STORE" || status === "IMPORTED";
}
