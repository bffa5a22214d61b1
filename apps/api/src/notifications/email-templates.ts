import type { Language } from "@paxelbox/contract";

/**
 * The e-mail templates, in Indonesian (the default) and English, beside the WhatsApp ones
 * (`templates.ts`) and written the same way: `{{n}}` is the n-th parameter, `parameters` names them
 * in order, and the subject is a template too. Plain text: a link is written out, so that every mail
 * client shows it. `replyTo` names the parameter a reply goes to (the lead's sender), if any.
 * `notifications/templates.test.ts` checks both languages use exactly the parameters listed.
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
    subject: {
      id: "Pembayaran diterima: {{2}}",
      en: "Payment received: {{2}}",
    },
    text: {
      id: [
        "Halo {{1}},",
        "",
        "Terima kasih, pembayaran biaya perpanjang sewa paketmu sudah kami terima.",
        "",
        "Nomor invoice: {{2}}",
        "Jumlah: {{3}}",
        "Loker: {{4}}, pintu {{5}}",
        "",
        "QR pengambilan di halaman paketmu berlaku {{6}} jam, sampai {{7}}. Pindai QR itu di loker untuk membuka pintu {{5}}.",
        "",
        "Salam,",
        "PaxelBox",
      ].join("\n"),
      en: [
        "Hi {{1}},",
        "",
        "Thank you: we have received the payment of your parcel's overdue fee.",
        "",
        "Invoice number: {{2}}",
        "Amount: {{3}}",
        "Locker: {{4}}, door {{5}}",
        "",
        "The pick-up QR on your parcel's page is valid for {{6}} hours, until {{7}}. Scan it at the locker to open door {{5}}.",
        "",
        "Regards,",
        "PaxelBox",
      ].join("\n"),
    },
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
    subject: {
      id: "Guest book: {{1}} ({{4}})",
      en: "Guest book: {{1}} ({{4}})",
    },
    text: {
      id: [
        "Ada pesan baru dari guest book kemitraan.",
        "",
        "Nama: {{1}}",
        "Kontak: {{2}}",
        "Email: {{3}}",
        "Keperluan: {{4}}",
        "Jenis usaha: {{5}}",
        "Diterima: {{7}}",
        "",
        "Pesan:",
        "{{6}}",
        "",
        "Balas email ini untuk menjawab {{1}}.",
      ].join("\n"),
      en: [
        "A new message from the partnership guest book.",
        "",
        "Name: {{1}}",
        "Contact: {{2}}",
        "Email: {{3}}",
        "Purpose: {{4}}",
        "Business type: {{5}}",
        "Received: {{7}}",
        "",
        "Message:",
        "{{6}}",
        "",
        "Reply to this e-mail to answer {{1}}.",
      ].join("\n"),
    },
  },
  partnership_ack: {
    parameters: ["senderName", "purpose", "whitePaperLink"],
    subject: {
      id: "Terima kasih, pesanmu sudah kami terima",
      en: "Thank you, we have received your message",
    },
    text: {
      id: [
        "Halo {{1}},",
        "",
        "Terima kasih sudah mengisi guest book PaxelBox ({{2}}). Tim kemitraan kami akan menghubungimu segera.",
        "",
        "Sambil menunggu, unduh white paper kemitraan kami:",
        "{{3}}",
        "",
        "Salam,",
        "PaxelBox",
      ].join("\n"),
      en: [
        "Hi {{1}},",
        "",
        "Thank you for filling in the PaxelBox guest book ({{2}}). Our partnership team will contact you soon.",
        "",
        "Meanwhile, download our partnership white paper:",
        "{{3}}",
        "",
        "Regards,",
        "PaxelBox",
      ].join("\n"),
    },
  },
} as const satisfies Record<
  string,
  {
    parameters: readonly string[];
    replyTo?: number;
    subject: Record<Language, string>;
    text: Record<Language, string>;
  }
>;

export type EmailTemplateName = keyof typeof emailTemplates;
export const emailTemplateNames = Object.keys(emailTemplates) as EmailTemplateName[];

export function isEmailTemplateName(name: string): name is EmailTemplateName {
  return Object.hasOwn(emailTemplates, name);
}

const fill = (template: string, parameters: readonly string[]) =>
  template.replace(/\{\{(\d+)\}\}/g, (_, n: string) => parameters[Number(n) - 1] ?? "");

/** An e-mail as it is sent: its subject and plain text with the parameters in place, and its Reply-To. */
export function renderEmail(
  name: EmailTemplateName,
  language: Language,
  parameters: readonly string[],
): { subject: string; text: string; replyTo: string | undefined } {
  const template = emailTemplates[name];
  const replyTo = "replyTo" in template ? parameters[template.replyTo - 1] : undefined;
  return {
    // A subject is one line, whatever a parameter holds.
    subject: fill(template.subject[language], parameters).replace(/\s+/g, " ").trim(),
    text: fill(template.text[language], parameters),
    replyTo,
  };
}

/** How a guest-book purpose is written in a message. */
export const purposeLabels = {
  paxelbox_locker: { id: "Pasang loker PaxelBox", en: "A PaxelBox locker" },
  advertise_in_paxelbox: { id: "Beriklan di PaxelBox", en: "Advertising in PaxelBox" },
} as const satisfies Record<string, Record<Language, string>>;

/** How a business type is written in a message (`-` when the page did not say). */
export const businessTypeLabels = {
  Individu: { id: "Individu", en: "Individual" },
  Business: { id: "Bisnis", en: "Business" },
} as const satisfies Record<string, Record<Language, string>>;
