import { describe, expect, it } from "vitest";
import { formatDateTimeWib, formatRupiah } from "./format.ts";
import { linksIn, renderTemplate, templateNames, templates } from "./templates.ts";

describe("message templates", () => {
  it("use exactly their listed parameters, in both languages", () => {
    for (const name of templateNames) {
      const template = templates[name];
      const expected = template.parameters.map((_, index) => `{{${index + 1}}}`).sort();
      for (const language of ["id", "en"] as const) {
        const used = [...new Set(template.text[language].match(/\{\{\d+\}\}/g))].sort();
        expect(used, `${name} ${language}`).toEqual(expected);
      }
    }
  });

  it("render with the spec's money and date formats", () => {
    const stored = new Date("2026-12-01T07:05:00Z");
    const text = renderTemplate("dropoff_stored", "id", [
      "Rina",
      "Toko Batik",
      "Stasiun Sudirman",
      "12",
      "2",
      formatDateTimeWib(stored, "id"),
      formatRupiah(5000),
      "https://paxelbox.example/order?orderid=1&token=abc",
    ]);
    expect(text).toContain("sampai 1 Des 2026 14:05 WIB");
    expect(text).toContain("Rp. 5.000 per hari");
    expect(linksIn(text)).toEqual(["https://paxelbox.example/order?orderid=1&token=abc"]);
    expect(formatDateTimeWib(new Date("2026-09-30T17:00:00Z"), "en")).toBe("1 Oct 2026 00:00 WIB");
    expect(formatRupiah(1234567)).toBe("Rp. 1.234.567");
  });
});
