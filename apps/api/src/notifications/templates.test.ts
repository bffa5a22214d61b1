import { BusinessType, GuestBookPurpose } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { locations } from "../db/seed/data/locations.ts";
import { emailTemplateNames, emailTemplates, purposeLabel, renderEmail } from "./email-templates.ts";
import { formatDateTimeWib, formatDays, formatRupiah } from "./format.ts";
import { renderSms } from "./sms-templates.ts";
import { linksIn, renderTemplate, templateNames, templates } from "./templates.ts";
import { texts } from "./texts.ts";

const languages = ["id", "en"] as const;

/** The `{{n}}` a text uses, once each, in order. */
const placeholdersOf = (text: string) => [...new Set(text.match(/\{\{\d+\}\}/g))].sort();
/** The `{{n}}` of a parameter list. */
const placeholdersFor = (parameters: readonly string[]) =>
  parameters.map((_, index) => `{{${index + 1}}}`).sort();

describe("message templates", () => {
  it("have their texts in both locale files, and the locale files no text without a template", () => {
    for (const language of languages) {
      const messages = texts[language];
      expect(Object.keys(messages).sort(), language).toEqual(
        ["businessType", "days", "email", "purpose", "sms", "whatsapp"].sort(),
      );
      expect(Object.keys(messages.days).sort(), `${language} days`).toEqual(["one", "other"]);
      expect(Object.keys(messages.whatsapp).sort(), `${language} whatsapp`).toEqual(
        [...templateNames].sort(),
      );
      expect(Object.keys(messages.sms).sort(), `${language} sms`).toEqual([...templateNames].sort());
      expect(Object.keys(messages.email).sort(), `${language} email`).toEqual([...emailTemplateNames].sort());
      expect(Object.keys(messages.purpose).sort(), `${language} purpose`).toEqual(
        [...GuestBookPurpose.options].sort(),
      );
      expect(Object.keys(messages.businessType).sort(), `${language} businessType`).toEqual(
        [...BusinessType.options].sort(),
      );
      for (const text of [
        ...Object.values(messages.whatsapp),
        ...Object.values(messages.sms),
        ...Object.values(messages.email).flatMap((email) => [email.subject, ...email.lines]),
        ...Object.values(messages.purpose),
        ...Object.values(messages.businessType),
      ]) {
        expect(typeof text, language).toBe("string");
      }
    }
  });

  it("use exactly their listed parameters, in both languages, and so do their SMS versions", () => {
    for (const name of templateNames) {
      const expected = placeholdersFor(templates[name].parameters);
      for (const language of languages) {
        expect(placeholdersOf(texts[language].whatsapp[name]), `${name} ${language} WhatsApp`).toEqual(
          expected,
        );
        expect(placeholdersOf(texts[language].sms[name]), `${name} ${language} SMS`).toEqual(expected);
      }
    }
  });

  it("speak as the screens do: the overdue fee is 'biaya perpanjang sewa', never the formal 'Anda'", () => {
    const indonesian = JSON.stringify(texts.id);
    expect(indonesian).not.toMatch(/keterlambatan/i);
    expect(indonesian).not.toMatch(/\bAnda\b/);
    for (const name of ["dropoff_overdue", "dropoff_fee_paid", "rent_overdue"] as const) {
      expect(texts.id.whatsapp[name], name).toMatch(/biaya perpanjang sewa/i);
    }
    expect(texts.id.email.dropoff_fee_receipt.lines.join("\n")).toContain("biaya perpanjang sewa");
  });

  it("of e-mail use exactly their listed parameters in subject and text, in both languages", () => {
    for (const name of emailTemplateNames) {
      const expected = placeholdersFor(emailTemplates[name].parameters);
      for (const language of languages) {
        const { subject, lines } = texts[language].email[name];
        expect(placeholdersOf([subject, ...lines].join("\n")), `${name} ${language}`).toEqual(expected);
      }
    }
  });

  it("render the receipt e-mail with its subject, amount and the QR's validity", () => {
    const email = renderEmail(
      "dropoff_fee_receipt",
      "id",
      [
        "Rina",
        "INV-DOL-A1B2C3-D4E5",
        formatRupiah(15000),
        "Stasiun Sudirman",
        "12",
        "24",
        formatDateTimeWib(new Date("2026-12-01T07:05:00Z"), "id"),
      ],
      "Paxel",
    );
    expect(email.subject).toBe("Pembayaran diterima: INV-DOL-A1B2C3-D4E5");
    expect(email.text).toContain("Jumlah: Rp. 15.000\n");
    expect(email.text).toContain("berlaku 24 jam, sampai 1 Des 2026 14:05 WIB");
    expect(email.replyTo).toBeUndefined();
    const lead = renderEmail(
      "partnership_lead",
      "en",
      ["Sari", "0812", "sari@example.id", "x", "y", "z", "t"],
      "Paxel",
    );
    expect(lead.replyTo).toBe("sari@example.id");
  });

  it("of e-mail sign with the configured product's name (PRODUCT_NAME), as the screens do", () => {
    for (const language of languages) {
      const purpose = purposeLabel("paxelbox_locker", language, "Kirim");
      expect(purpose, language).toMatch(/KirimBox/);
      for (const name of emailTemplateNames) {
        const parameters = emailTemplates[name].parameters.map((_, index) => `p${index + 1}`);
        const email = renderEmail(name, language, parameters, "Kirim");
        expect(`${email.subject}\n${email.text}`, `${name} ${language}`).not.toMatch(/Paxel|\{\{/);
      }
      const ack = renderEmail("partnership_ack", language, [purpose, "https://x.example/p.pdf"], "Kirim");
      expect(ack.text, language).toMatch(/\nKirimBox$/);
      expect(ack.text, language).toContain(`(${purpose})`);
    }
  });

  it("render with the spec's money and date formats", () => {
    const stored = new Date("2026-12-01T07:05:00Z");
    const text = renderTemplate("dropoff_stored", "id", [
      "Rina",
      "Toko Batik",
      "Stasiun Sudirman",
      "12",
      formatDays(2, "id"),
      formatDateTimeWib(stored, "id"),
      formatRupiah(5000),
      "https://paxelbox.example/order?orderid=1&token=abc",
    ]);
    expect(text).toContain("gratis selama 2 hari, sampai 1 Des 2026 14:05 WIB");
    expect(text).toContain("Rp. 5.000 per hari");
    expect(linksIn(text)).toEqual(["https://paxelbox.example/order?orderid=1&token=abc"]);
    expect(formatDateTimeWib(new Date("2026-09-30T17:00:00Z"), "en")).toBe("1 Oct 2026 00:00 WIB");

    // The SMS version: shorter than the WhatsApp text, the same facts, the link written out.
    const parameters = [
      "Rina",
      "Toko Batik",
      "Stasiun Sudirman",
      "12",
      formatDays(2, "en"),
      formatDateTimeWib(stored, "en"),
      formatRupiah(5000),
      "https://paxelbox.example/order?orderid=1&token=abc",
    ];
    const sms = renderSms("dropoff_stored", "en", parameters);
    expect(sms).toBe(
      "Hi Rina, a parcel from Toko Batik is at the Stasiun Sudirman locker, door 12. Free for 2 days until 1 Dec 2026 14:05 WIB, then Rp. 5.000/day. Pick-up QR: https://paxelbox.example/order?orderid=1&token=abc",
    );
    expect(sms?.length).toBeLessThan(renderTemplate("dropoff_stored", "en", parameters).length);
    expect(renderSms("dropoff_stored", "id", parameters)).toContain(
      "s.d. 1 Dec 2026 14:05 WIB, lalu Rp. 5.000/hari",
    );
    // A locker set to one free day says so in either language.
    expect([formatDays(1, "en"), formatDays(2, "en"), formatDays(1, "id"), formatDays(7, "id")]).toEqual([
      "1 day",
      "2 days",
      "1 hari",
      "7 hari",
    ]);
    expect(renderTemplate("dropoff_stored", "en", parameters.with(4, formatDays(1, "en")))).toContain(
      "It stays free for 1 day, until 1 Dec 2026 14:05 WIB;",
    );
    // A row that lost its link is not rendered (the sender refuses it rather than send no link).
    expect(renderSms("dropoff_stored", "id", parameters.slice(0, 7))).toBeNull();
    expect(formatRupiah(1234567)).toBe("Rp. 1.234.567");
  });

  it("of SMS stay in the GSM 7-bit alphabet whatever the locker's name, so a part holds 160 characters", () => {
    // The GSM 03.38 basic set and its extension (an extension character counts twice).
    const gsm =
      /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;
    const link = "https://paxelbox.example/order?orderid=123456&token=AbCdEfGhIjKlMnOpQrStUvWxYz012345";
    for (const { name } of locations) {
      for (const language of languages) {
        const sms = renderSms("dropoff_stored", language, [
          "Rina Kartika",
          "Toko Batik Sekar Arum",
          name,
          "12",
          formatDays(2, language),
          formatDateTimeWib(new Date("2026-12-01T07:05:00Z"), language),
          formatRupiah(15000),
          link,
        ]);
        expect(sms, `${name} ${language}`).toMatch(gsm);
        // Two parts of a long text (153 characters each) at most.
        expect(sms?.length, `${name} ${language}`).toBeLessThanOrEqual(2 * 153);
      }
    }
  });

  it("of the time-driven messages write money and dates as the spec does, in both languages", () => {
    const deadline = new Date("2026-12-01T07:05:00Z");
    const overdue = (language: "id" | "en") =>
      renderTemplate("dropoff_overdue", language, [
        "Rina",
        "Stasiun Sudirman",
        "12",
        formatDateTimeWib(deadline, language),
        formatRupiah(15000),
        "https://paxelbox.example/overduepayment?orderid=1&token=abc",
      ]);
    expect(overdue("id")).toContain(
      "berakhir pada 1 Des 2026 14:05 WIB. Mulai sekarang ada biaya perpanjang sewa Rp. 15.000 per hari.",
    );
    expect(overdue("en")).toContain(
      "ended on 1 Dec 2026 14:05 WIB. An overdue fee of Rp. 15.000 a day applies",
    );
    expect(linksIn(overdue("en"))).toEqual(["https://paxelbox.example/overduepayment?orderid=1&token=abc"]);
    const rent = renderTemplate("rent_overdue", "id", [
      "Budi Santoso",
      "Stasiun Sudirman",
      "3",
      formatDateTimeWib(deadline, "id"),
      formatRupiah(5000),
    ]);
    expect(rent).toContain("Biaya perpanjang sewa Rp. 5.000 per jam");
    expect(linksIn(rent)).toEqual([]);
  });
});
