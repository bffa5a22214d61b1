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

const monthFormatters = new Map<string, Intl.DateTimeFormat>();

function monthFormatter(language: Language, timeZone?: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ""}`;
  let formatter = monthFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language === "en" ? "en-GB" : "id-ID", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone,
    });
    monthFormatters.set(key, formatter);
  }
  return formatter;
}

export type DateInput = Date | number | string | null | undefined;

/** A Date from epoch milliseconds, an ISO string or a Date; `null` when invalid or empty. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(value: Date, language: Language, timeZone?: string) {
  const map: Record<string, string> = {};
  for (const part of monthFormatter(language, timeZone).formatToParts(value)) map[part.type] = part.value;
  return {
    day: map.day ?? "",
    month: (map.month ?? "").replace(/\.$/, ""),
    year: map.year ?? "",
    hour: map.hour ?? "",
    minute: map.minute ?? "",
  };
}

/** `12 Jan 2025 14:30` (en) / `12 Agu 2025 14:30` (id); empty for no date. */
export function formatDateTime(value: DateInput, language: Language, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  const p = parts(date, language, timeZone);
  return `${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute}`;
}

/** `12 Jan 2025`; empty for no date. */
export function formatDate(value: DateInput, language: Language, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  const p = parts(date, language, timeZone);
  return `${p.day} ${p.month} ${p.year}`;
}
