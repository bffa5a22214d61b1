import type { Order } from "@paxelbox/contract";
import { useT } from "../../../lib/i18n/i18n";
import { InfoCard, InfoRow, Money } from "./info-card";
import styles from "./rent-status.module.css";

/** Payment details: rent fee, each donation line in the current language, admin fee, total, method. */
export function PaymentDetails({ order }: { order: Order }) {
  const { t, language } = useT();
  return (
    <InfoCard title={t("rent.payment.title")} testId="payment-details">
      <dl className={`stack ${styles.rows}`}>
        <InfoRow label={t("rent.payment.rentFee")} testId="payment-rent-fee">
          <Money amount={order.payOfAmount} />
        </InfoRow>
        {order.donation.map((donation) => (
          <InfoRow
            key={`${donation.name.en}-${donation.qty}-${donation.sub_total}`}
            label={t("rent.payment.donation", {
              name:
                language === "id"
                  ? donation.name.id || donation.name.en
                  : donation.name.en || donation.name.id,
              qty: donation.qty,
            })}
            testId="payment-donation"
          >
            <Money amount={donation.sub_total} />
          </InfoRow>
        ))}
        <InfoRow label={t("rent.payment.adminFee")} testId="payment-admin-fee">
          <Money amount={order.admin_fee.amount} />
        </InfoRow>
        <InfoRow label={t("rent.payment.total")} total testId="payment-total">
          <Money amount={order.admin_fee.total_amount} />
        </InfoRow>
        <InfoRow label={t("rent.payment.method")} testId="payment-method">
          {order.paymentMethod || order.payment_detail?.payment_method || t("rent.payment.noMethod")}
        </InfoRow>
      </dl>
    </InfoCard>
  );
}
