import type { BusinessType, GuestBookSubmission, Language } from "@paxelbox/contract";
import { fillParameters } from "./templates.ts";
import { texts } from "./texts.ts";

/**
 * The e-mail templates: their names and parameters, beside the WhatsApp ones (`templates.ts`) and
 * written the same way: `{{n}}` is the n-th parameter, `parameters` names them in order, and the
 * subject is a template too. Their texts, Indonesian (the default) and English, are in the locale
 * files (`texts.ts`, `email.<name>`: a subject and the lines of a plain text; a link is written out,
 * so that every mail client shows it). `replyTo` names the parameter a reply goes to (the lead's
 * sender), if any. `notifications/templates.test.ts` checks both languages use exactly the
 * parameters listed.
 */
export const emailTemplates = {
  dropoff_fee_receipt: {
    parameters: [
      "recipientName",
      "invoiceNumber",
      "amount",
      "location",
      "doorNumber",
      "validHours",
      "validUntil",
    ],
  },
  partnership_lead: {
    parameters: [
      "senderName",
      "senderContact",
      "senderEmail",
      "purpose",
      "businessType",
      "message",
      "receivedAt",
    ],
    replyTo: 3,
  },
  // Sent to an address nobody has confirmed: it repeats nothing the sender typed (a name could carry
  // a message and a link of its own), and goes to an address once a day at most (`outbox.ts`).
  partnership_ack: {
    parameters: ["purpose", "whitePaperLink"],
  },
} as const satisfies Record<string, { parameters: readonly string[]; replyTo?: number }>;

export type EmailTemplateName = keyof typeof emailTemplates;
export const emailTemplateNames = Object.keys(emailTemplates) as EmailTemplateName[];

export function isEmailTemplateName(name: string): name is EmailTemplateName {
  return Object.hasOwn(emailTemplates, name);
}

/**
 * A text with the product's name (PRODUCT_NAME) in place of `{{product}}`, as the screens write it
 * ("{{product}}Box" reads "PaxelBox"): before the parameters, so that nothing a sender typed is read
 * as a placeholder.
 */
const withProduct = (text: string, product: string) => text.replaceAll("{{product}}", product);

/** An e-mail as it is sent: its subject and plain text with the parameters in place, and its Reply-To. */
export function renderEmail(
  name: EmailTemplateName,
  language: Language,
  parameters: readonly string[],
  product: string,
): { subject: string; text: string; replyTo: string | undefined } {
  const template = emailTemplates[name];
  const { subject, lines } = texts[language].email[name];
  const replyTo = "replyTo" in template ? parameters[template.replyTo - 1] : undefined;
  return {
    // A subject is one line, whatever a parameter holds.
    subject: fillParameters(withProduct(subject, product), parameters).replace(/\s+/g, " ").trim(),
    text: fillParameters(withProduct(lines.join("\n"), product), parameters),
    replyTo,
  };
}

/** How a guest-book purpose is written in a message (`purpose.<value>` of the locale files). */
export const purposeLabel = (
  purpose: GuestBookSubmission["requested_value"],
  language: Language,
  product: string,
) => withProduct(texts[language].purpose[purpose], product);

/** How a business type is written in a message (`businessType.<value>`; `-` when the page did not say). */
export const businessTypeLabel = (businessType: BusinessType | null, language: Language) =>
  businessType ? texts[language].businessType[businessType] : "-";
