import { calls, type Order } from "@paxelbox/contract";
import { request } from "../../../lib/http/api-client";
import { storage } from "../../../lib/offline/storage";

/**
 * The QR that ends a rent whose overdue fee is 0 (spec §7), kept as `qrOverdue` for the stop view.
 * On failure the order's customer-take QR is kept instead (spec §8).
 */
export async function fetchOverdueQr(order: Order, token: string | null): Promise<string | null> {
  try {
    const { qrcode } = await request(calls.overdueQr, {
      body: { id: order.id, status: order.status },
      token,
    });
    storage.set("qrOverdue", qrcode);
    return qrcode;
  } catch (error) {
    console.warn("[rent] overdue QR failed; using the order's customer-take QR", error);
    const fallback = order.barcode.qrcodeCustomerTake;
    if (fallback) storage.set("qrOverdue", fallback);
    else storage.remove("qrOverdue");
    return fallback;
  }
}
