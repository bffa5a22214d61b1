import type { Language } from "@paxelbox/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../db/database.ts";
import { dayMs } from "../domain/overdue.ts";
import { toE164 } from "../domain/phone.ts";
import { getOrder } from "../repositories/orders.ts";
import { formatDateTimeWib, formatRupiah } from "./format.ts";
import type { TemplateName } from "./templates.ts";

/** The events that send a message, and their templates. */
export type NotificationEvent = "dropoff-stored";
export type Channel = "whatsapp";

/**
 * Writes events to the outbox, always inside the caller's transaction: the message exists if and only
 * if the change that causes it is committed. `null` where notifications are off.
 */
export interface OutboxWriter {
  /**
   * A drop-off parcel was stored at the locker: its recipient gets the `dropoff_stored` message with
   * the order's own link (`token`: the order's link token, which opens that order only).
   */
  dropoffStored(tx: Queryable, input: { orderId: number; token: string }): Promise<void>;
}

interface NewMessage {
  event: NotificationEvent;
  orderId: number | null;
  channel: Channel;
  template: TemplateName;
  language: Language;
  recipient: string;
  /** Body parameters before the link. */
  parameters: string[];
  /** Path and query of the recipient's link, joined to the public origin when sent. */
  link: string | null;
  idempotencyKey: string;
}

/** One row per event and channel: a second write of the same event is ignored. */
async function enqueue(tx: Queryable, message: NewMessage): Promise<void> {
  await tx.query(
    `insert into notification_outbox
       (event, order_id, channel, template, language, recipient, parameters, link, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (idempotency_key, channel) do nothing`,
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
}

export function outboxWriter(log: FastifyBaseLogger): OutboxWriter {
  return {
    async dropoffStored(tx, { orderId, token }) {
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
          String(freeDays),
          formatDateTimeWib(deadline, language),
          formatRupiah(order.overdue_unit_price),
        ],
        link: `/order?orderid=${orderId}&token=${encodeURIComponent(token)}`,
        idempotencyKey: `dropoff-stored:order:${orderId}`,
      });
    },
  };
}
