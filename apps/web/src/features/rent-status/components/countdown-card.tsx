import { useId } from "react";
import { Card } from "../../../components/ui/card";
import { useT } from "../../../lib/i18n/i18n";
import { useCountdown } from "../hooks/use-countdown";
import { announcedTime, formatClock } from "../lib/countdown";
import styles from "./rent-status.module.css";

interface CountdownCardProps {
  /** Deadline (epoch ms); without one nothing is shown. */
  deadline: number | null;
  /** What the time is for. */
  label: string;
  /** What happens at zero (VISUAL.md: the label says it). */
  hint: string;
  /** The expired event (spec §4). */
  onZero?: () => void;
}

/**
 * Countdown (spec §4): days, then hh:mm:ss; 00:00:00 at zero. The digits are a `timer` (not live);
 * a polite live region speaks the time left in words (`announcedTime`: "more than 45 minutes",
 * "less than a minute") and once at zero.
 */
export function CountdownCard({ deadline, label, hint, onZero }: CountdownCardProps) {
  const { t } = useT();
  const labelId = useId();
  const remaining = useCountdown(deadline, onZero);
  if (!remaining) return null;

  const told = announcedTime(remaining);
  const spoken = remaining.done
    ? t("rent.countdown.ended")
    : told.days + told.hours + told.minutes === 0
      ? t("rent.countdown.announceUnderMinute")
      : t("rent.countdown.announce", {
          time: [
            told.days > 0 ? t("rent.countdown.day", { count: told.days }) : null,
            told.hours > 0 ? t("rent.countdown.announceHours", { count: told.hours }) : null,
            told.minutes > 0 ? t("rent.countdown.announceMinutes", { count: told.minutes }) : null,
          ]
            .filter(Boolean)
            .join(" "),
        });

  return (
    <Card
      as="section"
      centered
      className={styles.countdown}
      aria-labelledby={labelId}
      data-testid="countdown"
      data-done={remaining.done}
    >
      <h2 id={labelId} className={styles.countdownLabel}>
        {label}
      </h2>
      <p
        className={`cluster ${styles.countdownValue}`}
        role="timer"
        aria-live="off"
        data-testid="countdown-value"
      >
        {remaining.days > 0 ? (
          <span className={styles.countdownDays} data-testid="countdown-days">
            {t("rent.countdown.day", { count: remaining.days })}
          </span>
        ) : null}
        <span data-testid="countdown-clock">{formatClock(remaining)}</span>
      </p>
      <p className={styles.countdownHint}>{hint}</p>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {spoken}
      </span>
    </Card>
  );
}
