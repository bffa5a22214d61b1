import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { crashPoint } from "../crash-points.ts";
import {
  claimDueNotifications,
  findTransaction,
  markDelivered,
  markFailed,
  type OutboxEntry,
  type SandboxTransaction,
} from "./ledger.ts";

/** One HTTP notification, signed the way the transaction's protocol signs it. */
export interface Delivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Builds the notifications of an outbox entry, one per notification URL of the transaction; `eventId`
 * is stable across re-sends of one entry.
 */
export type NotificationBuilder = (transaction: SandboxTransaction, eventId: string) => Delivery[];

export type NotificationBuilders = Record<SandboxTransaction["protocol"], NotificationBuilder>;

/**
 * Delivers claimed outbox entries over HTTP. An entry is done only when every URL answers 2xx; any
 * other answer or a network failure leaves it for the next attempt (its lease gives the backoff),
 * which sends it to each URL again — receivers take a repeat as a duplicate.
 */
async function deliverEntries(
  db: Database,
  builders: NotificationBuilders,
  entries: OutboxEntry[],
  log: FastifyBaseLogger,
): Promise<number> {
  let delivered = 0;
  for (const entry of entries) {
    const transaction = await findTransaction(db, entry.reference_no);
    const deliveries = builders[transaction.protocol](transaction, `sbx-${entry.id}`);
    try {
      for (const delivery of deliveries) {
        const response = await fetch(delivery.url, {
          method: "POST",
          headers: delivery.headers,
          body: delivery.body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) throw new Error(`${delivery.url} answered ${response.status}`);
      }
      crashPoint("after-notification-acknowledged");
      await markDelivered(db, entry);
      delivered++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await markFailed(db, entry, message);
      log.warn(
        { referenceNo: entry.reference_no, attempt: entry.attempts, error: message },
        "sandbox notification not delivered; it will be sent again",
      );
    }
  }
  return delivered;
}

/** Sends the notifications of one checkout now (right after the customer finished it). */
export async function deliverNow(
  db: Database,
  builders: NotificationBuilders,
  referenceNo: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const entries = await claimDueNotifications(db, { referenceNo });
  return (await deliverEntries(db, builders, entries, log)) === entries.length;
}

/**
 * The sandbox's delivery worker: every second it sends what is due. Safe with several instances
 * (claims use FOR UPDATE SKIP LOCKED); it keeps no state of its own, so a restart loses nothing.
 */
export function startOutboxWorker(
  db: Database,
  builders: NotificationBuilders,
  log: FastifyBaseLogger,
  intervalMs = 1000,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const tick = () => {
    if (running) return;
    running = claimDueNotifications(db)
      .then((entries) => deliverEntries(db, builders, entries, log))
      .catch((error: unknown) => {
        if (!stopped) log.warn({ error: String(error) }, "sandbox notification worker failed a round");
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
