import type { Order } from "@paxelbox/contract";
import { shareOrder } from "../../../lib/bridge";
import { formatRupiah } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { storage } from "../../../lib/storage";
import { isShareable } from "../lib/rent-view";
import styles from "./rent-status.module.css";

function ShareIcon() {
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="m8.2 10.8 7.6-4.4" />
      <path d="m8.2 13.2 7.6 4.4" />
    </svg>
  );
}

/** The bridge's share payload (spec §7: recipientName, expressNumber, box, paymentInfo, status). */
export function sharePayload(order: Order) {
  const method = order.paymentMethod || order.payment_detail?.payment_method || "";
  const amount = formatRupiah(order.admin_fee.total_amount);
  return {
    recipientName: order.recipientName,
    expressNumber: order.expressNumber,
    status: order.status,
    box: { name: order.mouth.box.name, address: order.mouth.box.address, door: order.mouth.number },
    paymentInfo: method ? `${method} · ${amount}` : amount,
  };
}

/**
 * Header share button (spec §2, §4). It shares the stored order (`order_data`), and only when that
 * order's status is one of the five shareable ones.
 */
export function ShareOrderButton() {
  const { t } = useT();
  return (
    <button
      type="button"
      className={styles.headerButton}
      aria-label={t("rent.share")}
      data-testid="share-button"
      onClick={() => {
        const stored = storage.get("order_data");
        if (!stored || !isShareable(stored.status)) return;
        void shareOrder(sharePayload(stored));
      }}
    >
      <ShareIcon />
    </button>
  );
}
