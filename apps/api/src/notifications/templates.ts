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
