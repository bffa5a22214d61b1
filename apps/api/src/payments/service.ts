import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../db/database.ts";
import { issueCode } from "../domain/access-codes.ts";
import { calculateRentOverdue, dropoffOverdueFee, dropoffOverdueStatus } from "../domain/overdue.ts";
import { randomCode } from "../domain/tokens.ts";
import { badRequest, conflict, HttpError, notFound } from "../http/errors.ts";
import type { OutboxWriter } from "../notifications/outbox.ts";
import type { Metrics } from "../plugins/metrics.ts";
import { jobSignals, unlessAborted } from "../plugins/shutdown.ts";
import { crashPoint } from "./crash-points.ts";
import {
  checkoutLifetimeMinutes,
  type GatewayName,
  type GatewayPaymentRef,
  type GatewayRecord,
  GatewayRefused,
  type GatewayStatus,
  GatewayUnavailable,
  type PaymentGateway,
} from "./gateway.ts";

/**
 * The payment path of overdue fees. A payment is settled only from the gateway's own record — its
 * signed notification, its status call (reconciliation, the customer's return, a new checkout for the
 * same fee) — and every charge ends credited exactly once or refunded. See docs/payments.md.
 */
export type PaymentPurpose = "rent-overdue" | "dropoff-overdue";
export type PaymentStatus = "PENDING" | "SUCCESS" | "FAILED" | "CANCELLED" | "EXPIRED" | "REFUNDED";

/** Minutes an open checkout is offered again before a fresh one is opened. */
const checkoutReuseMinutes = 30;
/**
 * Minutes after its opening in which a payment the API closed (EXPIRED, CANCELLED, FAILED) is still
 * asked about: closing is local first and best effort at the gateway (a superseded sibling in
 * `settle`; an unstarted Midtrans Snap page reads 404, so it cannot be closed at all), so the
 * gateway may take money for it until its checkout's lifetime ends — the lifetime every adapter
 * gives its checkout when it opens it (Midtrans `expiry`, SNAP `validUpTo`). The margin covers a
 * charge made in the last minute that the gateway settles a little later, and the opening's own
 * time and a bank clock a little off.
 */
export const lateChargeMinutes = checkoutLifetimeMinutes + 30;
const closedStatuses = ["EXPIRED", "CANCELLED", "FAILED"] as const;
/** A gateway's records of a charge: taken (SUCCESS), or taken and given back (REFUNDED). */
const chargedStatuses: readonly GatewayStatus[] = ["SUCCESS", "REFUNDED"];

/**
 * Whether the gateway's record can still change what is owed for this payment: it is open, or it
 * was closed here while its checkout could still be paid (`lateChargeMinutes`).
 */
export function mayStillBeCharged(
  payment: Pick<PaymentRow, "status" | "created_at">,
  now = Date.now(),
): boolean {
  if (payment.status === "PENDING") return true;
  if (!(closedStatuses as readonly string[]).includes(payment.status)) return false;
  return now - payment.created_at.getTime() < lateChargeMinutes * 60_000;
}
/** Hours a paid drop-off stays collectable with its one-time pick-up code. */
const paidPickupHours = 24;

interface OrderForPayment {
  id: number;
  kind: string;
  status: string;
  express_number: string;
  deadline: Date | null;
  expired_flag: boolean;
  overdue_unit_price: number;
  link_expires_at: Date | null;
  box_name: string;
  mouth_number: string;
}

export interface PaymentRow {
  id: string;
  order_id: number;
  purpose: PaymentPurpose;
  gateway: GatewayName;
  overdue_key: string;
  status: PaymentStatus;
  amount: number;
  extends_to: Date | null;
  checkout_url: string | null;
  reference_no: string | null;
  partner_reference_no: string;
  success_url: string;
  failed_url: string;
  cancel_url: string;
  created_at: Date;
  paid_at: Date | null;
  refunded_at: Date | null;
  /** Checks of the reconciliation job, its claim's count (migration 0004). */
  check_attempts: number;
  /** Refund tries the gateway did not confirm (migration 0013). */
  refund_attempts: number;
  /** When the refund was left to people: the gateway refused it, or it failed for about a day. */
  refund_given_up_at: Date | null;
}

/** The gateway that serves a payment, by name (configuration only: gateways.ts). */
export type GatewayLookup = (name: GatewayName) => PaymentGateway;

export interface PaymentContext {
  /** The gateway new checkouts go to. */
  gateway: PaymentGateway;
  /**
   * Seconds a call to a gateway may take. A payment without its checkout is taken as being opened
   * by another request for one second longer; after that the opening is taken as lost.
   */
  gatewayTimeoutSeconds: number;
  gateways: GatewayLookup;
  merchant: string;
  /** The site's configured public origin; return URLs must stay on it. */
  origin: string;
  notifyUrl: string;
  /** Where the gateway brings the browser back: the API's return call of this payment. */
  returnUrl: (paymentId: string) => string;
  log: FastifyBaseLogger;
  /** Where a credited fee's receipt is written (null: notifications off). */
  outbox?: OutboxWriter | null | undefined;
}

export interface CreatePaymentInput {
  orderId: number;
  purpose: PaymentPurpose;
  successUrl: string;
  failedUrl: string;
  cancelUrl: string;
  language: "id" | "en";
  customer: { name: string; email: string; phone: string };
}

export interface CreatedPayment {
  paymentId: string;
  checkoutUrl: string;
  referenceNo: string;
  partnerReferenceNo: string;
  amount: number;
}

const ref = (payment: PaymentRow): GatewayPaymentRef => ({
  externalId: payment.id,
  referenceNo: payment.reference_no,
  amount: payment.amount,
});

/** What is owed on an order right now, computed by the server (the client's amount is never used). */
function owed(order: OrderForPayment, purpose: PaymentPurpose, now: number) {
  if (purpose === "rent-overdue") {
    if (order.kind !== "rent") throw notFound("rentNotFound", { id: order.id });
    if (order.status !== "IN_STORE") throw conflict("rentHasNoItems");
    const calculation = calculateRentOverdue(
      { deadline: order.deadline, expiredFlag: order.expired_flag, feePerHour: order.overdue_unit_price },
      now,
    );
    return {
      amount: calculation.total_overdue_fee,
      units: calculation.increase_duration,
      extendsTo: new Date(calculation.next_overdue_time),
      description: `Rent extension, ${calculation.increase_duration} ${calculation.rent_unit}`,
    };
  }
  if (order.kind !== "dropoff") throw notFound("dropoffNotFound", { id: order.id });
  const clock = {
    status: order.status,
    deadline: order.deadline,
    linkExpiresAt: order.link_expires_at,
    feePerDay: order.overdue_unit_price,
  };
  const state = dropoffOverdueStatus(clock, now);
  if (state === "expired") throw conflict("linkExpired");
  if (state !== "need_to_pay") throw conflict("dropoffNothingToPay");
  const fee = dropoffOverdueFee(clock, now);
  return {
    amount: fee.total,
    units: fee.days,
    extendsTo: null,
    description: `Drop-off overdue fee, ${fee.days} day${fee.days === 1 ? "" : "s"}`,
  };
}

/** Return URLs may only lead back to this site (no open redirect through the gateway). */
export function assertReturnUrl(url: string, origin: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest("returnUrlInvalid");
  }
  if (parsed.origin !== new URL(origin).origin) throw badRequest("returnUrlOffSite");
}

const unreachable = () => new HttpError(502, "paymentServiceUnreachable");

/** Runs a gateway call; a gateway that cannot answer becomes a 502 for the customer. */
async function ask<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayUnavailable || error instanceof GatewayRefused) throw unreachable();
    throw error;
  }
}

/**
 * Creates the payment of an order's current overdue. An open payment for the same fee is first
 * looked up at the gateway: charged → credited, and no new checkout is made; still open and fresh →
 * its checkout is offered again; otherwise it is closed at the gateway before a new one is opened.
 */
export async function createOverduePayment(
  db: Database,
  input: CreatePaymentInput,
  context: PaymentContext,
): Promise<CreatedPayment> {
  for (const url of [input.successUrl, input.failedUrl, input.cancelUrl])
    assertReturnUrl(url, context.origin);

  // How long a Pay waits for another request opening the same fee's checkout (one gateway call's
  // time and a second) before it takes that opening as lost; the checks wait the gateway's whole
  // opening (`PaymentGateway.openingMs`, `settleFromGateway`).
  const otherOpeningMs = (context.gatewayTimeoutSeconds + 1) * 1000;
  const deadline = Date.now() + otherOpeningMs + 5000;
  for (let round = 0; round < 100 && Date.now() < deadline; round++) {
    const step = await db.transaction(async (tx) => {
      const [order] = await tx.query<OrderForPayment>(
        `select o.id, o.kind, o.status, o.express_number, o.deadline, o.expired_flag, o.overdue_unit_price,
                o.link_expires_at, b.name as box_name, m.number as mouth_number
           from orders o join mouths m on m.id = o.mouth_id join boxes b on b.id = m.box_id
          where o.id = $1 for update of o`,
        [input.orderId],
      );
      if (!order) throw notFound("orderNotFound", { id: input.orderId });
      const due = owed(order, input.purpose, Date.now());
      if (due.amount <= 0) throw conflict("noOverdueFee");
      const overdueKey = `${input.purpose}:${order.id}:${order.deadline?.getTime() ?? 0}`;
      const [open] = await tx.query<PaymentRow>(
        "select * from payments where overdue_key = $1 and status in ('PENDING', 'SUCCESS')",
        [overdueKey],
      );
      if (open?.status === "SUCCESS") throw conflict("overdueFeeAlreadyPaid");
      if (open) return { kind: "open" as const, payment: open, amount: due.amount };
      const [created] = await tx.query<PaymentRow>(
        `insert into payments (id, order_id, purpose, gateway, overdue_key, amount, overdue_units, extends_to,
                               partner_reference_no, success_url, failed_url, cancel_url)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         returning *`,
        [
          `PAY${randomCode(17)}`,
          order.id,
          input.purpose,
          context.gateway.name,
          overdueKey,
          due.amount,
          due.units,
          due.extendsTo,
          order.express_number,
          input.successUrl,
          input.failedUrl,
          input.cancelUrl,
        ],
      );
      return {
        kind: "new" as const,
        payment: created as PaymentRow,
        description: `${due.description} · ${order.box_name}, door ${order.mouth_number}`,
      };
    });

    if (step.kind === "open") {
      const open = step.payment;
      if (open.checkout_url === null && Date.now() - open.created_at.getTime() < otherOpeningMs) {
        // Another request is opening this checkout right now (a double tap, a second tab): wait for it.
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      // Its own gateway, which may be off by now (a flow switched off with checkouts open): then it
      // cannot be asked whether it was charged, and no second checkout is opened beside it (502).
      const gateway = await ask(async () => context.gateways(open.gateway));
      // The gateway's record first: a charge whose notification was lost is credited here.
      let record = await ask(() => gateway.status(ref(open)));
      // Midtrans knows a Snap page only once the customer has started paying on it (NOT_FOUND before).
      const reusable =
        (record.status === "PENDING" || record.status === "NOT_FOUND") &&
        open.checkout_url !== null &&
        open.gateway === context.gateway.name &&
        open.amount === step.amount &&
        Date.now() - open.created_at.getTime() < checkoutReuseMinutes * 60_000;
      if (reusable && open.checkout_url) {
        await db.query(
          "update payments set success_url = $2, failed_url = $3, cancel_url = $4 where id = $1",
          [open.id, input.successUrl, input.failedUrl, input.cancelUrl],
        );
        return answer(open, open.checkout_url);
      }
      if (record.status === "PENDING" || record.status === "NOT_FOUND") {
        record = await ask(() => gateway.expire(ref(open)));
      }
      const settled = await settle(db, open.id, record, newCheckoutSettling(context));
      if (settled.status === "SUCCESS") throw conflict("overdueFeeAlreadyPaid");
      if (settled.status === "PENDING") throw unreachable();
      continue;
    }

    const payment = step.payment;
    crashPoint("before-gateway-call");
    let checkout: { checkoutUrl: string; referenceNo: string };
    try {
      checkout = await context.gateway.createCheckout({
        externalId: payment.id,
        orderNumber: payment.partner_reference_no,
        amount: payment.amount,
        merchant: context.merchant,
        description: step.description,
        successUrl: context.returnUrl(payment.id),
        failedUrl: context.returnUrl(payment.id),
        cancelUrl: context.returnUrl(payment.id),
        notifyUrl: context.notifyUrl,
        language: input.language,
        customer: input.customer,
      });
    } catch (error) {
      if (error instanceof GatewayRefused && /duplicate/.test(error.code)) {
        // The gateway already holds this key (a crash between its answer and ours): start afresh.
        await db.query(
          "update payments set status = 'EXPIRED', updated_at = now() where id = $1 and status = 'PENDING'",
          [payment.id],
        );
        continue;
      }
      if (error instanceof GatewayUnavailable || error instanceof GatewayRefused) {
        context.log.warn(
          { paymentId: payment.id, error: error.message },
          "the gateway did not open a checkout",
        );
        throw unreachable();
      }
      throw error;
    }
    crashPoint("after-checkout-created");
    const opened = { ...payment, reference_no: checkout.referenceNo || null };
    const [stored] = await db.query(
      `update payments set checkout_url = $2, reference_no = $3, updated_at = now()
        where id = $1 and status = 'PENDING' returning id`,
      [payment.id, checkout.checkoutUrl, opened.reference_no],
    );
    if (!stored) {
      // Given up while its checkout was being opened (a second Pay that waited longer than one
      // call): this checkout is not handed out, but closed, and the fee's open payment is sought anew.
      await closeUnused(db, opened, context);
      continue;
    }
    return answer(opened, checkout.checkoutUrl);
  }
  throw new HttpError(503, "paymentNotPrepared");
}

/** How a Pay settles a payment it closes to make way for a new checkout. */
const newCheckoutSettling = (context: PaymentContext): SettleOptions => ({
  source: "new-checkout",
  gateways: context.gateways,
  log: context.log,
  outbox: context.outbox,
});

/**
 * Closes at its gateway a checkout opened for a payment given up meanwhile, and settles the payment
 * from the record that answers (a charge already made there is credited, or refunded). A gateway that
 * does not answer leaves it to the reconciliation job, which asks about closed payments while their
 * checkouts could still be charged.
 */
async function closeUnused(db: Database, payment: PaymentRow, context: PaymentContext): Promise<void> {
  try {
    const record = await context.gateway.expire(ref(payment));
    await settle(db, payment.id, record, newCheckoutSettling(context));
  } catch (error) {
    context.log.warn(
      { paymentId: payment.id, error: String(error) },
      "a checkout opened for a payment given up meanwhile could not be closed",
    );
  }
}

function answer(payment: PaymentRow, checkoutUrl: string): CreatedPayment {
  return {
    paymentId: payment.id,
    checkoutUrl,
    referenceNo: payment.reference_no ?? payment.id,
    partnerReferenceNo: payment.partner_reference_no,
    amount: payment.amount,
  };
}

export interface SettleOptions {
  /** Who read the record: a notification, the reconciliation job, the customer's return… (for logs). */
  source: string;
  gateways: GatewayLookup;
  log: FastifyBaseLogger;
  /** The notification's event id: a repeated event is acknowledged and not applied again. */
  eventId?: string;
  /**
   * Where the messages a credit causes are written, in its transaction (a drop-off fee's receipt);
   * null or absent: none (notifications off).
   */
  outbox?: OutboxWriter | null | undefined;
}

export interface Settled {
  status: PaymentStatus;
  /** The same notification event was applied before. */
  duplicate: boolean;
}

/**
 * Moves a payment to what the gateway's record says, once. A charge is credited when its fee is
 * still owed, even if the payment had been given up locally; a charge for a fee that another payment
 * already paid, or for an order that no longer owes it, is refunded. Both are logged at warn and
 * counted (payment_anomalies).
 */
export async function settle(
  db: Database,
  paymentId: string,
  record: GatewayRecord,
  options: SettleOptions,
): Promise<Settled> {
  const outcome = await db.transaction(async (tx) => {
    // The order first, as payment creation locks it: the two never wait on each other in reverse.
    const [order] = await tx.query<{ id: number; status: string }>(
      `select o.id, o.status from orders o join payments p on p.order_id = o.id where p.id = $1 for update of o`,
      [paymentId],
    );
    const [payment] = await tx.query<PaymentRow>("select * from payments where id = $1 for update", [
      paymentId,
    ]);
    if (!order || !payment) throw notFound("paymentReferenceUnknown");
    if (options.eventId) {
      const [recorded] = await tx.query(
        `insert into payment_notifications (event_id, payment_id, status) values ($1, $2, $3)
         on conflict (event_id) do nothing returning event_id`,
        [options.eventId, payment.id, record.status],
      );
      if (!recorded)
        return {
          status: payment.status,
          duplicate: true,
          credited: false,
          late: false,
          close: [] as PaymentRow[],
          refund: false,
        };
    }
    if (record.referenceNo && payment.reference_no === null && chargedStatuses.includes(record.status)) {
      // Midtrans names a transaction once the customer starts paying, and a checkout may hold several
      // (a card denied, then another one paying): the one that charged is the payment's, and later
      // notifications must name it.
      await tx.query(
        `update payments set reference_no = $2
          where id = $1 and not exists (select 1 from payments where reference_no = $2)`,
        [payment.id, record.referenceNo],
      );
    }
    const unchanged = {
      status: payment.status,
      duplicate: false,
      credited: false,
      late: false,
      close: [] as PaymentRow[],
      refund: false,
    };

    if (record.status === "SUCCESS") {
      if (record.amount !== null && record.amount !== payment.amount) {
        throw badRequest("notifiedAmountMismatch");
      }
      if (payment.status === "SUCCESS" || payment.status === "REFUNDED") return unchanged;
      const [paidBefore] = await tx.query(
        "select id from payments where overdue_key = $1 and status = 'SUCCESS' and id <> $2",
        [payment.overdue_key, payment.id],
      );
      const late = payment.status !== "PENDING";
      if (order.status !== "IN_STORE" || paidBefore) {
        // Refunded next by this caller (`refundPayment`): the job leaves it to that call, as to a
        // first try under way, and tries it once a failed first try would be tried again (or the
        // call never ended: a crash).
        await tx.query(
          `update payments set status = 'REFUNDED', paid_at = now(), updated_at = now(),
                  next_check_at = now() + make_interval(secs => $2)
            where id = $1`,
          [payment.id, refundRetry.firstWaitSeconds],
        );
        await anomaly(tx, payment.id, "late-success-refunded", {
          source: options.source,
          late,
          order: order.status,
        });
        return {
          status: "REFUNDED" as const,
          duplicate: false,
          credited: false,
          late,
          close: [],
          refund: true,
        };
      }
      // Other open checkouts of this fee can no longer be paid usefully: close them here and at the gateway.
      const close = await tx.query<PaymentRow>(
        `update payments set status = 'EXPIRED', updated_at = now()
          where overdue_key = $1 and status = 'PENDING' and id <> $2 returning *`,
        [payment.overdue_key, payment.id],
      );
      await tx.query(
        "update payments set status = 'SUCCESS', paid_at = now(), updated_at = now() where id = $1",
        [payment.id],
      );
      await credit(tx, payment, options.outbox ?? null);
      if (late)
        await anomaly(tx, payment.id, "late-success-credited", {
          source: options.source,
          was: payment.status,
        });
      return { status: "SUCCESS" as const, duplicate: false, credited: true, late, close, refund: false };
    }
    if (record.status === "REFUNDED") {
      // Money given back at the gateway: the refund this API asked for, confirmed…
      if (payment.status === "REFUNDED") {
        await tx.query("update payments set refunded_at = coalesce(refunded_at, now()) where id = $1", [
          payment.id,
        ]);
      }
      // …or, after a credit, a refund made outside this API or a chargeback: the credit stands (the
      // customer may have used it already) and is logged below for people to follow up; it is never
      // credited again. A charge never credited and given back ends REFUNDED, nothing owed either way.
      if (payment.status === "REFUNDED" || payment.status === "SUCCESS") return unchanged;
      await tx.query(
        `update payments set status = 'REFUNDED', paid_at = coalesce(paid_at, now()), refunded_at = now(),
                updated_at = now() where id = $1`,
        [payment.id],
      );
      return { ...unchanged, status: "REFUNDED" as const };
    }
    if (record.status === "PENDING" || payment.status !== "PENDING") return unchanged;
    const status = record.status === "NOT_FOUND" ? "EXPIRED" : record.status;
    await tx.query("update payments set status = $2, updated_at = now() where id = $1", [payment.id, status]);
    return { status, duplicate: false, credited: false, late: false, close: [], refund: false };
  });

  if (outcome.credited) crashPoint("after-credit");
  if (record.status === "REFUNDED" && !outcome.duplicate && outcome.status === "SUCCESS") {
    options.log.error(
      { paymentId, source: options.source, status: outcome.status },
      "the gateway gave back a charge that was credited (a refund outside this API, or a chargeback); the credit stands: check it by hand",
    );
  }
  if (outcome.credited && outcome.late) {
    options.log.warn(
      { paymentId, source: options.source },
      "a charge that arrived after its payment was given up is credited",
    );
  }
  if (outcome.refund) {
    options.log.warn(
      { paymentId, source: options.source },
      "a charge for a fee that is not owed is refunded",
    );
    await refundPayment(db, paymentId, options);
  }
  for (const sibling of outcome.close) {
    // Best effort: a sibling charged meanwhile is settled (and refunded) from its own record.
    try {
      const record = await options.gateways(sibling.gateway).expire(ref(sibling));
      if (record.status === "SUCCESS")
        await settle(db, sibling.id, record, { ...options, eventId: undefined });
    } catch (error) {
      options.log.warn(
        { paymentId: sibling.id, error: String(error) },
        "could not close a superseded checkout",
      );
    }
  }
  return { status: outcome.status, duplicate: outcome.duplicate };
}

/**
 * What a paid overdue gives: a rent runs to its new end; a drop-off gets a one-time pick-up code, and
 * its receiver a receipt by e-mail, written in the same transaction (the outbox, ADR 038).
 */
async function credit(tx: Queryable, payment: PaymentRow, outbox: OutboxWriter | null): Promise<void> {
  if (payment.purpose === "rent-overdue") {
    await tx.query(
      "update orders set deadline = $2, expired_flag = false, updated_at = now() where id = $1",
      [payment.order_id, payment.extends_to],
    );
    return;
  }
  const until = new Date(Date.now() + paidPickupHours * 3_600_000);
  // The order's link lives at least as long as the pick-up code it shows: a fee paid near the
  // link's end must not leave a paid parcel behind an expired page.
  await tx.query(
    `update orders set deadline = $2,
       link_expires_at = case when link_expires_at is null then null else greatest(link_expires_at, $2) end,
       updated_at = now()
     where id = $1`,
    [payment.order_id, until],
  );
  await tx.query(
    "update access_codes set used_at = now() where order_id = $1 and purpose = 'take' and used_at is null",
    [payment.order_id],
  );
  await issueCode(tx, { purpose: "pickup", orderId: payment.order_id, expiresAt: until });
  await outbox?.dropoffFeePaid(tx, {
    paymentId: payment.id,
    orderId: payment.order_id,
    amount: payment.amount,
    validUntil: until,
    validHours: paidPickupHours,
  });
}

type AnomalyKind = "late-success-credited" | "late-success-refunded" | "refund-failed" | "refund-given-up";

async function anomaly(tx: Queryable, paymentId: string, kind: AnomalyKind, detail: object): Promise<void> {
  await tx.query("insert into payment_anomalies (payment_id, kind, detail) values ($1, $2, $3)", [
    paymentId,
    kind,
    JSON.stringify(detail),
  ]);
}

/**
 * How a refund the gateway did not confirm is tried again: after 30 s, then after twice the wait
 * each time up to 6 h; after `tries` failures (about a day) it is left to people. A refusal is tried
 * again too, as it may pass later (a card charge Midtrans refunds once settled), or never (a bank
 * transfer, which Midtrans does not refund): the day bounds both.
 */
export const refundRetry = { firstWaitSeconds: 30, longestWaitSeconds: 6 * 3600, tries: 13 };

/** Seconds before the next try, after `failures` tries failed. */
export function refundWaitSeconds(failures: number): number {
  return Math.min(
    refundRetry.firstWaitSeconds * 2 ** Math.max(0, failures - 1),
    refundRetry.longestWaitSeconds,
  );
}

/**
 * Asks the gateway to give a charge back; the reconciliation job tries again, less and less often,
 * until it has or the refund is left to people (`refundRetry`). Answers false when the gateway has
 * not confirmed it.
 */
async function refundPayment(db: Database, paymentId: string, options: SettleOptions): Promise<boolean> {
  const [payment] = await db.query<PaymentRow>("select * from payments where id = $1", [paymentId]);
  if (payment?.status !== "REFUNDED" || payment.refunded_at) return true;
  if (payment.refund_given_up_at) return false;
  try {
    const gateway = options.gateways(payment.gateway);
    // A refund tried before may have been made though its answer was lost (a time-out, a crash
    // before it was written): the gateway's record says so, and a second refund would be refused.
    const made =
      payment.refund_attempts > 0 &&
      (await gateway.status(ref(payment)).then(
        (record) => record.status === "REFUNDED",
        () => false,
      ));
    if (!made) await gateway.refund(ref(payment), "Overdue fee already paid or no longer owed");
    await db.query("update payments set refunded_at = now(), updated_at = now() where id = $1", [paymentId]);
    return true;
  } catch (error) {
    const failures = payment.refund_attempts + 1;
    const giveUp = failures >= refundRetry.tries;
    await db.query(
      `update payments set refund_attempts = $2, updated_at = now(),
              next_check_at = now() + make_interval(secs => $3),
              refund_given_up_at = case when $4::boolean then now() else refund_given_up_at end
        where id = $1`,
      [paymentId, failures, refundWaitSeconds(failures), giveUp],
    );
    const detail = { error: String(error).slice(0, 300), tries: failures };
    if (giveUp) {
      options.log.error(
        { paymentId, orderId: payment.order_id, gateway: payment.gateway, amount: payment.amount, ...detail },
        "refund left to people: give the charge back by hand, then set the payment's refunded_at (docs/operations.md)",
      );
      await anomaly(db, paymentId, "refund-given-up", detail);
    } else {
      options.log.warn(
        { paymentId, ...detail, nextTryInSeconds: refundWaitSeconds(failures) },
        "refund not confirmed by the gateway; it will be retried",
      );
      await anomaly(db, paymentId, "refund-failed", detail);
    }
    return false;
  }
}

/**
 * The latest overdue payment of an order (the screen that waits for the confirmation), after every
 * payment for the same fee that the gateway may still have charged was settled from its record — an
 * older checkout given up here can be the one that was paid. When one of them paid the fee, that
 * one is answered: the latest is then closed as superseded, and the fee is paid.
 */
export async function checkLatestPayment(
  db: Database,
  orderId: number,
  options: Omit<SettleOptions, "eventId">,
): Promise<PaymentRow | null> {
  const [latest] = await db.query<PaymentRow>(
    "select * from payments where order_id = $1 order by created_at desc, id desc limit 1",
    [orderId],
  );
  if (!latest) return null;
  const sameFee = () =>
    db.query<PaymentRow>("select * from payments where overdue_key = $1 order by created_at desc, id desc", [
      latest.overdue_key,
    ]);
  for (const payment of await sameFee()) {
    if (mayStillBeCharged(payment)) await settleFromGateway(db, payment, options);
  }
  const after = await sameFee();
  return (
    after.find((payment) => payment.status === "SUCCESS") ?? after.find((p) => p.id === latest.id) ?? null
  );
}

/**
 * Asks the gateway about one payment that may still be charged (`mayStillBeCharged`: open, or closed
 * here while its checkout could still be paid) and settles it; a gateway that does not answer leaves
 * it as it is. Answers the payment's state afterwards, or `unanswered`.
 */
export async function settleFromGateway(
  db: Database,
  payment: PaymentRow,
  options: Omit<SettleOptions, "eventId">,
): Promise<PaymentStatus | "unanswered"> {
  let record: GatewayRecord;
  let gateway: PaymentGateway;
  try {
    gateway = options.gateways(payment.gateway);
    record = await gateway.status(ref(payment));
  } catch (error) {
    options.log.warn(
      { paymentId: payment.id, error: String(error) },
      "the gateway did not answer a status call",
    );
    return "unanswered";
  }
  crashPoint(options.source === "reconcile" ? "reconcile-read" : "return-read");
  // Midtrans knows a checkout only once the customer has started paying: give an unstarted one its lifetime.
  const young = Date.now() - payment.created_at.getTime() < checkoutLifetimeMinutes * 60_000;
  if (record.status === "NOT_FOUND" && payment.checkout_url && young) return payment.status;
  // No checkout yet: a Pay may still be opening it (the gateway knows of it once it answers).
  const opening =
    payment.checkout_url === null && Date.now() - payment.created_at.getTime() < gateway.openingMs + 1000;
  if (record.status === "NOT_FOUND" && opening) return payment.status;
  const settled = await settle(db, payment.id, record, options);
  const closed = (status: string) => (closedStatuses as readonly string[]).includes(status);
  // A denial the checkout outlives (another card on the same page) is not its end.
  const ended = closed(record.status) && !(record.status === "FAILED" && gateway.paysAfterDenial);
  if (ended && closed(settled.status)) {
    // Closed at the gateway too: it can no longer be charged, so the job stops asking about it.
    await db.query(
      "update payments set next_check_at = created_at + make_interval(mins => $2) where id = $1",
      [payment.id, lateChargeMinutes],
    );
  }
  return settled.status;
}

/**
 * What came of one payment the reconciliation job checked: the state it was settled to (`pending`:
 * still open at the gateway), `gateway-unavailable`, `refund-confirmed` / `refund-failed` for a
 * charge being given back, `error` when settling it threw, or `interrupted` when the instance's stop
 * cut its gateway call short.
 */
export type ReconcileOutcome =
  | Lowercase<PaymentStatus>
  | "gateway-unavailable"
  | "refund-confirmed"
  | "refund-failed"
  | "error"
  | "interrupted";

/**
 * The longest a check of one payment at `gateway` may take: its longest run of calls, each bounded
 * by the time-out (`openingMs`), and a margin.
 */
export function gatewayCallSeconds(gateway: Pick<PaymentGateway, "openingMs">): number {
  return Math.ceil(gateway.openingMs / 1000) + 5;
}

/**
 * Holds a claimed payment for its check: its next check moves past the longest the check may take
 * (the round's claim, `ageSeconds`, may run out while the payments before it are checked). False
 * when another instance has claimed it since (`check_attempts` changed): that one checks it.
 */
async function holdCheck(db: Queryable, payment: PaymentRow, seconds: number): Promise<boolean> {
  const held = await db.query(
    `update payments set next_check_at = greatest(next_check_at, now() + make_interval(secs => $3))
      where id = $1 and check_attempts = $2
      returning id`,
    [payment.id, payment.check_attempts, seconds],
  );
  return held.length > 0;
}

/**
 * Gives back the claims of payments a round has not checked (the instance is stopping): due at once
 * again, the claim's check not counted, so that another instance checks them without waiting for
 * `ageSeconds`. Only payments still under this claim (`check_attempts` unchanged).
 */
async function releaseChecks(db: Queryable, payments: PaymentRow[]): Promise<void> {
  if (payments.length === 0) return;
  await db.query(
    `update payments p set next_check_at = now(), check_attempts = p.check_attempts - 1
       from unnest($1::text[], $2::int[]) as r(id, attempts)
      where p.id = r.id and p.check_attempts = r.attempts`,
    [payments.map((payment) => payment.id), payments.map((payment) => payment.check_attempts)],
  );
}

/**
 * Waits for one payment's check, or until `abort` fires (the instance is stopping): then the check is
 * left behind unrecorded, as if the process had died there, and the payment is checked again once
 * its claim runs out. Settling is safe to repeat: it reads the gateway's record under the order's
 * and the payment's locks, and a refund is idempotent at the gateway.
 */
const interruptible = <T>(work: Promise<T>, abort: AbortSignal | undefined) =>
  unlessAborted(work, abort, () => "interrupted" as const);

/**
 * One round of the reconciliation job: claims payments pending longer than `ageSeconds`, payments
 * closed here while the gateway could still charge them (`lateChargeMinutes`: a late charge whose
 * notification is lost is otherwise never credited nor refunded), and refunds not yet confirmed,
 * with FOR UPDATE SKIP LOCKED, moving their next check forward — so several instances share the work
 * without holding a lock over the gateway calls — then settles each from the gateway's record. Once
 * `stopping` fires it finishes the payment in flight only (stops waiting for it once `abort` fires)
 * and gives the others back.
 */
export async function reconcile(
  db: Database,
  options: {
    ageSeconds: number;
    gateways: GatewayLookup;
    log: FastifyBaseLogger;
    limit?: number;
    outbox?: OutboxWriter | null | undefined;
    stopping?: AbortSignal | undefined;
    abort?: AbortSignal | undefined;
  },
): Promise<{ checked: number; outcomes: ReconcileOutcome[] }> {
  const claimed = await db.transaction((tx) =>
    tx.query<PaymentRow>(
      `update payments p set next_check_at = now() + make_interval(secs => $1), check_attempts = p.check_attempts + 1
        where p.id in (
          select id from payments
           where next_check_at <= now()
             and ((status = 'PENDING' and created_at <= now() - make_interval(secs => $1))
                  or (status = any($3) and created_at > now() - make_interval(mins => $4))
                  or (status = 'REFUNDED' and refunded_at is null and refund_given_up_at is null))
           order by next_check_at
           limit $2
           for update skip locked)
        returning p.*`,
      [options.ageSeconds, options.limit ?? 20, closedStatuses, lateChargeMinutes],
    ),
  );
  const settleOptions = {
    source: "reconcile",
    gateways: options.gateways,
    log: options.log,
    outbox: options.outbox,
  };
  const outcomes: ReconcileOutcome[] = [];
  for (const [index, payment] of claimed.entries()) {
    if (options.stopping?.aborted) {
      await releaseChecks(db, claimed.slice(index));
      return { checked: index, outcomes };
    }
    try {
      const seconds = Math.max(options.ageSeconds, gatewayCallSeconds(options.gateways(payment.gateway)));
      if (!(await holdCheck(db, payment, seconds))) continue;
      if (payment.status === "REFUNDED") {
        const confirmed = await interruptible(refundPayment(db, payment.id, settleOptions), options.abort);
        outcomes.push(
          confirmed === "interrupted" ? confirmed : confirmed ? "refund-confirmed" : "refund-failed",
        );
      } else {
        const status = await interruptible(settleFromGateway(db, payment, settleOptions), options.abort);
        outcomes.push(
          status === "interrupted"
            ? status
            : status === "unanswered"
              ? "gateway-unavailable"
              : toOutcome(status),
        );
      }
    } catch (error) {
      outcomes.push("error");
      options.log.warn(
        { paymentId: payment.id, error: String(error) },
        "reconciliation could not settle a payment",
      );
    }
  }
  // Kept a day past their use: answers to repeats (keys), and nothing once expired (access tokens).
  await db.query("delete from idempotency_keys where created_at < now() - interval '1 day'");
  await db.query("delete from payment_access_tokens where expires_at < now() - interval '1 day'");
  return { checked: claimed.length, outcomes };
}

const toOutcome = (status: PaymentStatus) => status.toLowerCase() as Lowercase<PaymentStatus>;

/**
 * Runs `reconcile` every `intervalSeconds` in this instance until the returned stop is called;
 * counts what came of each payment it checked, and rounds that failed as a whole (`round-failed`).
 * The stop lets the round in flight finish its current payment only (until `abort` fires) and give
 * the rest back.
 */
export function startReconciliation(
  db: Database,
  options: {
    ageSeconds: number;
    intervalSeconds: number;
    gateways: GatewayLookup;
    log: FastifyBaseLogger;
    metrics: Pick<Metrics, "reconciliations">;
    outbox?: OutboxWriter | null | undefined;
  },
): (abort?: AbortSignal) => Promise<void> {
  let running: Promise<unknown> | undefined;
  const signals = jobSignals(() => running);
  const tick = () => {
    if (running || signals.stopping.aborted) return;
    running = reconcile(db, { ...options, stopping: signals.stopping, abort: signals.abort })
      .then(({ outcomes }) => {
        for (const outcome of outcomes) options.metrics.reconciliations.inc({ outcome });
      })
      .catch((error: unknown) => {
        options.metrics.reconciliations.inc({ outcome: "round-failed" });
        options.log.warn({ error: String(error) }, "reconciliation round failed");
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalSeconds * 1000);
  timer.unref();
  return async (abort) => {
    clearInterval(timer);
    await signals.stop(abort);
  };
}

/** Short-lived tokens of the non-interface flow. */
export const paymentTokenSeconds = 15 * 60;
