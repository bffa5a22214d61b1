import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatRupiah, toDate } from "./format";

describe("formatRupiah", () => {
  it("writes 'Rp. ' with dot thousands", () => {
    expect(formatRupiah(1234567)).toBe("Rp. 1.234.567");
    expect(formatRupiah(0)).toBe("Rp. 0");
    expect(formatRupiah(999)).toBe("Rp. 999");
    expect(formatRupiah(1000)).toBe("Rp. 1.000");
    expect(formatRupiah(100000000)).toBe("Rp. 100.000.000");
  });

  it("uses comma decimals only when there are some", () => {
    expect(formatRupiah(1234.5)).toBe("Rp. 1.234,50");
    expect(formatRupiah(1234.05)).toBe("Rp. 1.234,05");
    expect(formatRupiah(1234.999)).toBe("Rp. 1.235");
  });

  it("accepts numeric strings and survives bad input", () => {
    expect(formatRupiah("15000")).toBe("Rp. 15.000");
    expect(formatRupiah(null)).toBe("Rp. 0");
    expect(formatRupiah(undefined)).toBe("Rp. 0");
    expect(formatRupiah(Number.NaN)).toBe("Rp. 0");
    expect(formatRupiah(-5000)).toBe("-Rp. 5.000");
  });
});

describe("formatDateTime", () => {
  // 2025-08-17 14:05 in Jakarta (UTC+7, 420 minutes east).
  const at = Date.UTC(2025, 7, 17, 7, 5);
  const jakarta = 420;

  it("writes day, short month, year and hour:minute in the language's locale", () => {
    expect(formatDateTime(at, "en", jakarta)).toBe("17 Aug 2025 14:05");
    expect(formatDateTime(at, "id", jakarta)).toBe("17 Agu 2025 14:05");
  });

  it("uses Indonesian month names", () => {
    const may = Date.UTC(2025, 4, 2, 1, 0);
    const december = Date.UTC(2025, 11, 31, 16, 59);
    expect(formatDateTime(may, "id", jakarta)).toBe("2 Mei 2025 08:00");
    expect(formatDateTime(december, "id", jakarta)).toBe("31 Des 2025 23:59");
  });

  it("accepts ISO strings and Dates, and gives '' for nothing", () => {
    expect(formatDateTime("2025-08-17T07:05:00Z", "en", 0)).toBe("17 Aug 2025 07:05");
    expect(formatDateTime(new Date(at), "en", 0)).toBe("17 Aug 2025 07:05");
    expect(formatDateTime(null, "en")).toBe("");
    expect(formatDateTime("not a date", "en")).toBe("");
  });

  it("formats a date alone", () => {
    expect(formatDate(at, "id", jakarta)).toBe("17 Agu 2025");
  });

  /** What `Intl` writes for the same moment: the locale's data the month table copies. */
  function intl(value: number, language: "en" | "id", timeZone?: string): string {
    const map: Record<string, string> = {};
    const format = new Intl.DateTimeFormat(language === "en" ? "en-GB" : "id-ID", {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone,
    });
    for (const part of format.formatToParts(value)) map[part.type] = part.value;
    return `${map.day} ${map.month?.replace(/\.$/, "")} ${map.year} ${map.hour}:${map.minute}`;
  }

  // Every month of two years, at hours across the day, each side of midnight and of a year's end.
  const moments = Array.from({ length: 24 * 7 }, (_, index) =>
    Date.UTC(
      2024 + Math.floor(index / 84),
      Math.floor(index / 7) % 12,
      1 + ((index * 5) % 28),
      (index * 7) % 24,
      (index * 13) % 60,
    ),
  ).concat([Date.UTC(2025, 11, 31, 23, 59), Date.UTC(2026, 0, 1, 0, 0), Date.UTC(2024, 1, 29, 12, 0)]);

  it("writes what Intl writes, in both languages, at an offset from UTC", () => {
    // `Etc/GMT-7` is UTC+7 (the sign is POSIX's), `Etc/GMT+9` UTC−9.
    for (const [offset, zone] of [
      [420, "Etc/GMT-7"],
      [480, "Etc/GMT-8"],
      [540, "Etc/GMT-9"],
      [0, "UTC"],
      [-540, "Etc/GMT+9"],
    ] as const)
      for (const language of ["en", "id"] as const)
        for (const moment of moments)
          expect(formatDateTime(moment, language, offset), `${new Date(moment).toISOString()} ${zone}`).toBe(
            intl(moment, language, zone),
          );
  });

  it("writes what Intl writes in the device's time zone", () => {
    for (const language of ["en", "id"] as const)
      for (const moment of moments) expect(formatDateTime(moment, language)).toBe(intl(moment, language));
  });

  it("toDate rejects invalid values", () => {
    expect(toDate("")).toBeNull();
    expect(toDate(Number.NaN)).toBeNull();
    expect(toDate(0)?.toISOString()).toBe("1970-01-01T00:00:00.000Z");
  });
});
