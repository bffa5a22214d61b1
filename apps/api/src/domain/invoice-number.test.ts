import { invoiceNumberPattern } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { generateInvoiceNumber } from "./invoice-number.ts";

describe("invoice number", () => {
  it("has the shape INV-DOL-XXXXXX-XXXX and differs each time", () => {
    const first = generateInvoiceNumber();
    expect(first).toMatch(invoiceNumberPattern);
    expect(generateInvoiceNumber()).not.toBe(first);
  });

  it("skips the bytes that would make some characters likelier", () => {
    const bytes = [252, 255, 0, 35, 36, 251, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
    let next = 0;
    const random = (n: number) => Uint8Array.from({ length: n }, () => bytes[next++ % bytes.length] ?? 0);
    expect(generateInvoiceNumber(random)).toBe("INV-DOL-A9A9BC-HIJK");
  });
});
