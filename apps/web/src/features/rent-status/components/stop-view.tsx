import type { Order } from "@paxelbox/contract";
import { useState } from "react";
import { ContentBlock } from "../../../components/ui/content-block";
import { DoorQrCard } from "../../../components/ui/door-qr-card";
import { useT } from "../../../lib/i18n/i18n";
import { storage } from "../../../lib/offline/storage";
import { useSecondsCountdown } from "../hooks/use-countdown";
import type { RentQuery } from "../lib/rent-view";
import styles from "./rent-status.module.css";

/** The stop view's own countdown (spec §9: 10 s), restarting each time. */
export const stopViewCountdownSeconds = 10;

interface ViewProps {
  order: Order;
  query: RentQuery;
  /** Fetches the order again (each time the 10 s countdown ends). */
  onRefresh: () => void;
}

/**
 * Stop view (`status=stop`): door number, the QR that opens the door for the last time, the warning
 * box, how-to-stop-rent, and the 10 s countdown that restarts. The QR is the order's customer-take
 * QR (`qrdisplay=data`) or the stored overdue QR (`qrdisplay=overdue`, fee 0 past the deadline).
 */
export function StopView({ order, query, onRefresh }: ViewProps) {
  const { t } = useT();
  const [overdueQr] = useState(() => storage.get("qrOverdue"));
  const seconds = useSecondsCountdown(stopViewCountdownSeconds, onRefresh, { restart: true });
  const door = order.mouth.number;
  const value =
    query.qrdisplay === "overdue"
      ? overdueQr || order.barcode.qrcodeCustomerTake
      : order.barcode.qrcodeCustomerTake;

  return (
    <div className={`stack ${styles.content}`} data-testid="stop-view">
      <DoorQrCard
        testId="stop-qr"
        title={t("rent.stop.title")}
        value={value}
        label={t("rent.stop.qrLabel", { door })}
        doorLabel={t("rent.stop.door")}
        doorNumber={door}
        instruction={t("rent.stop.qrHint", { door })}
        missing={t("rent.stop.qrMissing")}
      >
        <p className={styles.spinnerRow} data-testid="stop-countdown">
          <span aria-hidden="true">{t("rent.stop.checkingIn", { seconds })}</span>
          <span className="visually-hidden">{t("rent.stop.checkingHint")}</span>
        </p>
      </DoorQrCard>
      <ContentBlock name="attention_pick_up_items" doorNumber={door} variant="warning" />
      <ContentBlock name="how_to_stop_rent" doorNumber={door} />
    </div>
  );
}
