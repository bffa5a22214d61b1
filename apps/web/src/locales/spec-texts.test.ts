import { describe, expect, it } from "vitest";
import en from "./en";
import id from "./id";

/**
 * Texts the spec gives in Indonesian only (§2 'Link Kadaluwarsa', §6 the payment return's failure
 * and time-out): the English screens show them as they are (ADR 013), marked `lang="id"`.
 */
describe("texts the spec fixes in Indonesian", () => {
  const fixed = [
    ["dropOff.results.expireTitle", "Link Kadaluwarsa"],
    ["dropOff.results.takenTitle", "Paket sudah diambil"],
    ["dropOff.overdue.failed", "Pembayaran gagal. Silakan periksa saldomu dan coba kembali."],
    ["dropOff.overdue.cancelled", "Waktu pembayaran habis. Silakan coba lagi."],
    ["rent.overdue.paymentFailed", "Pembayaran gagal. Silakan periksa saldomu dan coba kembali."],
    ["rent.overdue.paymentCancelled", "Waktu pembayaran habis. Silakan coba lagi."],
  ] as const;
  const read = (messages: object, key: string) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);

  it.each(fixed)("%s reads '%s' in both languages", (key, text) => {
    expect(read(id, key)).toBe(text);
    expect(read(en, key)).toBe(text);
  });

  it("the result pages' lines are Indonesian in both languages", () => {
    for (const key of ["dropOff.results.takenLine", "dropOff.results.expireLine"]) {
      expect(read(en, key)).toBe(read(id, key));
    }
  });
});

describe("one voice in Indonesian", () => {
  const all = JSON.stringify(id);

  it("speaks informally, as the spec does ('saldomu'): never the formal 'Anda'", () => {
    expect(all).not.toMatch(/\bAnda\b/);
  });

  it("names each thing once: the overdue fee, the map link", () => {
    expect(all).not.toMatch(/Biaya keterlambatan/i);
    expect(id.dropOff.order.openMapLink).toBe(id.locationInfo.seeMap);
    expect(id.dropOff.overdue.heading).toBe(id.header.overdueFee);
  });
});
