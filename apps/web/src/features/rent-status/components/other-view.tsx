import type { Order } from "@paxelbox/contract";
import { LocationInfo } from "../../../components/location-info";
import { type TKey, useT } from "../../../lib/i18n/i18n";
import { PaymentDetails } from "./payment-details";
import { RentInfoCard } from "./rent-info-card";
import styles from "./rent-status.module.css";
import { StatusHistory } from "./status-history";
import { ViewHero } from "./view-hero";

function headlineKey(status: Order["status"]): TKey {
  switch (status) {
    case "CUSTOMER_TAKEN":
      return "rent.other.CUSTOMER_TAKEN";
    case "CANCEL":
      return "rent.other.CANCEL";
    case "TAKEN_BY_SYSTEM":
      return "rent.other.TAKEN_BY_SYSTEM";
    case "OPERATOR_TAKEN":
    case "OPERATOR_PICK":
      return "rent.other.OPERATOR";
    default:
      return "rent.other.unknown";
  }
}

/**
 * Other view (ended, cancelled, ended by system, operator pickup, any other status): rent info,
 * history, location and payment details.
 */
export function OtherView({ order }: { order: Order }) {
  const { t } = useT();
  return (
    <div className={`stack ${styles.content}`} data-testid="other-view">
      <ViewHero order={order} headline={t(headlineKey(order.status))} />
      <RentInfoCard order={order} />
      <StatusHistory logs={order.logs} />
      <LocationInfo detail={order.lockerLocationDetail} />
      <PaymentDetails order={order} />
    </div>
  );
}
