import { type Language, lockerUtcOffsetMinutes } from "@paxelbox/contract";
import { texts } from "./texts.ts";

/**
 * Money and dates in a message as the spec writes them (spec §9), like the web app's
 * `lib/i18n/format.ts`: `Rp. 5.000`, and day, short month, year, hour:minute. A message is read away
 * from the screen, so its times are written in the lockers' zone (WIB, UTC+7: every location is in
 * Jabodetabek) and say so.
 */
const shortMonths: Record<Language, readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  id: ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"],
};

export function formatRupiah(amount: number): string {
  const whole = Math.round(Math.abs(amount));
  return `${amount < 0 ? "-" : ""}Rp. ${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;
}

/** A count of days as the language writes it: `1 day`, `2 days`; `1 hari`, `2 hari`. */
export function formatDays(days: number, language: Language): string {
  const form = new Intl.PluralRules(language).select(days) === "one" ? "one" : "other";
  return texts[language].days[form].replace("{{n}}", String(days));
}

/** `3 Des 2026 14:05 WIB` (id), `3 Dec 2026 14:05 WIB` (en). */
export function formatDateTimeWib(value: Date, language: Language): string {
  const date = new Date(value.getTime() + lockerUtcOffsetMinutes * 60_000);
  const two = (n: number) => String(n).padStart(2, "0");
  const month = shortMonths[language][date.getUTCMonth()];
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} WIB`;
}

/** The lockers' day of a moment, `2026-12-03` (WIB). */
export function dayWib(value: Date): string {
  return new Date(value.getTime() + lockerUtcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** The lockers' hour of a moment, 0 to 23 (WIB). */
export function hourWib(value: Date): number {
  return new Date(value.getTime() + lockerUtcOffsetMinutes * 60_000).getUTCHours();
}
