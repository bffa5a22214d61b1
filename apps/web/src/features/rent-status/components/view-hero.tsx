import type { Order } from "@paxelbox/contract";
import type { ReactNode } from "react";
import { StatusLabel } from "../../../domain/order/status-label";
import { useT } from "../../../lib/i18n/i18n";
import styles from "./rent-status.module.css";

/** The view's headline, found in the page. */
export const viewHeadline = '[data-testid="view-headline"]';

/** The top of a view: status chip, one headline, the place, and the door number large. */
export function ViewHero({
  order,
  headline,
  children,
}: {
  order: Order;
  headline: string;
  children?: ReactNode;
}) {
  const { t } = useT();
  return (
    <section className={`stack ${styles.hero}`} data-testid="view-hero">
      <StatusLabel status={order.status} />
      <div className={styles.heroMain}>
        <div className={`stack ${styles.heroText}`}>
          <h2 className={styles.headline} data-testid="view-headline">
            {headline}
          </h2>
          <p className={styles.place}>{order.mouth.box.name}</p>
        </div>
        <p className={styles.doorBadge} data-testid="hero-door">
          <span className={`caption ${styles.doorBadgeLabel}`}>{t("rent.inStore.door")}</span>
          <span className={styles.doorBadgeNumber}>{order.mouth.number}</span>
        </p>
      </div>
      {children}
    </section>
  );
}
