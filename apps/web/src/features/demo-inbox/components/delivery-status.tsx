import type { DemoOutboxEntry } from "@paxelbox/contract";
import { AlertIcon, Icon } from "../../../components/icons";
import { useT } from "../../../lib/i18n/i18n";
import styles from "./inbox.module.css";

const tick = "m2 12.5 4.5 4.5L16 7.5";
const secondTick = "m11.5 16.5.5.5L21.5 7.5";

/** The ticks a phone draws beside a message it sent: one when sent, two when delivered, blue once read. */
function Ticks({ status }: { status: DemoOutboxEntry["status"] }) {
  if (status === "failed") return <AlertIcon size={16} />;
  if (status === "accepted") {
    return (
      <Icon size={16}>
        <circle cx="12" cy="12" r="8" />
        <path d="M12 8v4.5l3 1.5" />
      </Icon>
    );
  }
  return (
    <Icon size={18}>
      <path d={tick} />
      {status === "sent" ? null : <path d={secondTick} />}
    </Icon>
  );
}

/** A message's delivery status: its ticks and, in words, what they say. */
export function DeliveryStatus({ status }: { status: DemoOutboxEntry["status"] }) {
  const { t } = useT();
  return (
    <span className={styles.status} data-status={status} data-testid="message-status">
      <Ticks status={status} />
      {t(`demoInbox.status.${status}`)}
    </span>
  );
}
