import type { Language } from "@paxelbox/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../db/database.ts";
import { toE164 } from "../domain/phone.ts";
import { formatDateTimeWib, formatRupiah, hourWib } from "./format.ts";
import {
  enqueue,
  enqueueWithOrderLink,
  type NewMessage,
  type NotificationEvent,
  type OutboxWriter,
} from "./outbox.ts";
import type { TemplateName } from "./templates.ts";

/**
 * Time-driven messages (docs/notifications.md): a reminder before a deadline, a notice when an overdue
 * fee starts. Nothing changes at that moment, so no transaction writes them: a sweep does, which any
 * number of API instances may run at once. It reads the orders whose moment has come and that have no
 * message for it yet, and writes each with `on conflict (idempotency_key, channel) do nothing`; the
 * key names the deadline (`dropoff-reminder:order:<id>:<deadline>`), so that a moved deadline is a new
 * message and two sweeps never write one twice. What a message says is still checked when it is sent:
 * one whose cause is gone by then (the parcel taken, the fee paid, the rent ended, the deadline moved)
 * is withdrawn instead.
 */
export type ScheduledEvent = Extract<
  NotificationEvent,
  "dropoff-reminder" | "dropoff-overdue" | "rent-ending" | "rent-overdue"
>;

export interface ScheduleSettings {
  /** How long before a drop-off's free period ends its recipient is reminded (DROPOFF_REMINDER_HOURS). */
  dropoffReminderMs: number;
  /** How long before a rent ends its member is reminded (RENT_REMINDER_MINUTES). */
  rentReminderMs: number;
  /** The night, in the lockers' hours, in which a drop-off's messages wait for the morning (QUIET_HOURS). */
  quietHours: QuietHours | null;
}

/** From `from`:00 to `to`:00 WIB, over midnight when `to` is the smaller. */
export interface QuietHours {
  from: number;
  to: number;
}

/** Whether `now` falls in the quiet hours. */
export function isQuiet(quiet: QuietHours | null, now: number): boolean {
  if (!quiet) return false;
  const hour = hourWib(new Date(now));
  return quiet.from < quiet.to
    ? hour >= quiet.from && hour < quiet.to
    : hour >= quiet.from || hour < quiet.to;
}

/** An order whose message is due, with what the message says. */
interface DueOrder {
  id: number;
  idempotency_key: string;
  deadline: Date;
  fee: number;
  box_name: string;
  mouth_number: string;
  name: string;
  phone: string;
  language: Language;
}

/** Who is told: a drop-off's recipient as the sender wrote them, or the member who rents (members data). */
const recipients = {
  dropoff: {
    join: "",
    name: "o.recipient_name",
    phone: "o.recipient_phone",
    // Indonesian, as the first message; English once the overdue page was read in it.
    language: "coalesce(o.receiver_language, 'id')",
  },
  rent: {
    join: "join members mb on mb.id = o.member_id",
    name: "trim(mb.first_name || ' ' || mb.last_name)",
    phone: "mb.phone",
    language: "mb.language",
  },
} as const;

/**
 * The SQL parameters of every event's query: $1 now, $2 one order's id (or null: all), $3 the id after
 * which a page starts, and for reminders $5 their lead in milliseconds ($4 is the caller's).
 */
const reminderAt = "(o.deadline - make_interval(secs => $5::float8 / 1000))";
/**
 * A reminder is due from its moment until the deadline, for the period that was booked (a rent) or
 * given free (a drop-off) only: stored before the reminder's moment (a period shorter than the lead
 * gets none, rather than one at once), and no overdue fee credited (the time a payment gives is told
 * by the payment's own message and screen, and is often shorter than the lead).
 */
const reminderStill = `o.deadline > $1
  and not exists (select 1 from payments p where p.order_id = o.id and p.status = 'SUCCESS')`;
const reminderDue = `${reminderStill} and ${reminderAt} <= $1 and o.store_time < ${reminderAt}`;
/** A drop-off's links open nothing once its link expired: no message to send then. */
const linkAlive = "(o.link_expires_at is null or o.link_expires_at >= $1)";

interface EventDefinition {
  kind: keyof typeof recipients;
  template: TemplateName;
  /** When the message is due, given that the order is in the locker. */
  due: string;
  /**
   * What must still hold when a written message is sent (`withdrawIfGone`), where that is less than
   * `due`: a reminder's lead is this instance's setting, and one written by an instance with a longer
   * lead (a rollout that shortens it) is still true — it would otherwise be withdrawn as early, and
   * never written again under its key.
   */
  still?: string;
  /** The reminder's lead (a setting), for reminders; `due` only. */
  lead?: "dropoffReminderMs" | "rentReminderMs";
  /**
   * Written outside the quiet hours only: a drop-off's recipient did not choose the parcel's hours,
   * and its messages can wait for the morning (a reminder's lead is longer than the night). A rent's
   * come at the time the member chose to rent until, whatever the hour.
   */
  waitsForMorning?: true;
  /** Where its link goes, with a token of its own (drop-offs only: a rent's screen needs the member's token). */
  path?: "/order" | "/overduepayment";
  parameters(order: DueOrder, now: number): string[];
}

const dateOf = (order: DueOrder, at: Date) => formatDateTimeWib(at, order.language);

const definitions: Record<ScheduledEvent, EventDefinition> = {
  "dropoff-reminder": {
    kind: "dropoff",
    template: "dropoff_reminder",
    due: `${reminderDue} and ${linkAlive}`,
    still: `${reminderStill} and ${linkAlive}`,
    lead: "dropoffReminderMs",
    waitsForMorning: true,
    path: "/order",
    parameters: (o) => [o.name, o.box_name, o.mouth_number, dateOf(o, o.deadline), formatRupiah(o.fee)],
  },
  "dropoff-overdue": {
    kind: "dropoff",
    template: "dropoff_overdue",
    // The fee runs from the deadline (`dropoffOverdueStatus`): need_to_pay until the link expires.
    due: `o.deadline < $1 and ${linkAlive} and o.overdue_unit_price > 0`,
    waitsForMorning: true,
    path: "/overduepayment",
    parameters: (o) => [o.name, o.box_name, o.mouth_number, dateOf(o, o.deadline), formatRupiah(o.fee)],
  },
  "rent-ending": {
    kind: "rent",
    template: "rent_ending",
    due: `not o.expired_flag and ${reminderDue}`,
    still: `not o.expired_flag and ${reminderStill}`,
    lead: "rentReminderMs",
    parameters: (o) => [o.name, o.box_name, o.mouth_number, dateOf(o, o.deadline)],
  },
  "rent-overdue": {
    kind: "rent",
    template: "rent_overdue",
    // Past its deadline or flagged expired by the operator (`isRentOverdue`), with a fee to pay.
    due: "(o.expired_flag or o.deadline < $1) and o.overdue_unit_price > 0",
    parameters: (o, now) => [
      o.name,
      o.box_name,
      o.mouth_number,
      dateOf(o, new Date(Math.min(o.deadline.getTime(), now))),
      formatRupiah(o.fee),
    ],
  },
};
export const scheduledEvents = Object.keys(definitions) as ScheduledEvent[];

const isScheduled = (event: string): event is ScheduledEvent => Object.hasOwn(definitions, event);

/**
 * The orders in a locker whose `event` is due at $1 (or, `still`, whose written message still holds),
 * with the key of its message.
 */
function dueOrders(event: ScheduledEvent, condition: "due" | "still" = "due"): string {
  const { kind } = definitions[event];
  const due =
    condition === "still" ? (definitions[event].still ?? definitions[event].due) : definitions[event].due;
  const who = recipients[kind];
  const deadline = `to_char(o.deadline at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return `select o.id, '${event}:order:' || o.id || ':' || ${deadline} as idempotency_key, o.deadline,
                 o.overdue_unit_price as fee, b.name as box_name, m.number as mouth_number,
                 ${who.name} as name, ${who.phone} as phone, ${who.language} as language
            from orders o join mouths m on m.id = o.mouth_id join boxes b on b.id = m.box_id ${who.join}
           where o.kind = '${kind}' and o.status = 'IN_STORE' and o.deadline is not null and (${due})
             and ($2::int is null or o.id = $2) and o.id > $3`;
}

function queryParameters(
  event: ScheduledEvent,
  settings: ScheduleSettings,
  input: { now: number; orderId: number | null; after: number },
  fourth: unknown,
  condition: "due" | "still" = "due",
): unknown[] {
  const lead = condition === "due" || !definitions[event].still ? definitions[event].lead : undefined;
  const parameters = [new Date(input.now), input.orderId, input.after, fourth];
  return lead ? [...parameters, settings[lead]] : parameters;
}

export interface NotificationSchedule {
  /**
   * Writes the messages due at `now` of one order, in the caller's transaction (a demo scenario that
   * makes a fee or a rent overdue). Answers how many were written.
   */
  writeDue(tx: Queryable, input: { orderId: number; now: number }): Promise<number>;
  /**
   * Writes every message due at `now` (the database's clock by default), a page of orders per
   * transaction. Answers how many were written.
   */
  sweep(db: Database, now?: number): Promise<number>;
  /**
   * Withdraws a pending time-driven message whose cause is gone at `now` (the database's clock by
   * default: its order no longer holds what the message says, with that deadline — a reminder's lead
   * aside, `still`); answers whether it did.
   * Other messages are left alone.
   */
  withdrawIfGone(db: Queryable, id: number, now?: number): Promise<boolean>;
}

/** The outbox writer with the time-driven messages of one order (demo scenarios write them). */
export interface ScheduledOutbox extends OutboxWriter {
  writeDue: NotificationSchedule["writeDue"];
}

const pageSize = 100;

/**
 * The database's clock, in epoch milliseconds. The sweep and the check before sending read it, not
 * their instance's: a message one instance's clock (ahead) wrote before its moment would be withdrawn
 * as not due by another's, and never written again under its key.
 */
async function databaseNow(db: Queryable): Promise<number> {
  const [row] = await db.query<{ now: number }>("select extract(epoch from now())::float8 * 1000 as now");
  return Number(row?.now);
}

export function notificationSchedule(
  log: FastifyBaseLogger,
  channels: { whatsapp: boolean },
  settings: ScheduleSettings,
): NotificationSchedule {
  /** One page of one event: the due orders without its message, each written (or found written). */
  async function writePage(
    tx: Queryable,
    event: ScheduledEvent,
    input: { now: number; orderId: number | null; after: number },
  ): Promise<{ read: number; written: number; lastId: number }> {
    const definition = definitions[event];
    // Still due in the morning: the sweep then writes it (withdrawIfGone does not ask the hour).
    if (definition.waitsForMorning && isQuiet(settings.quietHours, input.now)) {
      return { read: 0, written: 0, lastId: input.after };
    }
    const orders = await tx.query<DueOrder>(
      `select * from (${dueOrders(event)}) d
        where not exists (select 1 from notification_outbox n
                           where n.idempotency_key = d.idempotency_key and n.channel = 'whatsapp')
        order by d.id limit $4`,
      queryParameters(event, settings, input, pageSize),
    );
    let written = 0;
    for (const order of orders) {
      const recipient = toE164(order.phone);
      if (!recipient) {
        // Read again by every sweep while due: not worth a warning each time.
        log.debug({ orderId: order.id, event }, "no Indonesian mobile number to send to: no message");
        continue;
      }
      const message: Omit<NewMessage, "link"> & { orderId: number } = {
        event,
        orderId: order.id,
        channel: "whatsapp",
        template: definition.template,
        language: order.language,
        recipient,
        parameters: definition.parameters(order, input.now),
        idempotencyKey: order.idempotency_key,
      };
      const first = definition.path
        ? await enqueueWithOrderLink(tx, message, definition.path)
        : await enqueue(tx, { ...message, link: null });
      if (first) written++;
    }
    return { read: orders.length, written, lastId: orders.at(-1)?.id ?? input.after };
  }

  return {
    async writeDue(tx, { orderId, now }) {
      if (!channels.whatsapp) return 0;
      let written = 0;
      for (const event of scheduledEvents) {
        written += (await writePage(tx, event, { now, orderId, after: 0 })).written;
      }
      return written;
    },

    async sweep(db, at) {
      if (!channels.whatsapp) return 0;
      const now = at ?? (await databaseNow(db));
      let written = 0;
      for (const event of scheduledEvents) {
        // Pages in the order of the orders' ids: two sweeps at once take the keys' locks in one order.
        let after = 0;
        for (;;) {
          const page = await db.transaction((tx) => writePage(tx, event, { now, orderId: null, after }));
          written += page.written;
          if (page.read < pageSize) break;
          after = page.lastId;
        }
      }
      if (written > 0) log.info({ written }, "time-driven messages written");
      return written;
    },

    async withdrawIfGone(db, id, at) {
      const [row] = await db.query<{ event: string; order_id: number | null; idempotency_key: string }>(
        "select event, order_id, idempotency_key from notification_outbox where id = $1 and status = 'pending'",
        [id],
      );
      if (!row || !isScheduled(row.event) || row.order_id === null) return false;
      const now = at ?? (await databaseNow(db));
      const still = await db.query(
        `select 1 from (${dueOrders(row.event, "still")}) d where d.idempotency_key = $4`,
        queryParameters(
          row.event,
          settings,
          { now, orderId: row.order_id, after: 0 },
          row.idempotency_key,
          "still",
        ),
      );
      if (still.length > 0) return false;
      const withdrawn = await db.query(
        `update notification_outbox set status = 'withdrawn', link = null, last_error = 'no longer due'
          where id = $1 and status = 'pending' returning id`,
        [id],
      );
      if (withdrawn.length > 0) {
        log.info(
          { notificationId: id, event: row.event, orderId: row.order_id },
          "time-driven message withdrawn: no longer due",
        );
      }
      return withdrawn.length > 0;
    },
  };
}

/**
 * Runs `sweep` at most once per `intervalMs`, the first time one interval after it is made (the worker
 * asks before each of its rounds).
 */
export function throttled(intervalMs: number, sweep: () => Promise<unknown>): () => Promise<unknown> {
  let last = Date.now();
  return async () => {
    if (Date.now() - last < intervalMs) return;
    last = Date.now();
    await sweep();
  };
}
