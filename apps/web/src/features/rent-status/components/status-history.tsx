import type { Order } from "@paxelbox/contract";
import { useId } from "react";
import { StatusLabel } from "../../../components/status-label";
import { useFormatDateTime } from "../../../hooks/use-hydration";
import { useT } from "../../../lib/i18n";
import styles from "./rent-status.module.css";

/** Status history as a vertical timeline, newest first, times in the language's locale. */
export function StatusHistory({ logs }: { logs: Order["logs"] }) {
  const { t } = useT();
  const formatTime = useFormatDateTime();
  const titleId = useId();
  const newestFirst = [...logs].sort((a, b) => b.createdAt - a.createdAt);
  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid="status-history">
      <h2 id={titleId} className={styles.cardTitle}>
        {t("rent.history.title")}
      </h2>
      {newestFirst.length === 0 ? (
        <p className={styles.muted}>{t("rent.history.empty")}</p>
      ) : (
        <ol className={styles.timeline}>
          {newestFirst.map((log) => (
            <li
              key={`${log.status}-${log.createdAt}`}
              className={styles.timelineItem}
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
    </section>
  );
}
