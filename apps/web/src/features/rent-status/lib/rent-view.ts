import type { Order } from "@paxelbox/contract";
import { linkToken } from "../../../domain/member/member-session";
import { orderIdOf } from "../../../domain/order/order-id";
import { orderPollMs } from "../../../domain/order/order-query";
import type { OrderStatusQuery } from "../../../paths";

/**
 * How long after an unanswered check the deadline starts (the cancel at 00:00:00, the fee past the
 * stop view's deadline) the page asks again: nothing else starts it again, the deadline unchanged,
 * and the QR on screen meanwhile is one the locker refuses. As often as the page asks for the order.
 */
export const deadlineRetryMs = orderPollMs;

/** The five views of the rent-status page (spec §2 "Order status"). */
export type RentView = "to-store" | "in-store" | "overdue" | "stop" | "other";

/** The query of the rent-status pages, read once from the address. */
export interface RentQuery {
  orderid: string | null;
  token: string | null;
  status: OrderStatusQuery["status"] | null;
  act: OrderStatusQuery["act"] | null;
  qrdisplay: OrderStatusQuery["qrdisplay"] | null;
  overdue: "true" | null;
  paymentStatus: OrderStatusQuery["payment_status"] | null;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

export function readRentQuery(search: URLSearchParams): RentQuery {
  const orderid = orderIdOf(search);
  return {
    orderid: orderid === null ? null : String(orderid),
    token: linkToken(search),
    status: oneOf(search.get("status"), ["overdue", "stop"] as const),
    act: oneOf(search.get("act"), ["cancel_success", "stop_success", "stop_count", "open_locker"] as const),
    qrdisplay: oneOf(search.get("qrdisplay"), ["data", "overdue"] as const),
    overdue: search.get("overdue") === "true" ? "true" : null,
    paymentStatus: oneOf(search.get("payment_status"), [
      "SUCCESS",
      "FAILED",
      "CANCELLED",
      "REFUNDED",
    ] as const),
  };
}

/** Every query parameter of the page, as `paths.orderStatus.*.href()` takes it. */
export function toHrefQuery(query: RentQuery): OrderStatusQuery {
  return {
    orderid: query.orderid ?? undefined,
    token: query.token ?? undefined,
    status: query.status ?? undefined,
    act: query.act ?? undefined,
    qrdisplay: query.qrdisplay ?? undefined,
    overdue: query.overdue ?? undefined,
    payment_status: query.paymentStatus ?? undefined,
  };
}

/**
 * Which view shows: IMPORTED → to-store; IN_STORE → overdue (`status=overdue`), stop
 * (`status=stop`) or in-store; anything else (ended, cancelled, ended by system, operator pickup,
 * unknown) → other.
 */
export function selectRentView(status: Order["status"], query: Pick<RentQuery, "status">): RentView {
  if (status === "IMPORTED") return "to-store";
  if (status === "IN_STORE") {
    if (query.status === "overdue") return "overdue";
    if (query.status === "stop") return "stop";
    return "in-store";
  }
  return "other";
}

/** CUSTOMER_TAKEN seen from the stop view (`status=stop&act=stop_count`) → the stop-success page. */
export function isStopSuccess(status: Order["status"], query: Pick<RentQuery, "status" | "act">): boolean {
  return status === "CUSTOMER_TAKEN" && query.status === "stop" && query.act === "stop_count";
}

/** Polling every 5 s stops for good once the rent is cancelled (spec §4). */
export function keepsPolling(status: Order["status"] | undefined): boolean {
  return status !== "CANCEL";
}

/**
 * Overdue (spec §4): now is past the deadline, or the rent carries the expiry flag. The fee itself
 * always comes from the server's overdue calculation.
 */
export function isOverdue(order: Pick<Order, "overdueTime" | "isExpired">, now: number): boolean {
  return order.isExpired || (order.overdueTime !== null && now > order.overdueTime);
}
