import { createHmac, timingSafeEqual } from "node:crypto";
import type { DeliveryStatus, WhatsAppWebhook } from "@paxelbox/contract";
import type { Database } from "../db/database.ts";
import type { Metrics } from "../plugins/metrics.ts";
import { lockMessage, settleWhatsAppDelivery } from "./fallback.ts";
import { deliveryRank } from "./worker.ts";

/** `sha256=` + HMAC-SHA256 of the raw body with the app secret, as Meta signs its webhooks. */
export function webhookSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex")}`;
}

/** Whether `header` (X-Hub-Signature-256) signs exactly these bytes; compared in constant time. */
export function verifyWebhookSignature(
  appSecret: string,
  rawBody: string,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const expected = Buffer.from(webhookSignature(appSecret, rawBody));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The verify token of the subscription handshake, compared in constant time. */
export function verifyTokenMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Records the statuses of a verified webhook. Each (message, status) is recorded once: Meta delivers
 * a webhook again until it gets a 200, so a repeat changes nothing. The message's status moves only
 * forward (sent → delivered → read; failed last), whatever order the reports arrive in. A status for
 * a message not recorded yet (the report outran our write of its id) is kept and taken over when the
 * id is written (`worker.ts`, markSent); the two lock the message id first, so that one recording at
 * the same time on another instance is waited for (`lockMessage`). With `sms` on, a `failed` status
 * with error 131026 writes the message's SMS in the same transaction (`fallback.ts`).
 */
export async function recordStatuses(
  db: Database,
  webhook: WhatsAppWebhook,
  metrics: Pick<Metrics, "notificationStatuses">,
  sms = false,
): Promise<{ statuses: number; recorded: number }> {
  const statuses = webhook.entry.flatMap((entry) =>
    entry.changes.flatMap((change) => change.value.statuses ?? []),
  );
  let recorded = 0;
  for (const status of statuses) {
    const error = status.errors
      ?.map((e) => [e.code, e.title ?? e.message].filter(Boolean).join(" "))
      .join("; ");
    const fresh = await db.transaction(async (tx) => {
      await lockMessage(tx, status.id);
      const inserted = await tx.query(
        `insert into notification_statuses (provider_message_id, status, reported_at, error)
         values ($1, $2, to_timestamp($3::bigint), $4)
         on conflict (provider_message_id, status) do nothing returning 1`,
        [status.id, status.status, status.timestamp, error || null],
      );
      if (inserted.length === 0) return false;
      await tx.query(
        `update notification_outbox
            set delivery_status = $2, delivery_updated_at = now()
          where provider_message_id = $1
            and ${deliveryRank.replace("$status", "coalesce(delivery_status, '')")} < ${deliveryRank.replace("$status", "$2::text")}`,
        [status.id, status.status satisfies DeliveryStatus],
      );
      await settleWhatsAppDelivery(tx, status.id, sms);
      return true;
    });
    if (fresh) {
      recorded++;
      metrics.notificationStatuses.inc({ channel: "whatsapp", status: status.status });
    }
  }
  return { statuses: statuses.length, recorded };
}
