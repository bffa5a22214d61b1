import type { Order } from "@paxelbox/contract";
import { cardStyles } from "../../../components/ui/card";
import { StatusLabel } from "../../../domain/order/status-label";
import { useFormatDateTime } from "../../../hooks/use-hydration";
import { useT } from "../../../lib/i18n/i18n";
import { InfoCard } from "./info-card";
import styles from "./rent-status.module.css";

/** Status history as a vertical timeline, newest first, times in the language's locale. */
export function StatusHistory({ logs }: { logs: Order["logs"] }) {
  const { t } = useT();
  const formatTime = useFormatDateTime();
  const newestFirst = [...logs].sort((a, b) => b.createdAt - a.createdAt);
  return (
    <InfoCard title={t("rent.history.title")} testId="status-history">
      {newestFirst.length === 0 ? (
        <p className={cardStyles.muted}>{t("rent.history.empty")}</p>
      ) : (
        <ol className="plain-list">
          {newestFirst.map((log) => (
            <li
              key={`${log.status}-${log.createdAt}`}
              className={`stack ${styles.timelineItem}`}
              data-status={log.status}
            >
              <StatusLabel status={log.status} />
              <time className={styles.timelineTime} dateTime={new Date(log.createdAt).toISOString()}>
                {formatTime(log.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </InfoCard>
  );
}
