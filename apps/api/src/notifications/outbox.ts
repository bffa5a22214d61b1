import type { BusinessType, GuestBookSubmission, Language } from "@paxelbox/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../db/database.ts";
import { dayMs } from "../domain/overdue.ts";
import { toE164 } from "../domain/phone.ts";
import { hashToken, randomSecret } from "../domain/tokens.ts";
import { getOrder } from "../repositories/orders.ts";
import { businessTypeLabel, type EmailTemplateName, purposeLabel } from "./email-templates.ts";
import { dayWib, formatDateTimeWib, formatDays, formatRupiah } from "./format.ts";
import type { TemplateName } from "./templates.ts";

/**
 * The events that send a message (docs/notifications.md). The last four are time-driven: written by
 * the sweep when their moment comes (`schedule.ts`), not by a change.
 */
export type NotificationEvent =
  | "dropoff-stored"
  | "dropoff-fee-paid"
  | "dropoff-picked-up"
  | "guest-book-lead"
  | "dropoff-reminder"
  | "dropoff-overdue"
  | "rent-ending"
  | "rent-overdue";
export type Channel = "whatsapp" | "email" | "sms";

/**
 * Writes events to the outbox, always inside the caller's transaction: the message exists if and only
 * if the change that causes it is committed. `null` where every channel is off; an event whose
 * channel is off writes nothing.
 */
export interface OutboxWriter {
  /**
   * A drop-off parcel was stored at the locker: its recipient gets the `dropoff_stored` message with
   * the order's own link (`token`: the order's link token, which opens that order only).
   */
  dropoffStored(tx: Queryable, input: { orderId: number; token: string }): Promise<void>;
  /**
   * A drop-off's overdue fee was paid (credited): the receipt goes to the address given on the
   * overdue page, in that page's language, with the pick-up QR's validity (`validUntil`); and the
   * recipient's phone gets the `dropoff_fee_paid` message with a link of its own to the pick-up QR.
   */
  dropoffFeePaid(
    tx: Queryable,
    input: { paymentId: string; orderId: number; amount: number; validUntil: Date; validHours: number },
  ): Promise<void>;
  /**
   * A drop-off parcel was taken out at the locker: its recipient hears where and when, so that a
   * pick-up by someone else holding the link or the QR is known at once (`dropoff_picked_up`).
   */
  dropoffPickedUp(tx: Queryable, input: { orderId: number }): Promise<void>;
  /**
   * A guest-book lead: every field to the partnership inbox, and an acknowledgement with the white
   * paper's link (`whitePaperUrl`: the one the page gets) to the sender, in the page's language.
   */
  guestBookLead(
    tx: Queryable,
    input: {
      submissionId: number;
      language: Language;
      senderName: string;
      senderContact: string;
      senderEmail: string;
      purpose: GuestBookSubmission["requested_value"];
      businessType: BusinessType | null;
      message: string;
      receivedAt: Date;
      whitePaperUrl: string | null;
    },
  ): Promise<void>;
}

/** The channels that are on (NOTIFICATIONS, WHATSAPP_*, SMTP_URL); an event of a channel that is off writes nothing. */
export interface OutboxChannels {
  whatsapp: boolean;
  email: boolean;
  /** PARTNERSHIP_INBOX: where guest-book leads go. */
  partnershipInbox: string;
}

export interface NewMessage {
  event: NotificationEvent;
  orderId: number | null;
  channel: Channel;
  template: TemplateName | EmailTemplateName;
  language: Language;
  /** WhatsApp: E.164 digits without `+`; e-mail: the address. */
  recipient: string;
  /** Parameters before the link. */
  parameters: string[];
  /**
   * The recipient's link, the template's last parameter: a path (and query) is joined to the public
   * origin when sent; dropped once sent.
   */
  link: string | null;
  idempotencyKey: string;
}

/**
 * One row per event and channel: a second write of the same event is ignored (it waits for a
 * concurrent first one to commit, then does nothing). Answers whether this write was the first.
 */
export async function enqueue(tx: Queryable, message: NewMessage): Promise<boolean> {
  const written = await tx.query(
    `insert into notification_outbox
       (event, order_id, channel, template, language, recipient, parameters, link, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (idempotency_key, channel) do nothing
     returning id`,
    [
      message.event,
      message.orderId,
      message.channel,
      message.template,
      message.language,
      message.recipient,
      JSON.stringify(message.parameters),
      message.link,
      message.idempotencyKey,
    ],
  );
  return written.length > 0;
}

/**
 * A message whose link opens one order at `path` (`/order`, `/overduepayment`) with a token of its
 * own: a new random secret, its hash kept (`order_link_tokens`) only when the message is written, so
 * that a repeated write leaves no token behind. The token opens that order only, never a member's
 * data, and expires with the order's link, as the first link does (ADR 004).
 */
export async function enqueueWithOrderLink(
  tx: Queryable,
  message: Omit<NewMessage, "link" | "orderId"> & { orderId: number },
  path: "/order" | "/overduepayment",
): Promise<boolean> {
  const token = randomSecret();
  // The page opens in the browser's language (Indonesian unless it was switched there): a message in
  // English asks for its page in English too, as the web app's `lang` does.
  const language = message.language === "en" ? "&lang=en" : "";
  const link = `${path}?orderid=${message.orderId}&token=${encodeURIComponent(token)}${language}`;
  const written = await enqueue(tx, { ...message, link });
  if (written) {
    await tx.query("insert into order_link_tokens (token_hash, order_id) values ($1, $2)", [
      hashToken(token),
      message.orderId,
    ]);
  }
  return written;
}

/** A drop-off's recipient and where the parcel is, as its later messages name them. */
async function dropoffRecipient(tx: Queryable, orderId: number) {
  const [order] = await tx.query<{
    recipient_name: string;
    recipient_phone: string;
    receiver_email: string | null;
    receiver_language: Language | null;
    invoice_number: string | null;
    take_time: Date | null;
    box_name: string;
    mouth_number: string;
  }>(
    `select o.recipient_name, o.recipient_phone, o.receiver_email, o.receiver_language, o.invoice_number,
            o.take_time, b.name as box_name, m.number as mouth_number
       from orders o join mouths m on m.id = o.mouth_id join boxes b on b.id = m.box_id
      where o.id = $1`,
    [orderId],
  );
  return order;
}

/** `product`: PRODUCT_NAME, as the guest book's purposes name it. */
export function outboxWriter(
  log: FastifyBaseLogger,
  channels: OutboxChannels,
  product: string,
): OutboxWriter {
  return {
    async dropoffStored(tx, { orderId, token }) {
      if (!channels.whatsapp) return;
      const order = await getOrder(tx, orderId);
      const recipient = toE164(order.recipient_phone);
      if (!recipient) {
        // The parcel is stored all the same: a number we cannot write as E.164 gets no message.
        log.warn({ orderId }, "drop-off recipient's phone is not an Indonesian mobile number: no message");
        return;
      }
      // Drop-off recipients get Indonesian (the package form sends takeUserLanguage "Indonesia");
      // the page the link opens lets them switch.
      const language: Language = "id";
      const stored = order.store_time ?? order.created_at;
      const deadline = order.deadline ?? stored;
      const freeDays = Math.max(0, Math.round((deadline.getTime() - stored.getTime()) / dayMs));
      await enqueue(tx, {
        event: "dropoff-stored",
        orderId,
        channel: "whatsapp",
        template: "dropoff_stored",
        language,
        recipient,
        parameters: [
          order.recipient_name,
          order.sender_name,
          order.box_name,
          order.mouth_number,
          formatDays(freeDays, language),
          formatDateTimeWib(deadline, language),
          formatRupiah(order.overdue_unit_price),
        ],
        link: `/order?orderid=${orderId}&token=${encodeURIComponent(token)}`,
        idempotencyKey: `dropoff-stored:order:${orderId}`,
      });
    },

    async dropoffPickedUp(tx, { orderId }) {
      if (!channels.whatsapp) return;
      const order = await dropoffRecipient(tx, orderId);
      const takenAt = order?.take_time;
      if (!order || !takenAt) return;
      const recipient = toE164(order.recipient_phone);
      if (!recipient) {
        log.warn({ orderId }, "drop-off recipient's phone is not an Indonesian mobile number: no message");
        return;
      }
      // As the reminders: Indonesian, English once the overdue page was read in English.
      const language: Language = order.receiver_language ?? "id";
      await enqueue(tx, {
        event: "dropoff-picked-up",
        orderId,
        channel: "whatsapp",
        template: "dropoff_picked_up",
        language,
        recipient,
        parameters: [
          order.recipient_name,
          order.box_name,
          order.mouth_number,
          formatDateTimeWib(takenAt, language),
        ],
        // Nothing to open: the parcel is out, and the order's page says so to whoever has its link.
        link: null,
        idempotencyKey: `dropoff-picked-up:order:${orderId}`,
      });
    },

    async dropoffFeePaid(tx, { paymentId, orderId, amount, validUntil, validHours }) {
      if (!channels.email && !channels.whatsapp) return;
      const order = await dropoffRecipient(tx, orderId);
      if (!order) return;
      const language: Language = order.receiver_language ?? "id";
      const idempotencyKey = `dropoff-fee-paid:payment:${paymentId}`;
      const recipient = channels.whatsapp ? toE164(order.recipient_phone) : null;
      if (recipient) {
        // The payer read the overdue page in this language; the link opens the pick-up QR.
        await enqueueWithOrderLink(
          tx,
          {
            event: "dropoff-fee-paid",
            orderId,
            channel: "whatsapp",
            template: "dropoff_fee_paid",
            language,
            recipient,
            parameters: [
              order.recipient_name,
              formatRupiah(amount),
              order.box_name,
              order.mouth_number,
              formatDateTimeWib(validUntil, language),
            ],
            idempotencyKey,
          },
          "/order",
        );
      } else if (channels.whatsapp) {
        log.warn(
          { orderId, paymentId },
          "drop-off recipient's phone is not an Indonesian mobile number: no message",
        );
      }
      if (!channels.email) return;
      if (!order.receiver_email) {
        // Paid without the overdue page's submit (no address given): nobody to send the receipt to.
        log.info({ orderId, paymentId }, "drop-off fee paid without a receiver's e-mail: no receipt");
        return;
      }
      await enqueue(tx, {
        event: "dropoff-fee-paid",
        orderId,
        channel: "email",
        template: "dropoff_fee_receipt",
        language,
        recipient: order.receiver_email,
        parameters: [
          order.recipient_name,
          order.invoice_number ?? paymentId,
          formatRupiah(amount),
          order.box_name,
          order.mouth_number,
          String(validHours),
          formatDateTimeWib(validUntil, language),
        ],
        link: null,
        idempotencyKey,
      });
    },

    async guestBookLead(tx, input) {
      if (!channels.email) return;
      // The partnership team reads Indonesian; the sender gets the page's language.
      const lead = (language: Language) => ({
        purpose: purposeLabel(input.purpose, language, product),
        businessType: businessTypeLabel(input.businessType, language),
      });
      const inbox = lead("id");
      await enqueue(tx, {
        event: "guest-book-lead",
        orderId: null,
        channel: "email",
        template: "partnership_lead",
        language: "id",
        recipient: channels.partnershipInbox,
        parameters: [
          input.senderName,
          input.senderContact,
          input.senderEmail,
          inbox.purpose,
          inbox.businessType,
          input.message,
          formatDateTimeWib(input.receivedAt, "id"),
        ],
        link: null,
        idempotencyKey: `guest-book-lead:submission:${input.submissionId}:partnership`,
      });
      await enqueue(tx, {
        event: "guest-book-lead",
        orderId: null,
        channel: "email",
        template: "partnership_ack",
        language: input.language,
        recipient: input.senderEmail,
        parameters: [lead(input.language).purpose],
        link: input.whitePaperUrl,
        // One a day to an address, however many times a form names it.
        idempotencyKey: `guest-book-lead:ack:${input.senderEmail.toLowerCase()}:${dayWib(input.receivedAt)}`,
      });
    },
  };
}
