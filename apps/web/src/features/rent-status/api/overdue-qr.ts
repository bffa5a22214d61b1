import { calls, type Order } from "@paxelbox/contract";
import { request } from "../../../lib/http/api-client";
import { storage } from "../../../lib/offline/storage";

/**
 * The QR that ends a rent whose overdue fee is 0 (spec §7), kept as `qrOverdue` for the stop view
 * with its order and its end. On failure the order's customer-take QR is kept instead (spec §8).
 */
export async function fetchOverdueQr(order: Order, token: string | null): Promise<string | null> {
  try {
    const { qrcode, expiresAt } = await request(calls.overdueQr, {
      body: { id: order.id, status: order.status },
      token,
    });
    storage.set("qrOverdue", { orderId: order.id, code: qrcode, expiresAt });
    return qrcode;
  } catch (error) {
    console.warn("[rent] overdue QR failed; using the order's customer-take QR", error);
    const fallback = order.barcode.qrcodeCustomerTake;
    if (fallback) storage.set("qrOverdue", { orderId: order.id, code: fallback, expiresAt: null });
    else storage.remove("qrOverdue");
    return fallback;
  }
}

/**
 * The kept stop code of this order while it opens the door (on the server's clock), else `null`:
 * another order's, or one past its 15 minutes (a view left open, or opened again later), would be
 * refused by the locker, while the order's take QR still ends a rent whose fee is 0.
 */
export function keptOverdueQr(orderId: number, now: number): string | null {
  const kept = storage.get("qrOverdue");
  if (!kept || kept.orderId !== orderId) return null;
  return kept.expiresAt === null || kept.expiresAt > now ? kept.code : null;
}
