/**
 * Countdown arithmetic (spec §4): days, then hh:mm:ss; at zero 00:00:00. Ticks are 1000 ms.
 */

export const countdownTickMs = 1000;

export interface Remaining {
  /** Whole days left (shown before the clock when above 0). */
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whole seconds left in total (0 at or after the deadline). */
  totalSeconds: number;
  done: boolean;
}

export function remainingUntil(deadline: number, now: number): Remaining {
  const totalSeconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return { days, hours, minutes, seconds, totalSeconds, done: totalSeconds === 0 };
}

const two = (value: number) => String(value).padStart(2, "0");

/** `03:04:05` (hours within the day). */
export function formatClock(remaining: Pick<Remaining, "hours" | "minutes" | "seconds">): string {
  return `${two(remaining.hours)}:${two(remaining.minutes)}:${two(remaining.seconds)}`;
}

/**
 * The time left as a screen reader is told it ("more than …"), so that it speaks seldom and never
 * promises more than is left: whole minutes rounded down, in five-minute steps above five minutes,
 * 0 in the last minute; split into days, hours and minutes for words.
 */
export function announcedTime(remaining: Pick<Remaining, "totalSeconds">): {
  days: number;
  hours: number;
  minutes: number;
} {
  const whole = Math.floor(remaining.totalSeconds / 60);
  const total = whole > 5 ? Math.floor(whole / 5) * 5 : whole;
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}
