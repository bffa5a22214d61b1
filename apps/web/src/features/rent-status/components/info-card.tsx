import { type ReactNode, useId } from "react";
import { Card, CardTitle } from "../../../components/ui/card";
import { DetailRow } from "../../../components/ui/detail-row";
import { formatRupiah } from "../../../lib/i18n/format";
import styles from "./rent-status.module.css";

/** A card of the rent views: a section named by its title (`hiddenTitle`: for screen readers only). */
export function InfoCard({
  title,
  hiddenTitle = false,
  testId,
  children,
}: {
  title: ReactNode;
  hiddenTitle?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId} data-testid={testId}>
      {hiddenTitle ? (
        <h2 id={titleId} className="visually-hidden">
          {title}
        </h2>
      ) : (
        <CardTitle id={titleId}>{title}</CardTitle>
      )}
      {children}
    </Card>
  );
}

/** A label / value row of an info card's `<dl className={rows}>`; `total`: the bold sum under a rule. */
export function InfoRow({
  label,
  children,
  total = false,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  total?: boolean;
  testId?: string;
}) {
  return (
    <DetailRow
      label={label}
      className={total ? `${styles.row} ${styles.totalRow}` : styles.row}
      testId={testId}
    >
      {children}
    </DetailRow>
  );
}

/** An amount in rupiah, kept on one line. */
export function Money({ amount }: { amount: number }) {
  return <span className={styles.money}>{formatRupiah(amount)}</span>;
}
