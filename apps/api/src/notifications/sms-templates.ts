import type { Language } from "@paxelbox/contract";
import { fillParameters, type TemplateName, templates } from "./templates.ts";
import { texts } from "./texts.ts";

/**
 * The SMS text of a WhatsApp template (`templates.ts`) in that language with its parameters in
 * place, sent when the WhatsApp message will not arrive (docs/notifications.md, "The SMS channel");
 * null when the parameters are not the template's (a row written without its link): such a text is
 * not sent. The texts are in the locale files (`texts.ts`, `sms.<name>`): plain text, short (an
 * SMS part is 160 characters; a longer text is sent as parts joined on the phone), the link written
 * out, with the WhatsApp template's parameters by the same `{{n}}` numbers, so that the fallback
 * resends the same row. The API renders them itself (an SMS gateway has no registered templates).
 * `templates.test.ts` checks both languages use exactly the WhatsApp template's parameters.
 */
export function renderSms(
  name: TemplateName,
  language: Language,
  parameters: readonly string[],
): string | null {
  if (parameters.length !== templates[name].parameters.length) return null;
  return inGsmAlphabet(fillParameters(texts[language].sms[name], parameters));
}

/**
 * Typographic marks the SMS alphabet lacks, as the plain ones it has. One character outside the GSM
 * 7-bit alphabet (the dash of nearly every locker's name, "Stasiun Ancol — Pintu Utara") makes the
 * whole text UCS-2: 70 characters a part instead of 160, twice the parts for the same words.
 */
const gsmEquivalents = new Map([
  ["\u2013", "-"],
  ["\u2014", "-"],
  ["\u2018", "'"],
  ["\u2019", "'"],
  ["\u201c", '"'],
  ["\u201d", '"'],
  ["\u2026", "..."],
  ["\u00a0", " "],
]);
const outsideGsm = new RegExp(`[${[...gsmEquivalents.keys()].join("")}]`, "g");

export const inGsmAlphabet = (text: string) =>
  text.replace(outsideGsm, (mark) => gsmEquivalents.get(mark) ?? mark);
