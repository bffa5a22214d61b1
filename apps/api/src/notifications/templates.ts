import type { Language } from "@paxelbox/contract";

/**
 * The WhatsApp message templates, in Indonesian (the default: drop-off recipients get it) and
 * English. They live in the API, not in the web app's locale files: the API is the only one that
 * sends or renders them, a template's text is what is registered with Meta (WhatsApp Manager) under
 * its name and language and must not change with a screen's wording, and the web app never imports
 * API code (nor ships texts it does not show). `{{n}}` is the n-th body parameter, as Meta writes it;
 * `parameters` names them in order. A changed text is a new template to register before it is sent.
 * `notifications/templates.test.ts` checks both languages use exactly the parameters listed.
 */
export const templates = {
  dropoff_stored: {
    parameters: [
      "recipientName",
      "senderName",
      "location",
      "doorNumber",
      "freeDays",
      "freeUntil",
      "feePerDay",
      "link",
    ],
    text: {
      id: "Halo {{1}}, ada paket dari {{2}} untukmu di loker {{3}}, pintu {{4}}. Paket bisa diambil gratis selama {{5}} hari, sampai {{6}}; setelah itu biayanya {{7}} per hari. Buka link ini untuk melihat QR pengambilan: {{8}}",
      en: "Hi {{1}}, a parcel from {{2}} is waiting for you at the {{3}} locker, door {{4}}. It stays free for {{5}} days, until {{6}}; after that the fee is {{7}} a day. Open this link for the pick-up QR: {{8}}",
    },
  },
  dropoff_reminder: {
    parameters: ["recipientName", "location", "doorNumber", "freeUntil", "feePerDay", "link"],
    text: {
      id: "Halo {{1}}, paketmu di loker {{2}}, pintu {{3}}, masih menunggu diambil. Waktu gratisnya berakhir pada {{4}}; setelah itu biayanya {{5}} per hari. Buka link ini untuk melihat QR pengambilan: {{6}}",
      en: "Hi {{1}}, your parcel at the {{2}} locker, door {{3}}, is still waiting for you. It stays free until {{4}}; after that the fee is {{5}} a day. Open this link for the pick-up QR: {{6}}",
    },
  },
  dropoff_overdue: {
    parameters: ["recipientName", "location", "doorNumber", "pickUpUntil", "feePerDay", "link"],
    text: {
      id: "Halo {{1}}, paketmu di loker {{2}}, pintu {{3}}, belum diambil dan waktu pengambilannya berakhir pada {{4}}. Mulai sekarang ada biaya perpanjang sewa {{5}} per hari. Bayar di link ini untuk mendapatkan QR pengambilan: {{6}}",
      en: "Hi {{1}}, your parcel at the {{2}} locker, door {{3}}, has not been picked up, and its pick-up time ended on {{4}}. An overdue fee of {{5}} a day applies from now on. Pay it at this link to get the pick-up QR: {{6}}",
    },
  },
  dropoff_fee_paid: {
    parameters: ["recipientName", "amount", "location", "doorNumber", "validUntil", "link"],
    text: {
      id: "Halo {{1}}, pembayaran biaya perpanjang sewa {{2}} sudah kami terima. Paketmu di loker {{3}}, pintu {{4}}, bisa diambil sampai {{5}}. Buka link ini untuk QR pengambilan, yang bisa dipindai sekali: {{6}}",
      en: "Hi {{1}}, we have received your overdue fee of {{2}}. Your parcel at the {{3}} locker, door {{4}}, can be picked up until {{5}}. Open this link for the pick-up QR, which can be scanned once: {{6}}",
    },
  },
  rent_ending: {
    parameters: ["memberName", "location", "doorNumber", "rentEnds"],
    text: {
      id: "Halo {{1}}, masa sewa lokermu di {{2}}, pintu {{3}}, berakhir pada {{4}}. Buka sewa ini di aplikasi untuk mengambil barangmu sebelum waktu itu.",
      en: "Hi {{1}}, your locker rent at {{2}}, door {{3}}, ends on {{4}}. Open this rent in the app to take your items out before then.",
    },
  },
  rent_overdue: {
    parameters: ["memberName", "location", "doorNumber", "rentEnded", "feePerHour"],
    text: {
      id: "Halo {{1}}, masa sewa lokermu di {{2}}, pintu {{3}}, sudah berakhir pada {{4}} dan barangmu masih di dalam. Biaya perpanjang sewa {{5}} per jam berlaku sampai barangmu diambil. Buka sewa ini di aplikasi untuk membayar dan mengambil barangmu.",
      en: "Hi {{1}}, your locker rent at {{2}}, door {{3}}, ended on {{4}} and your items are still inside. An overdue fee of {{5}} an hour applies until they are taken out. Open this rent in the app to pay and take your items out.",
    },
  },
} as const satisfies Record<string, { parameters: readonly string[]; text: Record<Language, string> }>;

export type TemplateName = keyof typeof templates;
export const templateNames = Object.keys(templates) as TemplateName[];

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(templates, name);
}

/** A text with its `{{n}}` parameters in place. */
export const fillParameters = (text: string, parameters: readonly string[]) =>
  text.replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1] ?? "");

/** The text a phone shows: the template in that language with its parameters in place. */
export function renderTemplate(
  name: TemplateName,
  language: Language,
  parameters: readonly string[],
): string {
  return fillParameters(templates[name].text[language], parameters);
}

/** The web addresses in a rendered text (the links a phone makes tappable). */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s]+/g) ?? [];
}
