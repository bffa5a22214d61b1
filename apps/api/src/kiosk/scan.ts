import type { KioskScanResult } from "@paxelbox/contract";
import { type Database, isUniqueViolation, type Queryable } from "../db/database.ts";
import { issueCode } from "../domain/access-codes.ts";
import { calculateRentOverdue, dayMs, dropoffOverdueStatus, isRentOverdue } from "../domain/overdue.ts";
import { hashToken, randomCode, randomSecret } from "../domain/tokens.ts";
import { conflict, gone, HttpError, notFound } from "../http/errors.ts";
import type { OutboxWriter } from "../notifications/outbox.ts";
import type { Metrics } from "../plugins/metrics.ts";
import { findFreeMouth, getOrder, insertOrder, type OrderRecord, rentClock } from "../repositories/orders.ts";

/** Days a drop-off parcel may stay for free, and days until its link expires (see ApiConfig.dropoff). */
export interface DropoffPolicy {
  freeDays: number;
  linkDays: number;
}

interface CodeRow {
  id: string;
  purpose: "store" | "take" | "open" | "overdue" | "dropoff-store" | "pickup";
  order_id: number | null;
  package_id: number | null;
  expires_at: Date | null;
  used_at: Date | null;
}

async function useCode(tx: Queryable, id: string): Promise<void> {
  await tx.query("update access_codes set used_at = now() where id = $1", [id]);
}

async function setStatus(
  tx: Queryable,
  orderId: number,
  status: string,
  column?: "store_time" | "take_time",
) {
  await tx.query(
    `update orders set status = $2, updated_at = now()${column ? `, ${column} = now()` : ""} where id = $1`,
    [orderId, status],
  );
  await tx.query("insert into order_logs (order_id, status) values ($1, $2)", [orderId, status]);
}

/** Ends an order at the locker: the door opened for the last time, every remaining code is void. */
async function endOrder(tx: Queryable, orderId: number): Promise<void> {
  await setStatus(tx, orderId, "CUSTOMER_TAKEN", "take_time");
  await tx.query("update access_codes set used_at = now() where order_id = $1 and used_at is null", [
    orderId,
  ]);
}

function result(order: OrderRecord, action: KioskScanResult["action"], status: string): KioskScanResult {
  return {
    action,
    boxId: order.box_id,
    doorNumber: order.mouth_number,
    orderId: order.id,
    orderStatus: status,
  };
}

const expressNumber = () => `PBD${new Date().toISOString().slice(2, 10).replaceAll("-", "")}${randomCode(6)}`;

/**
 * Whether a used code is a drop-off's pick-up code that a paid overdue fee replaced (`credit` voids
 * it and issues a new one) while the parcel is still inside: its holder never used it, and would
 * read "already used" as the parcel being gone. (A pick-up that used it ended the order.)
 */
async function replacedByPayment(tx: Queryable, code: CodeRow): Promise<boolean> {
  if (code.purpose !== "take" || code.order_id === null) return false;
  const [order] = await tx.query<{ kind: string; status: string }>(
    "select kind, status from orders where id = $1",
    [code.order_id],
  );
  return order?.kind === "dropoff" && order.status === "IN_STORE";
}

/**
 * What a locker does with a scanned QR text. Refusals are `{ code, message }` errors: unknown (404),
 * used or not allowed now (409), expired (410). Each scan is counted by its action, or as refused.
 */
export async function scan(
  db: Database,
  input: { code: string; boxId?: number | undefined },
  policy: DropoffPolicy,
  metrics: Pick<Metrics, "kioskScans">,
  outbox: OutboxWriter | null = null,
): Promise<KioskScanResult> {
  try {
    const outcome = await applyScan(db, input, policy, outbox);
    metrics.kioskScans.inc({ action: outcome.action, outcome: "accepted" });
    return outcome;
  } catch (error) {
    if (error instanceof HttpError) metrics.kioskScans.inc({ action: "none", outcome: "refused" });
    throw error;
  }
}

async function applyScan(
  db: Database,
  input: { code: string; boxId?: number | undefined },
  policy: DropoffPolicy,
  outbox: OutboxWriter | null,
): Promise<KioskScanResult> {
  return db.transaction(async (tx) => {
    const text = input.code.trim();
    // The order first, then its code: the locks a cancel or a payment takes, in their order (a scan
    // that took the code's first deadlocked with a cancel taking the order's). A code's order never
    // changes, so it is read before either lock.
    const [owner] = await tx.query<{ order_id: number | null }>(
      "select order_id from access_codes where code = $1",
      [text],
    );
    if (owner?.order_id) await tx.query("select 1 from orders where id = $1 for update", [owner.order_id]);
    const [code] = await tx.query<CodeRow>(
      "select id, purpose, order_id, package_id, expires_at, used_at from access_codes where code = $1 for update",
      [text],
    );
    if (!code) throw notFound("codeUnknown");
    if (code.used_at) {
      if (await replacedByPayment(tx, code)) throw conflict("codeReplaced");
      throw conflict("codeUsed");
    }
    if (code.expires_at && code.expires_at.getTime() <= Date.now()) throw gone("codeExpired");

    if (code.purpose === "dropoff-store") return storeDropoff(tx, code, input.boxId, policy, outbox);

    const order = await getOrder(tx, code.order_id ?? 0);
    if (input.boxId !== undefined && input.boxId !== order.box_id) {
      throw conflict("codeOfAnotherNamedLocker", { box: order.box_name });
    }
    const now = Date.now();
    switch (code.purpose) {
      case "store": {
        if (order.status !== "IMPORTED") throw conflict("rentNotWaitingForItems", { status: order.status });
        await setStatus(tx, order.id, "IN_STORE", "store_time");
        // The rent runs from the moment its items are stored: the store-by deadline gives way to
        // its end, its duration later (as the order's start and end times show it).
        await tx.query(
          `update orders set deadline = store_time + case rent_time_unit
             when 'day' then make_interval(days => rent_time) else make_interval(hours => rent_time) end
           where id = $1`,
          [order.id],
        );
        await useCode(tx, code.id);
        await issueCode(tx, { purpose: "take", orderId: order.id });
        return result(order, "store", "IN_STORE");
      }
      case "open": {
        if (order.status !== "IN_STORE") throw conflict("doorOpensOnlyWhileInside");
        // As when the code was asked for (`temporaryQr`): a rent that ran out while the code (valid
        // for minutes) was on its way is not opened for time nobody paid; its stop code takes the
        // items out once the fee is paid.
        if (isRentOverdue(rentClock(order), now)) throw conflict("rentTimeOver");
        const [row] = await tx.query<{ open_count: number }>(
          "update orders set open_count = open_count + 1, updated_at = now() where id = $1 returning open_count",
          [order.id],
        );
        await useCode(tx, code.id);
        return { ...result(order, "open", order.status), openCount: row?.open_count ?? 0 };
      }
      case "take":
      case "overdue":
      case "pickup": {
        if (order.status !== "IN_STORE") throw conflict("nothingToTakeOut", { status: order.status });
        if (order.kind === "rent") {
          // Every code of a rent, its stop code (`overdue`, asked for while nothing was due) as
          // much as its take code: a stop code lives 15 minutes, and a rent that runs out while
          // it is on its way is not ended for time nobody paid (as `open` above). A real locker's
          // firmware must check the same against the order before it opens the door.
          const fee = calculateRentOverdue(rentClock(order), now);
          if (fee.total_overdue_fee > 0) throw conflict("rentOverduePayInApp");
          await endOrder(tx, order.id);
          return result(order, "stop", "CUSTOMER_TAKEN");
        }
        const state = dropoffOverdueStatus(
          {
            status: order.status,
            deadline: order.deadline,
            linkExpiresAt: order.link_expires_at,
            feePerDay: order.overdue_unit_price,
          },
          now,
        );
        if (state === "expired") throw gone("pickupTimeEnded");
        if (state === "need_to_pay") throw conflict("parcelOverdue");
        await endOrder(tx, order.id);
        await outbox?.dropoffPickedUp(tx, { orderId: order.id });
        return result(order, "pickup", "CUSTOMER_TAKEN");
      }
    }
    throw conflict("codeNotForLocker");
  });
}

async function storeDropoff(
  tx: Queryable,
  code: CodeRow,
  boxId: number | undefined,
  policy: DropoffPolicy,
  outbox: OutboxWriter | null,
): Promise<KioskScanResult> {
  const [parcel] = await tx.query<{
    id: number;
    box_id: number;
    mouth_type: string;
    sender_name: string;
    recipient_name: string;
    recipient_phone: string;
  }>(
    "select id, box_id, mouth_type, sender_name, recipient_name, recipient_phone from dropoff_packages where id = $1",
    [code.package_id ?? 0],
  );
  if (!parcel) throw notFound("codeUnknown");
  if (boxId !== undefined && boxId !== parcel.box_id) throw conflict("codeOfAnotherLocker");
  const door = await findFreeMouth(tx, parcel.mouth_type, parcel.box_id);
  if (!door) throw conflict("noFreeDoor", { size: parcel.mouth_type });
  const [size] = await tx.query<{ price: number }>(
    "select dropoff_overdue_price_per_day as price from mouth_types where name = $1",
    [parcel.mouth_type],
  );
  const token = randomSecret();
  const now = Date.now();
  const orderId = await oneOrderPerDoor(
    insertOrder(tx, {
      kind: "dropoff",
      status: "IN_STORE",
      mouthId: door.mouthId,
      expressNumber: expressNumber(),
      senderName: parcel.sender_name,
      recipientName: parcel.recipient_name,
      recipientPhone: parcel.recipient_phone,
      linkTokenHash: hashToken(token),
      overdueUnitPrice: size?.price ?? 0,
      createdAt: new Date(now),
      storeTime: new Date(now),
      deadline: new Date(now + policy.freeDays * dayMs),
      linkExpiresAt: new Date(now + policy.linkDays * dayMs),
      logs: [{ status: "IN_STORE", at: new Date(now) }],
    }),
    parcel.mouth_type,
  );
  // The recipient's message is written in this transaction: it exists if and only if the parcel is
  // stored (the outbox, ADR 038).
  await outbox?.dropoffStored(tx, { orderId, token });
  await tx.query("update dropoff_packages set order_id = $2 where id = $1", [parcel.id, orderId]);
  await useCode(tx, code.id);
  await issueCode(tx, { purpose: "take", orderId });
  const order = await getOrder(tx, orderId);
  return {
    ...result(order, "dropoff-store", "IN_STORE"),
    recipientLink: `/order?orderid=${orderId}&token=${token}`,
  };
}

/**
 * A door holds one order at a time (`orders_one_active_per_mouth`): the door `findFreeMouth` locked
 * is free, and a parcel stored into it at the same moment from elsewhere is refused as a full locker.
 */
async function oneOrderPerDoor(insert: Promise<number>, size: string): Promise<number> {
  try {
    return await insert;
  } catch (error) {
    if (isUniqueViolation(error, "orders_one_active_per_mouth")) throw conflict("noFreeDoor", { size });
    throw error;
  }
}

/** Moves an order's clock forward: every time of the order, its history and its codes moves into the past. */
export async function advance(db: Database, orderId: number, minutes: number): Promise<void> {
  await db.transaction(async (tx) => {
    const shift = `interval '1 minute' * $2`;
    const [order] = await tx.query(
      `update orders set created_at = created_at - ${shift}, store_time = store_time - ${shift},
              take_time = take_time - ${shift}, deadline = deadline - ${shift},
              link_expires_at = link_expires_at - ${shift}, paid_at = paid_at - ${shift}
        where id = $1 returning id`,
      [orderId, minutes],
    );
    if (!order) throw notFound("orderNotFound", { id: orderId });
    await tx.query(`update order_logs set created_at = created_at - ${shift} where order_id = $1`, [
      orderId,
      minutes,
    ]);
    await tx.query(
      `update access_codes set created_at = created_at - ${shift}, expires_at = expires_at - ${shift} where order_id = $1`,
      [orderId, minutes],
    );
  });
}
