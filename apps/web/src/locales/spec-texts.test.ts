import { describe, expect, it } from "vitest";
import en from "./en";
import id from "./id";

const read = (messages: object, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);

/**
 * Texts the spec gives in Indonesian only for the overdue result pages (§2 'Link Kadaluwarsa', "Texts
 * are Indonesian"): the English screens show them as they are (ADR 013), marked `lang="id"`.
 */
describe("texts the spec fixes in Indonesian", () => {
  const fixed = [
    ["dropOff.results.expireTitle", "Link Kadaluwarsa"],
    ["dropOff.results.takenTitle", "Paket sudah diambil"],
  ] as const;

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

/**
 * The payment return's failure and time-out (§8) are the spec's words on Indonesian pages and read
 * in English on English ones: they tell the person on the page what to do next.
 */
describe("the payment return's warnings", () => {
  const warnings = [
    [
      "dropOff.overdue.failed",
      "Pembayaran gagal. Silakan periksa saldomu dan coba kembali.",
      "Payment failed. Please check your balance and try again.",
    ],
    [
      "dropOff.overdue.cancelled",
      "Waktu pembayaran habis. Silakan coba lagi.",
      "Payment time is up. Please try again.",
    ],
    [
      "rent.overdue.paymentFailed",
      "Pembayaran gagal. Silakan periksa saldomu dan coba kembali.",
      "Payment failed. Please check your balance and try again.",
    ],
    [
      "rent.overdue.paymentCancelled",
      "Waktu pembayaran habis. Silakan coba lagi.",
      "Payment time is up. Please try again.",
    ],
  ] as const;

  it.each(warnings)(
    "%s reads the spec's '%s' in Indonesian, and '%s' in English",
    (key, indonesian, english) => {
      expect(read(id, key)).toBe(indonesian);
      expect(read(en, key)).toBe(english);
    },
  );
});

/**
 * The drop-off form's required fields (§5 '{field} should not be empty'): in English the message
 * names the field as its label does ('Sender Name'), as the guest book's messages do.
 */
describe("the drop-off form's messages", () => {
  const fields = [
    "senderName",
    "recipientName",
    "recipientMobileNumber",
    "lockerLocation",
    "packageSize",
    "packagePhoto",
  ] as const;

  it.each(fields)("%s reads '{label} should not be empty' in English", (field) => {
    expect(en.dropOff.package.messages[field]).toBe(`${en.dropOff.package[field]} should not be empty`);
  });

  it("names the phone and the photo by their labels in their other messages", () => {
    const { messages } = en.dropOff.package;
    expect(
      messages.recipientMobileNumberFormat.startsWith(`${en.dropOff.package.recipientMobileNumber} `),
    ).toBe(true);
    expect(messages.photoNotImage.startsWith(`${en.dropOff.package.packagePhoto} `)).toBe(true);
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
