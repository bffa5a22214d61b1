import type { Order } from "@paxelbox/contract";
import { DoorSizeLabel } from "../../../domain/order/door-size-label";
import { StatusLabel } from "../../../domain/order/status-label";
import { useFormatDateTime } from "../../../hooks/use-hydration";
import { useT } from "../../../lib/i18n/i18n";
import { rentEnds } from "../lib/duration";
import { InfoCard, InfoRow } from "./info-card";
import styles from "./rent-status.module.css";
import { useDurationText } from "./text";

/**
 * Rent info: order number, box size, door, location, duration, start, end (and take time). A rent
 * starts when its items are stored and ends its duration later: before that (to store, or cancelled
 * before storing) the start says so and there is no end yet — the deadline then is the one to
 * store by, which the countdown shows, not the rent's end. A paid extension keeps the rent's end
 * (start plus duration) and shows the new one beside it, as the overdue view names it.
 */
export function RentInfoCard({ order, showStatus = false }: { order: Order; showStatus?: boolean }) {
  const { t } = useT();
  const formatTime = useFormatDateTime();
  const duration = useDurationText();
  const { ends, extendedUntil } = rentEnds(order);
  return (
    <InfoCard title={t("rent.rentInfo.title")} testId="rent-info">
      <dl className={`stack ${styles.rows}`}>
        {showStatus ? (
          <InfoRow label={t("rent.rentInfo.status")} testId="rent-info-status">
            <StatusLabel status={order.status} />
          </InfoRow>
        ) : null}
        <InfoRow label={t("rent.rentInfo.orderNumber")} testId="rent-info-order-number">
          {order.expressNumber}
        </InfoRow>
        <InfoRow label={t("rent.rentInfo.boxSize")} testId="rent-info-size">
          <DoorSizeLabel size={order.mouth.mouthType.name} />
        </InfoRow>
        <InfoRow label={t("rent.rentInfo.doorNumber")} testId="rent-info-door">
          {order.mouth.number}
        </InfoRow>
        <InfoRow label={t("rent.rentInfo.location")}>{order.mouth.box.name}</InfoRow>
        <InfoRow label={t("rent.rentInfo.duration")}>{duration(order.rentTime, order.rentTimeUnit)}</InfoRow>
        <InfoRow label={t("rent.rentInfo.rentStart")} testId="rent-info-start">
          {order.storeTime !== null
            ? formatTime(order.storeTime)
            : order.status === "CANCEL"
              ? t("rent.rentInfo.notStarted")
              : t("rent.rentInfo.startsWhenStored")}
        </InfoRow>
        {ends !== null ? (
          <InfoRow label={t("rent.rentInfo.rentEnds")} testId="rent-info-ends">
            {formatTime(ends)}
          </InfoRow>
        ) : null}
        {extendedUntil !== null ? (
          <InfoRow label={t("rent.overdue.extendedUntil")} testId="rent-info-extended-until">
            {formatTime(extendedUntil)}
          </InfoRow>
        ) : null}
        {order.takeTime !== null ? (
          <InfoRow label={t("rent.rentInfo.takenAt")}>{formatTime(order.takeTime)}</InfoRow>
        ) : null}
      </dl>
    </InfoCard>
  );
}
