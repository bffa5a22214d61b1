import { bridge } from "../../../lib/bridge";
import { useT } from "../../../lib/i18n";
import { storage } from "../../../lib/storage";
import { canShare, sharePayload } from "../lib/order-rules";
import styles from "./share-button.module.css";

/**
 * The header's share button (spec §2, §4): shares the stored order through the bridge; the stored
 * order must be in one of the five shareable statuses.
 */
export function ShareButton() {
  const { t } = useT();
  const onShare = () => {
    const order = storage.get("order_data");
    if (!order || !canShare(order)) {
      console.info("[share] the stored order cannot be shared in its status");
      return;
    }
    void bridge.shareOrder(sharePayload(order));
  };
  return (
    <button
      type="button"
      className={styles.button}
      onClick={onShare}
      aria-label={t("dropOff.order.share")}
      data-testid="order-share"
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </svg>
    </button>
  );
}
