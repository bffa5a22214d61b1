import type { Order } from "@paxelbox/contract";
import { useEffect } from "react";
import { recordRentEvent } from "../lib/rent-events";

/** The last status this browser session saw per order, across the status and action pages. */
const lastSeen = new Map<number, Order["status"]>();

/**
 * Records the client-observed transitions of spec §4: IMPORTED → IN_STORE ('package stored',
 * store_package_paxelbox) and IN_STORE → CUSTOMER_TAKEN ('stop rent success'). A copy kept on the
 * phone (`fromCache`, shown before a slow first answer) is no status seen now: the items stored
 * days ago are no transition.
 */
export function useStatusTransitions(order: Order | undefined, product: string, fromCache: boolean): void {
  useEffect(() => {
    if (!order || fromCache) return;
    const before = lastSeen.get(order.id);
    lastSeen.set(order.id, order.status);
    if (before === undefined || before === order.status) return;
    if (before === "IMPORTED" && order.status === "IN_STORE") {
      void recordRentEvent(product, "storePackage", order);
    } else if (before === "IN_STORE" && order.status === "CUSTOMER_TAKEN") {
      void recordRentEvent(product, "successStopRent", order);
    }
  }, [order, product, fromCache]);
}
