import type { Queryable } from "../db/database.ts";

/**
 * The SMS fallback of WhatsApp messages (docs/notifications.md, "The SMS channel"). A WhatsApp message
 * falls back to SMS when WhatsApp says the number cannot get it (a `failed` status with error 131026,
 * "Message undeliverable": not on WhatsApp, or an old app) or when its row is given up (refused, or
 * out of tries). The SMS row is the same event again: same idempotency key, template, language,
 * recipient, parameters and link, channel `sms`; the table's unique (idempotency_key, channel)
 * makes it once, whichever way and however often the failure is learnt. It is written in the
 * transaction that records the failure, so that the failure is never recorded without it.
 */

/** WhatsApp's error code of a message the number cannot receive. */
export const undeliverableErrorCode = 131026;

/**
 * Takes the lock of a WhatsApp message id until the transaction ends: the first statement of each
 * transaction that records the id (the worker's record of the provider's acceptance) or a status of
 * it (the webhook's). Two of them on two instances would otherwise each miss the other's write, not
 * yet committed at READ COMMITTED (the status not there when the id is recorded, the id not there
 * when the status is), and with it the message's delivery status and its SMS: the second now waits
 * for the first's commit, and its statements see what the first wrote.
 */
export async function lockMessage(tx: Queryable, providerMessageId: string): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtextextended($1, 0))", [providerMessageId]);
}

const copyAsSms = (where: string) => `
  insert into notification_outbox
    (event, order_id, channel, template, language, recipient, parameters, link, idempotency_key)
  select o.event, o.order_id, 'sms', o.template, o.language, o.recipient, o.parameters, o.link, o.idempotency_key
    from notification_outbox o
   where o.channel = 'whatsapp' and ${where}
  on conflict (idempotency_key, channel) do nothing
  returning id`;

/** Writes the SMS row of a WhatsApp row that was just given up; answers whether it is new. */
export async function smsForDeadWhatsApp(tx: Queryable, outboxId: number): Promise<boolean> {
  const rows = await tx.query(copyAsSms("o.id = $1 and o.status = 'dead'"), [outboxId]);
  return rows.length > 0;
}

/**
 * After a status of a sent WhatsApp message is known (the webhook's record, or the worker's record of
 * the message id when the status came first): writes its SMS row when a `failed` status with error
 * 131026 was reported for it (with `sms` on) and no delivery (`delivered`, `read`: whatever the
 * order Meta's reports come in, a message the phone got never goes by SMS), and drops the link
 * once the delivery is settled (delivered, read or failed), which the fallback no longer needs.
 * Answers the SMS rows written.
 */
export async function settleWhatsAppDelivery(
  tx: Queryable,
  providerMessageId: string,
  sms: boolean,
): Promise<number> {
  const written = sms
    ? await tx.query(
        copyAsSms(`o.provider_message_id = $1 and o.status = 'sent'
           and exists (select 1 from notification_statuses s
                        where s.provider_message_id = $1 and s.status = 'failed'
                          and s.error ~ '(^|; )${undeliverableErrorCode}( |;|$)')
           and not exists (select 1 from notification_statuses s
                            where s.provider_message_id = $1 and s.status in ('delivered', 'read'))`),
        [providerMessageId],
      )
    : [];
  await tx.query(
    `update notification_outbox set link = null
      where provider_message_id = $1 and channel = 'whatsapp' and status = 'sent' and link is not null
        and delivery_status in ('delivered', 'read', 'failed')`,
    [providerMessageId],
  );
  return written.length;
}
