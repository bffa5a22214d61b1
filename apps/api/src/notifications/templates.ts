import type { Language } from "@paxelbox/contract";
import { texts } from "./texts.ts";

/**
 * The WhatsApp message templates: their names and body parameters. Their texts, Indonesian (the
 * default: drop-off recipients get it) and English, are in the locale files (`texts.ts`,
 * `whatsapp.<name>`): a template's text is what is registered with Meta (WhatsApp Manager) under its
 * name and language, so a changed text is a new template to register before it is sent. `{{n}}` is
 * the n-th body parameter, as Meta writes it; `parameters` names them in order.
 * `notifications/templates.test.ts` checks both languages use exactly the parameters listed.
 */
export const templates = {
  dropoff_stored: {
    parameters: [
      "recipientName",
      "senderName",
      "location",
      "doorNumber",
      "freePeriod",
      "freeUntil",
      "feePerDay",
      "link",
    ],
  },
  dropoff_reminder: {
    parameters: ["recipientName", "location", "doorNumber", "freeUntil", "feePerDay", "link"],
  },
  dropoff_overdue: {
    parameters: ["recipientName", "location", "doorNumber", "pickUpUntil", "feePerDay", "link"],
  },
  dropoff_fee_paid: {
    parameters: ["recipientName", "amount", "location", "doorNumber", "validUntil", "link"],
  },
  dropoff_picked_up: {
    parameters: ["recipientName", "location", "doorNumber", "pickedUpAt"],
  },
  rent_ending: {
    parameters: ["memberName", "location", "doorNumber", "rentEnds"],
  },
  rent_overdue: {
    parameters: ["memberName", "location", "doorNumber", "rentEnded", "feePerHour"],
  },
} as const satisfies Record<string, { parameters: readonly string[] }>;

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
  return fillParameters(texts[language].whatsapp[name], parameters);
}

/** The web addresses in a rendered text (the links a phone makes tappable). */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s]+/g) ?? [];
}
