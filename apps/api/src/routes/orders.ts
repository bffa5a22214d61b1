import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import { issueCode } from "../domain/access-codes.ts";
import { calculateRentOverdue, isRentOverdue } from "../domain/overdue.ts";
import { conflict, notFound } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";
import { assertOrderAccess, type Principal } from "../plugins/auth.ts";
import {
  findOrderByExpressNumber,
  findOrderView,
  getOrder,
  type OrderRecord,
  toOrderView,
} from "../repositories/orders.ts";

/** Minutes a temporary (open-door) QR stays valid. */
const temporaryQrMinutes = 5;
const overdueQrMinutes = 15;

async function ownedOrder(db: Database, principal: Principal, id: number): Promise<OrderRecord> {
  const order = await getOrder(db, id);
  assertOrderAccess(principal, { id: order.id, memberId: order.member_id });
  return order;
}

function requireRent(order: OrderRecord): void {
  if (order.kind !== "rent") throw notFound("rentNotFound", { id: order.id });
}

const rentClock = (order: OrderRecord) => ({
  deadline: order.deadline,
  expiredFlag: order.expired_flag,
  feePerHour: order.overdue_unit_price,
});

export function orderRoutes(app: FastifyInstance, db: Database): void {
  // Polled every 5 s by the rent screens: an unchanged order costs a 304 with no body.
  mountCall(
    app,
    calls.orderDetail,
    async ({ params, principal, reply }) => {
      const order = await findOrderView(db, params.orderid);
      if (!order) throw notFound("orderNotFound", { id: params.orderid });
      assertOrderAccess(principal, { id: order.id, memberId: order.member_id });
      reply.header("cache-control", "private, no-cache");
      return toOrderView(order);
    },
    { etag: true },
  );

  mountCall(app, calls.overdueCalculation, async ({ params, principal }) => {
    const order = await ownedOrder(db, principal, params.orderid);
    requireRent(order);
    return calculateRentOverdue(rentClock(order), Date.now());
  });

  mountCall(app, calls.temporaryQr, async ({ body, principal }) => {
    const found = await findOrderByExpressNumber(db, body.expressNumber);
    if (!found) throw notFound("orderNotFound", { id: body.expressNumber });
    assertOrderAccess(principal, { id: found.id, memberId: found.member_id });
    requireRent(found);
    if (found.status !== "IN_STORE") {
      throw conflict("doorOpensOnlyWithItemsInside");
    }
    if (isRentOverdue(rentClock(found), Date.now())) {
      throw conflict("rentTimeOver");
    }
    const issued = await issueCode(db, {
      purpose: "open",
      orderId: found.id,
      expiresAt: new Date(Date.now() + temporaryQrMinutes * 60_000),
    });
    return { temporaryQrcode: issued.code, expiresAt: issued.expiresAt?.getTime() ?? 0 };
  });

  mountCall(app, calls.overdueQr, async ({ body, principal, reply }) => {
    const order = await ownedOrder(db, principal, body.id);
    requireRent(order);
    if (order.status !== "IN_STORE") throw conflict("rentHasNoItems");
    const calculation = calculateRentOverdue(rentClock(order), Date.now());
    if (calculation.total_overdue_fee > 0) {
      throw conflict("payOverdueBeforeTaking");
    }
    const issued = await issueCode(db, {
      purpose: "overdue",
      orderId: order.id,
      expiresAt: new Date(Date.now() + overdueQrMinutes * 60_000),
    });
    // The spec's client reads the QR from `message`; `data.qrcode` carries the same text.
    return reply.send({ code: 200, message: issued.code, data: { qrcode: issued.code } });
  });

  const cancel = async (id: number, principal: Principal) => {
    return db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number; kind: string; status: string; member_id: number | null }>(
        "select id, kind, status, member_id from orders where id = $1 for update",
        [id],
      );
      if (!row) throw notFound("orderNotFound", { id });
      assertOrderAccess(principal, { id: row.id, memberId: row.member_id });
      if (row.kind !== "rent") throw notFound("rentNotFound", { id });
      if (row.status !== "IMPORTED") {
        throw conflict("rentNotCancellable");
      }
      await tx.query("update orders set status = 'CANCEL', updated_at = now() where id = $1", [id]);
      await tx.query("insert into order_logs (order_id, status) values ($1, 'CANCEL')", [id]);
      await tx.query("update access_codes set used_at = now() where order_id = $1 and used_at is null", [id]);
      return { id, status: "CANCEL" };
    });
  };

  mountCall(app, calls.cancelRent, async ({ body, principal }) => cancel(body.id, principal));
  mountCall(app, calls.cancelBooking, async ({ body, principal }) => cancel(body.id, principal));
}
