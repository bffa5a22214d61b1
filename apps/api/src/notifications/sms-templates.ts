import type { Language } from "@paxelbox/contract";
import { fillParameters, type TemplateName, templates } from "./templates.ts";

/**
 * The SMS version of each WhatsApp template (`templates.ts`), sent when the WhatsApp message will not
 * arrive (docs/notifications.md, "The SMS channel"): plain text, short (an SMS part is 160 characters;
 * a longer text is sent as parts joined on the phone), the link written out. Each takes the WhatsApp
 * template's parameters, by the same `{{n}}` numbers, so that the fallback resends the same row; the
 * API renders them itself (an SMS gateway has no registered templates). `templates.test.ts` checks
 * both languages use exactly the WhatsApp template's parameters.
 */
export const smsTemplates = {
  dropoff_stored: {
    id: "Halo {{1}}, paket dari {{2}} ada di loker {{3}} pintu {{4}}. Gratis {{5}} hari s.d. {{6}}, lalu {{7}}/hari. QR pengambilan: {{8}}",
    en: "Hi {{1}}, a parcel from {{2}} is at the {{3}} locker, door {{4}}. Free for {{5}} days until {{6}}, then {{7}}/day. Pick-up QR: {{8}}",
  },
  dropoff_reminder: {
    id: "Halo {{1}}, paketmu di loker {{2}} pintu {{3}} gratis s.d. {{4}}, lalu {{5}}/hari. QR pengambilan: {{6}}",
    en: "Hi {{1}}, your parcel at the {{2}} locker, door {{3}}, is free until {{4}}, then {{5}}/day. Pick-up QR: {{6}}",
  },
  dropoff_overdue: {
    id: "Halo {{1}}, waktu ambil paketmu di loker {{2}} pintu {{3}} berakhir {{4}}. Biaya {{5}}/hari. Bayar untuk QR: {{6}}",
    en: "Hi {{1}}, the pick-up time of your parcel at the {{2}} locker, door {{3}}, ended {{4}}. Fee {{5}}/day. Pay for the QR: {{6}}",
  },
  dropoff_fee_paid: {
    id: "Halo {{1}}, pembayaran {{2}} diterima. Ambil paketmu di loker {{3}} pintu {{4}} s.d. {{5}}. QR (sekali pindai): {{6}}",
    en: "Hi {{1}}, payment of {{2}} received. Pick up your parcel at the {{3}} locker, door {{4}}, by {{5}}. QR (scan once): {{6}}",
  },
  rent_ending: {
    id: "Halo {{1}}, sewa lokermu di {{2}} pintu {{3}} berakhir {{4}}. Ambil barangmu lewat aplikasi sebelum itu.",
    en: "Hi {{1}}, your locker rent at {{2}}, door {{3}}, ends {{4}}. Take your items out with the app before then.",
  },
  rent_overdue: {
    id: "Halo {{1}}, sewa lokermu di {{2}} pintu {{3}} berakhir {{4}}. Biaya {{5}}/jam sampai barang diambil; bayar di aplikasi.",
    en: "Hi {{1}}, your locker rent at {{2}}, door {{3}}, ended {{4}}. Fee {{5}}/hour until your items are out; pay in the app.",
  },
} as const satisfies Record<TemplateName, Record<Language, string>>;

/**
 * The SMS text of a template in that language with its parameters in place; null when the parameters
 * are not the template's (a row written without its link): such a text is not sent.
 */
export function renderSms(
  name: TemplateName,
  language: Language,
  parameters: readonly string[],
): string | null {
  if (parameters.length !== templates[name].parameters.length) return null;
  return fillParameters(smsTemplates[name][language], parameters);
}
