import type { Database } from "../db/database.ts";
import { issueCode } from "../domain/access-codes.ts";
import { calculateRentOverdue, dropoffOverdueFee, dropoffOverdueStatus } from "../domain/overdue.ts";
import { randomCode } from "../domain/tokens.ts";
import { badRequest, conflict, notFound } from "../http/errors.ts";
import type { PaymentGateway, PaymentNotice } from "./gateway.ts";

export type PaymentPurpose = "rent-overdue" | "dropoff-overdue";

/** Minutes a pending checkout is offered again before a fresh one is opened. */
const pendingReuseMinutes = 30;
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

interface PaymentRow {
  id: string;
  status: string;
  amount: number;
  checkout_url: string | null;
  reference_no: string | null;
  partner_reference_no: string;
  created_at: Date;
}

/** What is owed on an order right now, computed by the server (the client's amount is never used). */
function owed(order: OrderForPayment, purpose: PaymentPurpose, now: number) {
  if (purpose === "rent-overdue") {
    if (order.kind !== "rent") throw notFound(`Rent ${order.id} was not found.`);
    if (order.status !== "IN_STORE") throw conflict("This rent has no items in the locker.");
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
  if (order.kind !== "dropoff") throw notFound(`Drop-off order ${order.id} was not found.`);
  const clock = {
    status: order.status,
    deadline: order.deadline,
    linkExpiresAt: order.link_expires_at,
    feePerDay: order.overdue_unit_price,
  };
  const state = dropoffOverdueStatus(clock, now);
  if (state === "expired") throw conflict("This link has expired.");
  if (state !== "need_to_pay") throw conflict("This parcel has no overdue fee to pay.");
  const fee = dropoffOverdueFee(clock, now);
  return {
    amount: fee.total,
    units: fee.days,
    extendsTo: null,
    description: `Drop-off overdue fee, ${fee.days} day${fee.days === 1 ? "" : "s"}`,
  };
}

export interface CreatePaymentInput {
  orderId: number;
  purpose: PaymentPurpose;
  successUrl: string;
  failedUrl: string;
  cancelUrl: string;
  language: "id" | "en";
}

export interface PaymentContext {
  gateway: PaymentGateway;
  merchant: string;
  /** Origin this installation is reached at; return URLs must stay on it. */
  origin: string;
  notifyUrl: string;
}

/** Return URLs may only lead back to this site (no open redirect through the gateway). */
export function assertReturnUrl(url: string, origin: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest("Return URLs must be absolute http(s) URLs of this site.");
  }
  if (parsed.origin !== new URL(origin).origin) throw badRequest("Return URLs must point at this site.");
}

/**
 * Creates the payment of an order's current overdue, once: a second call for the same overdue
 * (double click, second tab, retry) returns the pending checkout; a paid overdue is refused.
 */
export async function createOverduePayment(
  db: Database,
  input: CreatePaymentInput,
  context: PaymentContext,
): Promise<{ checkoutUrl: string; referenceNo: string; partnerReferenceNo: string; amount: number }> {
  for (const url of [input.successUrl, input.failedUrl, input.cancelUrl])
    assertReturnUrl(url, context.origin);
  const now = Date.now();

  const payment = await db.transaction(async (tx) => {
    const [order] = await tx.query<OrderForPayment>(
      `select o.id, o.kind, o.status, o.express_number, o.deadline, o.expired_flag, o.overdue_unit_price,
              o.link_expires_at, b.name as box_name, m.number as mouth_number
         from orders o join mouths m on m.id = o.mouth_id join boxes b on b.id = m.box_id
        where o.id = $1 for update of o`,
      [input.orderId],
    );
    if (!order) throw notFound(`Order ${input.orderId} was not found.`);
    const due = owed(order, input.purpose, now);
    if (due.amount <= 0) throw conflict("There is no overdue fee to pay.");
    const overdueKey = `${input.purpose}:${order.id}:${order.deadline?.getTime() ?? 0}`;
    const [existing] = await tx.query<PaymentRow>(
      `select id, status, amount, checkout_url, reference_no, partner_reference_no, created_at
         from payments where overdue_key = $1 and status in ('PENDING', 'SUCCESS')`,
      [overdueKey],
    );
    if (existing?.status === "SUCCESS") throw conflict("This overdue fee has already been paid.");
    if (existing) {
      const fresh = now - existing.created_at.getTime() < pendingReuseMinutes * 60_000;
      if (fresh && existing.amount === due.amount) return { ...existing, description: due.description };
      await tx.query("update payments set status = 'EXPIRED', updated_at = now() where id = $1", [
        existing.id,
      ]);
    }
    const id = `PAY${randomCode(17)}`;
    const [created] = await tx.query<PaymentRow>(
      `insert into payments (id, order_id, purpose, gateway, overdue_key, amount, overdue_units, extends_to,
                             partner_reference_no, success_url, failed_url, cancel_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       returning id, status, amount, checkout_url, reference_no, partner_reference_no, created_at`,
      [
        id,
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
      ...(created as PaymentRow),
      description: `${due.description} · ${order.box_name}, door ${order.mouth_number}`,
    };
  });

  if (payment.checkout_url && payment.reference_no) {
    return {
      checkoutUrl: payment.checkout_url,
      referenceNo: payment.reference_no,
      partnerReferenceNo: payment.partner_reference_no,
      amount: payment.amount,
    };
  }
  // Outside the transaction: the gateway may be this very server. Its idempotency key is our payment
  // id, so two concurrent first calls still open one checkout.
  const checkout = await context.gateway.createCheckout({
    externalId: payment.id,
    partnerReferenceNo: payment.partner_reference_no,
    amount: payment.amount,
    merchant: context.merchant,
    description: payment.description,
    successUrl: input.successUrl,
    failedUrl: input.failedUrl,
    cancelUrl: input.cancelUrl,
    notifyUrl: context.notifyUrl,
    language: input.language,
  });
  await db.query(
    "update payments set checkout_url = $2, reference_no = $3, updated_at = now() where id = $1",
    [payment.id, checkout.checkoutUrl, checkout.referenceNo],
  );
  return {
    checkoutUrl: checkout.checkoutUrl,
    referenceNo: checkout.referenceNo,
    partnerReferenceNo: payment.partner_reference_no,
    amount: payment.amount,
  };
}

/**
 * Applies a verified gateway notification once. A repeated event is acknowledged and ignored; a
 * payment already settled is not settled again, so paying twice extends (or releases) once.
 */
export async function applyNotice(
  db: Database,
  notice: PaymentNotice,
): Promise<{ duplicate: boolean; status: string }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.query<{
      id: string;
      order_id: number;
      purpose: PaymentPurpose;
      status: string;
      amount: number;
      extends_to: Date | null;
    }>(
      "select id, order_id, purpose, status, amount, extends_to from payments where reference_no = $1 for update",
      [notice.referenceNo],
    );
    if (!payment) throw notFound("No payment has this reference.");
    const [recorded] = await tx.query(
      `insert into payment_notifications (event_id, payment_id, status) values ($1, $2, $3)
       on conflict (event_id) do nothing returning event_id`,
      [notice.eventId, payment.id, notice.status],
    );
    if (!recorded) return { duplicate: true, status: payment.status };
    if (notice.amount !== payment.amount) throw badRequest("The notified amount does not match the payment.");
    if (payment.status !== "PENDING") return { duplicate: true, status: payment.status };

    await tx.query(
      `update payments set status = $2, updated_at = now(), paid_at = case when $2 = 'SUCCESS' then now() else null end
        where id = $1`,
      [payment.id, notice.status],
    );
    if (notice.status !== "SUCCESS") return { duplicate: false, status: notice.status };

    if (payment.purpose === "rent-overdue") {
      await tx.query(
        "update orders set deadline = $2, expired_flag = false, updated_at = now() where id = $1",
        [payment.order_id, payment.extends_to],
      );
    } else {
      const until = new Date(Date.now() + paidPickupHours * 3_600_000);
      await tx.query("update orders set deadline = $2, updated_at = now() where id = $1", [
        payment.order_id,
        until,
      ]);
      await tx.query(
        "update access_codes set used_at = now() where order_id = $1 and purpose = 'take' and used_at is null",
        [payment.order_id],
      );
      await issueCode(tx, { purpose: "pickup", orderId: payment.order_id, expiresAt: until });
    }
    return { duplicate: false, status: "SUCCESS" };
  });
}

/** Short-lived tokens of the non-interface flow. */
export const paymentTokenSeconds = 15 * 60;
