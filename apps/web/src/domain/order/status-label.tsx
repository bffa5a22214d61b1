import type { Order } from "@paxelbox/contract";
import { useT } from "../../lib/i18n/i18n";
import { statusPresentation, statusText } from "./order-status";
import styles from "./status-label.module.css";

/** Soft chip with dark text and a dot; the words carry the meaning, the colour only supports it. */
export function StatusLabel({ status }: { status: Order["status"] }) {
  const { t } = useT();
  const { raw, tone } = statusPresentation(status);
  return (
    <span className={styles.chip} data-tone={tone} data-status={raw}>
      <span className={styles.dot} aria-hidden="true" />
      {statusText(status, t)}
    </span>
  );
}
