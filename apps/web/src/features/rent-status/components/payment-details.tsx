import type { Order } from "@paxelbox/contract";
import { useId } from "react";
import { formatRupiah } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { InfoRow } from "./rent-info-card";
import styles from "./rent-status.module.css";

/** Payment details: rent fee, each donation line in the current language, admin fee, total, method. */
export function PaymentDetails({ order }: { order: Order }) {
  const { t, language } = useT();
  const titleId = useId();
  const money = (amount: number) => <span className={styles.money}>{formatRupiah(amount)}</span>;
  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid="payment-details">
      <h2 id={titleId} className={styles.cardTitle}>
        {t("rent.payment.title")}
      </h2>
      <dl className={styles.rows}>
        <InfoRow label={t("rent.payment.rentFee")} testId="payment-rent-fee">
          {money(order.payOfAmount)}
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
            {money(donation.sub_total)}
          </InfoRow>
        ))}
        <InfoRow label={t("rent.payment.adminFee")} testId="payment-admin-fee">
          {money(order.admin_fee.amount)}
        </InfoRow>
        <div className={`${styles.row} ${styles.totalRow}`} data-testid="payment-total">
          <dt>{t("rent.payment.total")}</dt>
          <dd>{money(order.admin_fee.total_amount)}</dd>
        </div>
        <InfoRow label={t("rent.payment.method")} testId="payment-method">
          {order.paymentMethod || order.payment_detail?.payment_method || t("rent.payment.noMethod")}
        </InfoRow>
      </dl>
    </section>
  );
}
