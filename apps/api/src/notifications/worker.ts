import { randomUUID } from "node:crypto";
import type { Language } from "@paxelbox/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../db/database.ts";
import { withoutContacts } from "../http/log-redaction.ts";
import type { Metrics } from "../plugins/metrics.ts";
import { jobSignals, unlessAborted } from "../plugins/shutdown.ts";
import { type EmailTemplateName, isEmailTemplateName } from "./email-templates.ts";
import { lockMessage, settleWhatsAppDelivery, smsForDeadWhatsApp } from "./fallback.ts";
import type { Channel } from "./outbox.ts";
import type { Sender, SendResult } from "./sender.ts";
import { isTemplateName } from "./templates.ts";

/** A claimed outbox row. */
interface Claimed {
  id: number;
  channel: Channel;
  template: string;
  language: Language;
  recipient: string;
  parameters: string[];
  link: string | null;
  /** Its tries, this one included. */
  attempts: number;
  /** The claim of this round (`untried_claim`), until the row's try. */
  claim: string;
  created_at: Date;
}

/**
 * The sender of each channel that is on; rows of a channel without one are left alone. With an SMS
 * sender, WhatsApp messages that fail fall back to SMS (`fallback.ts`).
 */
export interface ChannelSenders {
  whatsapp?: Sender | undefined;
  email?: Sender<EmailTemplateName> | undefined;
  sms?: Sender | undefined;
}

export interface DeliveryOptions {
  /** Sends one message on its channel. */
  senders: ChannelSenders;
  metrics: Pick<
    Metrics,
    | "notificationsSent"
    | "notificationsFailed"
    | "notificationsRetried"
    | "notificationsDeadLettered"
    | "notificationLatency"
  >;
  log: FastifyBaseLogger;
  /** The site's public origin, which the recipient's link is built on (never a request's host). */
  publicOrigin: () => string;
  /** Tries of one message; after the last failed one it is dead. */
  maxAttempts: number;
  /**
   * How long a claim holds a row: longer than one try can take (the request timeout), so that only
   * a claimer that died leaves its rows to another. A batch's rows are held again one by one as
   * their turn comes (`holdClaim`): the lease covers one try, not the batch's.
   */
  leaseMs: number;
  batchSize?: number;
  /** 0 ≤ random() < 1, for the jitter (tests fix it). */
  random?: () => number;
  /**
   * Asked before a claimed row is sent: true when it was withdrawn instead, its cause being gone
   * (a reminder for a parcel taken meanwhile: `schedule.ts`).
   */
  withdraw?: (id: number) => Promise<boolean>;
  /**
   * Fires when the instance stops: the round starts no further row, and gives the rows it has not
   * tried back (`releaseClaims`).
   */
  stopping?: AbortSignal;
  /** Fires when the try in flight must end now: it is recorded as interrupted, to be tried again. */
  abort?: AbortSignal;
}

/** First retry after about 5 s, doubling each time, at most 15 minutes apart. */
const backoffBaseMs = 5_000;
const backoffCapMs = 15 * 60_000;

/**
 * When to try again after the `attempt`-th failed try: exponential backoff with jitter (half the
 * delay fixed, half random, so instances that failed together do not come back together), and never
 * sooner than the provider's Retry-After.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(backoffCapMs, backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = exponential / 2 + (exponential / 2) * random();
  return Math.round(Math.max(jittered, retryAfterMs ?? 0));
}

/**
 * Claims due messages: one statement, `FOR UPDATE SKIP LOCKED`, so that workers on other instances
 * skip rows being claimed here instead of waiting for them. The claim counts the try and moves
 * `next_attempt_at` forward by the lease: the rows are not due to anyone until the lease ends.
 * A row whose last claim never came to its try (`untried_claim` still set: its lease ran out before
 * the row's turn, or its worker died first) has that claim's try taken back, so that `attempts`
 * counts the tries made, which the give-up and the backoff follow. Any other claim moves `attempts`,
 * as before this column: an instance of the previous release (it holds a row while `attempts` is
 * unchanged) sees its claim taken over. They are sent in the order they were written (`returning`
 * alone keeps no order on PostgreSQL).
 */
async function claimDue(
  db: Database,
  batchSize: number,
  leaseMs: number,
  channels: Channel[],
): Promise<Claimed[]> {
  return db.transaction((tx) =>
    tx.query<Claimed>(
      `with claimed as (
         update notification_outbox o
            set attempts = o.attempts + 1 - (o.untried_claim is not null)::int,
                untried_claim = $4::uuid,
                next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
          where o.id in (
            select id from notification_outbox
             where status = 'pending' and next_attempt_at <= now() and channel = any($3::text[])
             order by next_attempt_at, id
             limit $1
             for update skip locked)
          returning o.id, o.channel, o.template, o.language, o.recipient, o.parameters, o.link, o.attempts,
                    o.untried_claim as claim, o.created_at)
       select * from claimed order by id`,
      [batchSize, leaseMs, channels, randomUUID()],
    ),
  );
}

/**
 * Holds a claimed row for its own try as its turn in the batch comes: the lease starts again from
 * now, and the claim is tried (its try stays counted). A row whose claim ran out while the rows
 * before it were sent (a slow provider) and that another worker claimed since (`untried_claim`, or
 * `attempts` for an instance of the previous release, moved) is that worker's now; so is a row sent
 * or given up meanwhile. Answers whether the row is still this claim's.
 */
async function holdClaim(db: Queryable, row: Claimed, leaseMs: number): Promise<boolean> {
  const held = await db.query(
    `update notification_outbox
        set untried_claim = null, next_attempt_at = now() + make_interval(secs => $4::float8 / 1000)
      where id = $1 and status = 'pending' and untried_claim = $2::uuid and attempts = $3 returning id`,
    [row.id, row.claim, row.attempts, leaseMs],
  );
  return held.length > 0;
}

/**
 * Gives back the claims of rows this round has not tried (the instance is stopping): each due at
 * once again, its claim's try not counted, so that another instance sends it without waiting for the
 * lease and without it costing a try. Only rows still held by this claim (as in `holdClaim`): one
 * another worker claimed since is left to it.
 */
async function releaseClaims(db: Queryable, rows: Claimed[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `update notification_outbox o set attempts = o.attempts - 1, untried_claim = null, next_attempt_at = now()
       from unnest($1::bigint[], $2::uuid[], $3::int[]) as r(id, claim, attempts)
      where o.id = r.id and o.untried_claim = r.claim and o.attempts = r.attempts and o.status = 'pending'`,
    [rows.map((row) => row.id), rows.map((row) => row.claim), rows.map((row) => row.attempts)],
  );
}

/** Ranks of delivery statuses: a later report never moves a message back (read, then a late delivered). */
export const deliveryRank = `(case $status when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'failed' then 4 else 0 end)`;
const rankOf = (column: string) => deliveryRank.replace("$status", column);

/**
 * Records the provider's acceptance. A status webhook may come before this (the provider answers and
 * reports at once): the best status already reported for the id is taken over, and acted on as the
 * webhook would have (`settleWhatsAppDelivery`). A webhook recording a status of the id at the same
 * time, on another instance, is waited for, or waits (`lockMessage`). The link's token is dropped: it
 * is no longer needed here — except on a WhatsApp message that may still fall back to SMS, until its
 * delivery is settled.
 */
async function markSent(db: Database, row: Claimed, messageId: string | null, sms: boolean): Promise<void> {
  const keepLink = sms && row.channel === "whatsapp" && messageId !== null;
  await db.transaction(async (tx) => {
    if (row.channel === "whatsapp" && messageId) await lockMessage(tx, messageId);
    await tx.query(
      `update notification_outbox o
        set status = 'sent', sent_at = now(), provider_message_id = $2, link = case when $3 then o.link end,
            last_error = null,
            delivery_status = (select s.status from notification_statuses s where s.provider_message_id = $2
                                order by ${rankOf("s.status")} desc limit 1),
            delivery_updated_at = case when exists (select 1 from notification_statuses s where s.provider_message_id = $2)
                                       then now() end
      where o.id = $1 and o.status = 'pending'`,
      [row.id, messageId, keepLink],
    );
    if (keepLink && messageId) await settleWhatsAppDelivery(tx, messageId, sms);
  });
}

/**
 * Schedules the next try `delayMs` from the database's now: claims compare `next_attempt_at` with the
 * database's clock, which an instance's own may be apart from.
 */
async function markRetry(db: Queryable, row: Claimed, error: string, delayMs: number): Promise<void> {
  await db.query(
    `update notification_outbox set next_attempt_at = now() + make_interval(secs => $2::float8 / 1000),
            last_error = $3
      where id = $1 and status = 'pending'`,
    [row.id, delayMs, error.slice(0, 500)],
  );
}

/** Gives a row up; a WhatsApp row's SMS is written with it (with `sms` on). Answers whether it was. */
async function markDead(db: Database, row: Claimed, error: string, sms: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(
      "update notification_outbox set status = 'dead', last_error = $2 where id = $1 and status = 'pending'",
      [row.id, error.slice(0, 500)],
    );
    return sms && row.channel === "whatsapp" && (await smsForDeadWhatsApp(tx, row.id));
  });
}

/** A link that is a path is on this site: joined to its public origin (never a request's host). */
const absolute = (link: string, origin: string) => (link.startsWith("/") ? `${origin}${link}` : link);

/** The outcome of a try cut short by the instance's stop: not the provider's answer, so never the last. */
const interruptedError = "interrupted: the instance stopped";

/**
 * Tries one claimed row; once `abort` fires it stops waiting, whether or not the sender heard the
 * signal (nodemailer does not): the provider may still have taken the message, as after a timeout,
 * and it is tried again (at least once, ADR 038).
 */
function trySend(row: Claimed, options: DeliveryOptions): Promise<SendResult> {
  return unlessAborted(
    sendRow(row, options, options.abort),
    options.abort,
    (): SendResult => ({
      kind: "retry",
      error: interruptedError,
    }),
  );
}

/** Tries one claimed row on its channel; a template its channel does not know is refused. */
function sendRow(row: Claimed, options: DeliveryOptions, signal?: AbortSignal): Promise<SendResult> {
  const parameters = row.link
    ? [...row.parameters, absolute(row.link, options.publicOrigin())]
    : row.parameters;
  const message = { to: row.recipient, language: row.language, parameters };
  if (row.channel === "email" && options.senders.email && isEmailTemplateName(row.template)) {
    return options.senders.email({ ...message, template: row.template }, signal);
  }
  if (row.channel === "whatsapp" && options.senders.whatsapp && isTemplateName(row.template)) {
    return options.senders.whatsapp({ ...message, template: row.template }, signal);
  }
  if (row.channel === "sms" && options.senders.sms && isTemplateName(row.template)) {
    return options.senders.sms({ ...message, template: row.template }, signal);
  }
  return Promise.resolve({ kind: "refused", error: `no ${row.channel} template ${row.template}` });
}

export interface RoundResult {
  sent: number;
  retried: number;
  dead: number;
}

/**
 * One round: claims what is due and tries each once. Once `stopping` fires it finishes the row in
 * flight only (or, once `abort` fires, records it as interrupted) and gives the rest back.
 */
export async function deliverDue(db: Database, options: DeliveryOptions): Promise<RoundResult> {
  const channels = (Object.keys(options.senders) as Channel[]).filter((channel) => options.senders[channel]);
  const rows = await claimDue(db, options.batchSize ?? 20, options.leaseMs, channels);
  const sms = options.senders.sms !== undefined;
  const result: RoundResult = { sent: 0, retried: 0, dead: 0 };
  for (const [index, row] of rows.entries()) {
    if (options.stopping?.aborted) {
      await releaseClaims(db, rows.slice(index));
      break;
    }
    const labels = { channel: row.channel, template: row.template };
    let outcome: SendResult;
    if (!(await holdClaim(db, row, options.leaseMs))) continue;
    try {
      if (await options.withdraw?.(row.id)) continue;
      outcome = await trySend(row, options);
    } catch (error) {
      outcome = { kind: "retry", error: String(error).slice(0, 300) };
    }
    if (outcome.kind === "accepted") {
      // A process that dies between the provider's acceptance and this write sends the message again
      // after the lease: the only way a recipient gets it twice (ADR 038).
      await markSent(db, row, outcome.messageId, sms);
      options.metrics.notificationsSent.inc(labels);
      options.metrics.notificationLatency.observe(labels, (Date.now() - row.created_at.getTime()) / 1000);
      result.sent++;
      continue;
    }
    options.metrics.notificationsFailed.inc(labels);
    // A try our own stop cut short says nothing about the message: it never makes it dead.
    const interrupted = outcome.kind === "retry" && options.abort?.aborted === true;
    const last = outcome.kind === "refused" || (row.attempts >= options.maxAttempts && !interrupted);
    if (last) {
      const smsWritten = await markDead(db, row, outcome.error, sms);
      options.metrics.notificationsDeadLettered.inc(labels);
      options.log.error(
        {
          notificationId: row.id,
          channel: row.channel,
          template: row.template,
          attempts: row.attempts,
          // The row keeps the provider's whole answer; the log store gets it without the recipient.
          error: withoutContacts(outcome.error),
          smsFallback: smsWritten,
        },
        "notification given up (dead letter)",
      );
      result.dead++;
    } else {
      const delay = retryDelayMs(
        row.attempts,
        outcome.kind === "retry" ? outcome.retryAfterMs : undefined,
        options.random,
      );
      await markRetry(db, row, outcome.error, delay);
      options.metrics.notificationsRetried.inc(labels);
      options.log.warn(
        {
          notificationId: row.id,
          channel: row.channel,
          template: row.template,
          attempt: row.attempts,
          error: withoutContacts(outcome.error),
          delayMs: delay,
        },
        "notification not sent; it will be tried again",
      );
      result.retried++;
    }
  }
  return result;
}

/**
 * The delivery worker of one API instance: a round every `intervalMs`, one at a time. Any number of
 * instances may run it on one database (claims skip each other's rows); it keeps nothing in memory,
 * so a restart loses nothing. The returned function stops it: the round in flight finishes its
 * current row only (aborted once `abort` fires), records it, and gives the rows it has not tried
 * back to the other instances.
 */
export function startNotificationWorker(
  db: Database,
  options: Omit<DeliveryOptions, "stopping" | "abort"> & {
    intervalMs: number;
    /** Runs before each round (the sweep of time-driven messages, `schedule.ts`); its failure is logged. */
    beforeRound?: () => Promise<unknown>;
  },
): (abort?: AbortSignal) => Promise<void> {
  let running: Promise<unknown> | undefined;
  const signals = jobSignals(() => running);
  const stopped = () => signals.stopping.aborted;
  const round = { ...options, stopping: signals.stopping, abort: signals.abort };
  const tick = () => {
    if (running || stopped()) return;
    running = Promise.resolve(options.beforeRound?.())
      .catch((error: unknown) => {
        if (!stopped()) options.log.warn({ error: String(error) }, "notification sweep failed");
      })
      .then(() => (stopped() ? undefined : deliverDue(db, round)))
      .catch((error: unknown) => {
        if (!stopped()) options.log.warn({ error: String(error) }, "notification worker failed a round");
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return async (abort) => {
    clearInterval(timer);
    await signals.stop(abort);
  };
}
