import type { Language } from "@paxelbox/contract";

/**
 * Money and time as the spec shows them (spec §9): 'Rp. 1.234.567' (dot thousands, comma
 * decimals) and dates as day, short month, year, hour:minute in the language's locale.
 */

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/**
 * `1234567` → `Rp. 1.234.567`; `1234.5` → `Rp. 1.234,50`; negatives as `-Rp. 5.000`.
 * Decimals appear only when the amount has them (two places).
 */
export function formatRupiah(amount: number | string | null | undefined): string {
  const value = typeof amount === "string" ? Number(amount) : (amount ?? 0);
  const safe = Number.isFinite(value) ? value : 0;
  const negative = safe < 0;
  const absolute = Math.abs(safe);
  const whole = Math.floor(absolute);
  const cents = Math.round((absolute - whole) * 100);
  let text = groupThousands(String(cents === 100 ? whole + 1 : whole));
  if (cents > 0 && cents < 100) text += `,${String(cents).padStart(2, "0")}`;
  return `${negative ? "-" : ""}Rp. ${text}`;
}

/**
 * Short month names as each language's locale writes them (CLDR's en-GB and id-ID, as
 * `Intl.DateTimeFormat` gives them; Indonesian without its trailing dot). Written out rather than
 * asked of `Intl`: a page's first `Intl.DateTimeFormat` loads the locale's data, ~15 ms on a fast
 * machine and ~60 ms on a mid-range phone, in the task that hydrates the page (ADR 029). The unit
 * test holds the table to `Intl`'s output.
 */
const shortMonths: Record<Language, readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  id: ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"],
};

export type DateInput = Date | number | string | null | undefined;

/** A Date from epoch milliseconds, an ISO string or a Date; `null` when invalid or empty. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * The date's parts in the device's time zone, or at `utcOffsetMinutes` (minutes east of UTC) when
 * given: a server's render and the hydration that repeats it (see `useFormatDateTime`). Either way
 * the wall-clock time is read with the UTC getters after moving the moment by the offset (the
 * device's own at that moment by default).
 */
function parts(value: Date, language: Language, utcOffsetMinutes?: number) {
  const offset = utcOffsetMinutes ?? -value.getTimezoneOffset();
  const date = new Date(value.getTime() + offset * 60_000);
  return {
    day: String(date.getUTCDate()),
    month: shortMonths[language][date.getUTCMonth()] ?? "",
    year: String(date.getUTCFullYear()),
    hour: twoDigits(date.getUTCHours()),
    minute: twoDigits(date.getUTCMinutes()),
  };
}

/**
 * `12 Jan 2025 14:30` (en) / `12 Agu 2025 14:30` (id), in the device's time zone or at the given
 * offset from UTC (minutes east); empty for no date.
 */
export function formatDateTime(value: DateInput, language: Language, utcOffsetMinutes?: number): string {
  const date = toDate(value);
  if (!date) return "";
  const p = parts(date, language, utcOffsetMinutes);
  return `${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}`;
}

/** `12 Jan 2025`; empty for no date. */
export function formatDate(value: DateInput, language: Language, utcOffsetMinutes?: number): string {
  const date = toDate(value);
  if (!date) return "";
  const p = parts(date, language, utcOffsetMinutes);
  return `${p.day} ${p.month} ${p.year}`;
}
