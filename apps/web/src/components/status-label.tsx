import type { Order, OrderStatus } from "@paxelbox/contract";
import { type TKey, useT } from "../lib/i18n";
import styles from "./status-label.module.css";

/** Chip colours of spec §4: in store amber, imported green, cancelled red, others purple. */
export type StatusTone = "green" | "amber" | "red" | "purple";

/** Label and tone of each known status (spec §4); unknown statuses are shown raw, in purple. */
export const orderStatusLabels: Partial<Record<OrderStatus, { labelKey: TKey; tone: StatusTone }>> = {
  IMPORTED: { labelKey: "status.IMPORTED", tone: "green" },
  IN_STORE: { labelKey: "status.IN_STORE", tone: "amber" },
  CUSTOMER_TAKEN: { labelKey: "status.CUSTOMER_TAKEN", tone: "purple" },
  CANCEL: { labelKey: "status.CANCEL", tone: "red" },
  TAKEN_BY_SYSTEM: { labelKey: "status.TAKEN_BY_SYSTEM", tone: "purple" },
  OPERATOR_TAKEN: { labelKey: "status.OPERATOR_PICK", tone: "purple" },
  OPERATOR_PICK: { labelKey: "status.OPERATOR_PICK", tone: "purple" },
};

export function statusPresentation(status: Order["status"]): {
  labelKey?: TKey;
  raw: string;
  tone: StatusTone;
} {
  const known = orderStatusLabels[status as OrderStatus];
  return known ? { ...known, raw: status } : { raw: status, tone: "purple" };
}

/** Soft chip with dark text and a dot; the words carry the meaning, the colour only supports it. */
export function StatusLabel({ status }: { status: Order["status"] }) {
  const { t } = useT();
  const { labelKey, raw, tone } = statusPresentation(status);
  return (
    <span className={styles.chip} data-tone={tone} data-status={raw}>
      <span className={styles.dot} aria-hidden="true" />
      {labelKey ? t(labelKey) : raw}
    </span>
  );
}
