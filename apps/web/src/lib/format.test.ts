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
  // 2025-08-17 14:05 in Jakarta (UTC+7).
  const at = Date.UTC(2025, 7, 17, 7, 5);

  it("writes day, short month, year and hour:minute in the language's locale", () => {
    expect(formatDateTime(at, "en", "Asia/Jakarta")).toBe("17 Aug 2025 14:05");
    expect(formatDateTime(at, "id", "Asia/Jakarta")).toBe("17 Agu 2025 14:05");
  });

  it("uses Indonesian month names", () => {
    const may = Date.UTC(2025, 4, 2, 1, 0);
    const december = Date.UTC(2025, 11, 31, 16, 59);
    expect(formatDateTime(may, "id", "Asia/Jakarta")).toBe("2 Mei 2025 08:00");
    expect(formatDateTime(december, "id", "Asia/Jakarta")).toBe("31 Des 2025 23:59");
  });

  it("accepts ISO strings and Dates, and gives '' for nothing", () => {
    expect(formatDateTime("2025-08-17T07:05:00Z", "en", "UTC")).toBe("17 Aug 2025 07:05");
    expect(formatDateTime(new Date(at), "en", "UTC")).toBe("17 Aug 2025 07:05");
    expect(formatDateTime(null, "en")).toBe("");
    expect(formatDateTime("not a date", "en")).toBe("");
  });

  it("formats a date alone", () => {
    expect(formatDate(at, "id", "Asia/Jakarta")).toBe("17 Agu 2025");
  });

  it("toDate rejects invalid values", () => {
    expect(toDate("")).toBeNull();
    expect(toDate(Number.NaN)).toBeNull();
    expect(toDate(0)?.toISOString()).toBe("1970-01-01T00:00:00.000Z");
  });
});
