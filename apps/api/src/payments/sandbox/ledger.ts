import type { Database, Queryable } from "../../db/database.ts";
import { randomCode } from "../../domain/tokens.ts";
import { notFound } from "../../http/errors.ts";
import { crashPoint } from "../crash-points.ts";
import { type CheckoutRequest, checkoutLifetimeMinutes } from "../gateway.ts";

/**
 * The sandbox "bank": its own ledger of checkouts, separate from the API's payments, and its outbox
 * of notifications. What happens here is what a real gateway records: a charge is final once written.
 */
export interface SandboxTransaction {
  reference_no: string;
  /** The merchant's key of the transaction (Midtrans `order_id`, SNAP `partnerReferenceNo`). */
  external_id: string;
  /** The order number shown on the checkout page. */
  partner_reference_no: string;
  merchant: string;
  description: string;
  amount: number;
  currency: string;
  status: "PENDING" | "SUCCESS" | "FAILED" | "CANCELLED" | "EXPIRED";
  return_url: string;
  failed_url: string;
  cancel_url: string;
  notify_url: string;
  protocol: "midtrans" | "snap";
  charged_count: number;
  refunded_amount: number;
  created_at: Date;
  /** SNAP's `validUpTo`: after it the checkout cannot be paid (null: none given; migration 0014). */
  valid_up_to: Date | null;
  finished_at: Date | null;
  notified_at: Date | null;
}

/** What the sandbox records of a checkout request (the gateway-side half of CheckoutRequest). */
export type OpenRequest = Pick<
  CheckoutRequest,
  | "externalId"
  | "orderNumber"
  | "amount"
  | "merchant"
  | "description"
  | "successUrl"
  | "failedUrl"
  | "cancelUrl"
  | "notifyUrl"
> & {
  /** The end the merchant gave the checkout (SNAP `validUpTo`). */
  validUpTo?: Date | null | undefined;
};

export type SandboxAction = "pay" | "fail" | "cancel";
const outcome = { pay: "SUCCESS", fail: "FAILED", cancel: "CANCELLED" } as const;

/**
 * Opens a checkout under the merchant's key. Answers null when that key is already used: both
 * protocols refuse a second transaction under one key.
 */
export async function openTransaction(
  db: Queryable,
  request: OpenRequest,
  protocol: SandboxTransaction["protocol"],
): Promise<SandboxTransaction | null> {
  const referenceNo = `SBX${randomCode(13)}`;
  const [row] = await db.query<SandboxTransaction>(
    `insert into sandbox_transactions
       (reference_no, external_id, partner_reference_no, merchant, description, amount, return_url, failed_url,
        cancel_url, notify_url, protocol, valid_up_to)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (external_id) do nothing
     returning *`,
    [
      referenceNo,
      request.externalId,
      request.orderNumber,
      request.merchant,
      request.description,
      request.amount,
      request.successUrl,
      request.failedUrl,
      request.cancelUrl,
      request.notifyUrl,
      protocol,
      request.validUpTo ?? null,
    ],
  );
  return row ?? null;
}

export async function findTransaction(db: Queryable, referenceNo: string): Promise<SandboxTransaction> {
  const [row] = await db.query<SandboxTransaction>(
    "select * from sandbox_transactions where reference_no = $1",
    [referenceNo],
  );
  if (!row) throw notFound("checkoutNotFound");
  return row;
}

export async function transactionByKey(
  db: Queryable,
  externalId: string,
  protocol: SandboxTransaction["protocol"],
): Promise<SandboxTransaction | null> {
  const [row] = await db.query<SandboxTransaction>(
    "select * from sandbox_transactions where external_id = $1 and protocol = $2",
    [externalId, protocol],
  );
  return row ?? null;
}

/**
 * A transaction by the merchant's key or by the gateway's own reference: Midtrans's Core API takes
 * either an order_id or a transaction_id, SNAP's original* fields either reference.
 */
export async function transactionByKeyOrReference(
  db: Queryable,
  key: string,
  protocol: SandboxTransaction["protocol"],
): Promise<SandboxTransaction | null> {
  return (
    (await transactionByKey(db, key, protocol)) ??
    (
      await db.query<SandboxTransaction>(
        "select * from sandbox_transactions where reference_no = $1 and protocol = $2",
        [key, protocol],
      )
    )[0] ??
    null
  );
}

/**
 * When a checkout stops being payable, or null when it has no end: a Midtrans checkout lives
 * `checkoutLifetimeMinutes` from its opening (the `expiry` this API's adapter sends; the sandbox
 * applies it to every Midtrans checkout); a SNAP transaction lives until the `validUpTo` it was
 * opened with, and without one this bank sets no end of its own.
 */
export function transactionEnd(transaction: SandboxTransaction): Date | null {
  if (transaction.protocol === "midtrans")
    return new Date(transaction.created_at.getTime() + checkoutLifetimeMinutes * 60_000);
  return transaction.valid_up_to;
}

/** A checkout still open past its end expires, as the gateway's would; any other is as it is. */
export async function expireIfDue(
  db: Database,
  transaction: SandboxTransaction,
): Promise<SandboxTransaction> {
  const end = transactionEnd(transaction);
  if (transaction.status !== "PENDING" || !end || Date.now() <= end.getTime()) return transaction;
  return expireTransaction(db, transaction.reference_no);
}

/**
 * Finishes a checkout once: the first Pay, Fail or Cancel decides; pressing again (or another
 * button) changes nothing and charges nothing. The charge and its notification are one write. A
 * checkout past its `validUpTo` is not finished here (`expireIfDue` closes it).
 */
export async function finishTransaction(
  db: Database,
  referenceNo: string,
  action: SandboxAction,
): Promise<SandboxTransaction> {
  const status = outcome[action];
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.query<SandboxTransaction>(
      `update sandbox_transactions
          set status = $2, finished_at = now(),
              charged_count = charged_count + (case when $2 = 'SUCCESS' then 1 else 0 end)
        where reference_no = $1 and status = 'PENDING' and (valid_up_to is null or valid_up_to >= now())
        returning *`,
      [referenceNo, status],
    );
    if (row) await enqueueNotification(tx, row.reference_no, status);
    return row;
  });
  if (updated?.status === "SUCCESS") crashPoint("after-charge");
  return updated ?? findTransaction(db, referenceNo);
}

/**
 * Closes an unpaid checkout (the merchant's expire or cancel call, or its lifetime running out) as
 * EXPIRED or CANCELLED; a finished one is left as it is.
 */
export async function expireTransaction(
  db: Database,
  referenceNo: string,
  status: "EXPIRED" | "CANCELLED" = "EXPIRED",
): Promise<SandboxTransaction> {
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.query<SandboxTransaction>(
      `update sandbox_transactions set status = $2, finished_at = now()
        where reference_no = $1 and status = 'PENDING' returning *`,
      [referenceNo, status],
    );
    if (row) await enqueueNotification(tx, row.reference_no, status);
    return row;
  });
  return updated ?? findTransaction(db, referenceNo);
}

/** Gives the whole charge back, once; a second refund of the same transaction changes nothing. */
export async function refundTransaction(db: Queryable, referenceNo: string): Promise<SandboxTransaction> {
  const [row] = await db.query<SandboxTransaction>(
    `update sandbox_transactions set refunded_amount = amount, refunded_at = now()
      where reference_no = $1 and status = 'SUCCESS' and refunded_amount = 0 returning *`,
    [referenceNo],
  );
  return row ?? findTransaction(db, referenceNo);
}

async function enqueueNotification(tx: Queryable, referenceNo: string, event: string): Promise<void> {
  await tx.query("insert into sandbox_notifications (reference_no, event) values ($1, $2)", [
    referenceNo,
    event,
  ]);
}

export interface OutboxEntry {
  id: number;
  reference_no: string;
  event: string;
  attempts: number;
}

/**
 * Claims due notifications for delivery, with backoff: 1, 2, 4, 8, 16, then every 30 s until the
 * API answers 2xx. The claim moves the next attempt forward (a lease), so another instance skips
 * them; a process that dies mid-delivery leaves them due again after it.
 */
export async function claimDueNotifications(
  db: Database,
  options: { limit?: number; referenceNo?: string } = {},
): Promise<OutboxEntry[]> {
  return db.transaction((tx) =>
    tx.query<OutboxEntry>(
      `update sandbox_notifications n
          set attempts = n.attempts + 1,
              next_attempt_at = now() + make_interval(secs => least(power(2, n.attempts), 30))
        where n.id in (
          select id from sandbox_notifications
           where delivered_at is null and next_attempt_at <= now()
             and ($2::text is null or reference_no = $2)
           order by id
           limit $1
           for update skip locked)
        returning n.id, n.reference_no, n.event, n.attempts`,
      [options.limit ?? 20, options.referenceNo ?? null],
    ),
  );
}

export async function markDelivered(db: Queryable, entry: OutboxEntry): Promise<void> {
  await db.query("update sandbox_notifications set delivered_at = now(), last_error = null where id = $1", [
    entry.id,
  ]);
  await db.query("update sandbox_transactions set notified_at = now() where reference_no = $1", [
    entry.reference_no,
  ]);
}

export async function markFailed(db: Queryable, entry: OutboxEntry, error: string): Promise<void> {
  await db.query("update sandbox_notifications set last_error = $2 where id = $1", [
    entry.id,
    error.slice(0, 500),
  ]);
}
