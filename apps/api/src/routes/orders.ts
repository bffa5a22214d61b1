import { hash } from "node:crypto";
import { calls, toColonPath } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import { ChangeCache, changedTag } from "../db/change-cache.ts";
import type { Database } from "../db/database.ts";
import { issueCode } from "../domain/access-codes.ts";
import { calculateRentOverdue, isRentOverdue } from "../domain/overdue.ts";
import { conflict, HttpError, notFound } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";
import {
  assertOrderAccess,
  bearerToken,
  currentHolder,
  mayAccessOrder,
  type Principal,
  requirePrincipal,
} from "../plugins/auth.ts";
import { trackEventStream } from "../plugins/metrics.ts";
import { setSecurityHeaders } from "../plugins/security.ts";
import {
  findOrderByExpressNumber,
  findOrderView,
  getOrder,
  type OrderRecord,
  orderViewChangesAt,
  rentClock,
  toOrderView,
} from "../repositories/orders.ts";

/** Minutes a temporary (open-door) QR stays valid. */
const temporaryQrMinutes = 5;
const overdueQrMinutes = 15;

async function ownedOrder(db: Database, principal: Principal, id: number): Promise<OrderRecord> {
  const order = await getOrder(db, id);
  assertOrderAccess(principal, { id: order.id, memberId: order.member_id }, () =>
    notFound("orderNotFound", { id }),
  );
  return order;
}

function requireRent(order: OrderRecord): void {
  if (order.kind !== "rent") throw notFound("rentNotFound", { id: order.id });
}

/** The order detail's answer as sent, with what its authorisation needs. */
interface OrderAnswer {
  orderId: number;
  memberId: number | null;
  /** `{ code: 200, data }`, validated with the contract and serialised. */
  json: string;
  etag: string;
  /** The answer changes by itself at this time (a code expires, an overdue day starts). */
  changesAt: number;
}

/** However long nothing changes, an answer is built afresh at least this often. */
const answerMaxAgeMs = 60_000;

async function loadOrderAnswer(db: Database, id: number): Promise<OrderAnswer | null> {
  const order = await findOrderView(db, id);
  if (!order) return null;
  const now = Date.now();
  const json = JSON.stringify({ code: 200, data: calls.orderDetail.response.parse(toOrderView(order, now)) });
  return {
    orderId: order.id,
    memberId: order.member_id,
    json,
    etag: `"${hash("sha1", json, "base64url")}"`,
    changesAt: Math.min(orderViewChangesAt(order, now), now + answerMaxAgeMs),
  };
}

/** Without a notification, an open stream checks its caller and its answer this often (codes and links expire). */
const streamRecheckMs = 5_000;
/** How long a client waits before it opens a stream again after this instance ended it. */
const streamRetryMs = 1_000;
/**
 * Streams one token keeps open on an instance for one order at once: a few screens (two phones, a
 * tab left open, a connection dead on the way that the server has not noticed yet). The newest
 * opens, the oldest ends: a holder's reconnect always gets through, and a token opening streams in
 * a loop holds this many per order it may read (as many per instance behind the balancer; its
 * calls are rate-limited too).
 */
const streamsPerTokenAndOrder = 4;
/** The retry hint of a stream ended for a newer one of its token: its screen polls meanwhile. */
const displacedRetryMs = 60_000;

interface OpenStream {
  orderId: number;
  /** The caller's bearer token. */
  token: string;
  /** Ended by this instance (its close may still be on its way). */
  readonly ended: boolean;
  /** Checks the caller again and sends the order's answer if it changed; ends the stream if the caller lost access. */
  refresh(): void;
  /** Ends the stream, telling the client when to open it again (by default soon). */
  end(retryMs?: number): void;
}

/**
 * The order detail pushed as it changes (Server-Sent Events, ADR 020): each notification about an
 * order refreshes its open streams from the same kept answers as the poll. While the instance does
 * not hear the notifications it opens no stream (503 with Retry-After: the screen polls).
 */
function orderEventRoutes(
  app: FastifyInstance,
  db: Database,
  answerOf: (orderId: number) => Promise<OrderAnswer | null>,
): void {
  const open = new Set<OpenStream>();
  const byOrder = new Map<number, Set<OpenStream>>();
  const unsubscribe = db.subscribe({
    notified(payload) {
      const tag = changedTag(payload);
      if (!tag) return;
      // Once every subscriber, the kept answers first, has taken the notification in.
      setImmediate(() => {
        const streams = tag.startsWith("order:") ? byOrder.get(Number(tag.slice(6))) : open;
        for (const stream of streams ?? []) stream.refresh();
      });
    },
    reset() {
      setImmediate(() => {
        for (const stream of open) db.listening() ? stream.refresh() : stream.end();
      });
    },
  });
  app.addHook("onClose", async () => unsubscribe());

  app.get(
    toColonPath(calls.orderEvents.path),
    {
      schema: { params: calls.orderEvents.params },
      sse: { kind: "only", serializer: String },
    },
    async (request, reply) => {
      const principal = await requirePrincipal(request);
      const token = bearerToken(request) as string;
      const { orderid } = request.params as { orderid: number };
      if (!db.listening() || app.shutdown.begun) {
        reply.header("retry-after", "5");
        throw new HttpError(503, "eventsUnavailable");
      }
      const first = await answerOf(orderid);
      const missing = () => notFound("orderNotFound", { id: orderid });
      if (!first) throw missing();
      assertOrderAccess(principal, { id: first.orderId, memberId: first.memberId }, missing);

      reply.header("cache-control", "no-store");
      setSecurityHeaders(reply);
      reply.sse.keepAlive();
      trackEventStream(app.metrics, request);
      let sent = "";
      let ended = false;
      const send = async (answer: OrderAnswer) => {
        if (ended || answer.etag === sent) return;
        sent = answer.etag;
        await reply.sse.send({ id: answer.etag, event: "order", data: answer.json });
      };
      const stream: OpenStream = {
        orderId: orderid,
        token,
        get ended() {
          return ended;
        },
        refresh() {
          void (async () => {
            const holder = await currentHolder(app.tokenHolders, db, token);
            const answer = await answerOf(orderid);
            const allowed =
              holder !== null &&
              holder.kind !== "expired-link" &&
              answer !== null &&
              mayAccessOrder(holder, { id: answer.orderId, memberId: answer.memberId });
            if (!allowed) return stream.end();
            await send(answer);
          })().catch(() => stream.end());
        },
        end(retryMs = streamRetryMs) {
          if (ended) return;
          ended = true;
          // A message of a `retry` field alone: the plugin writes no `data` line for undefined data.
          void reply.sse
            .send({ data: undefined, retry: retryMs })
            .catch(() => undefined)
            .finally(() => reply.sse.close());
        },
      };
      const streams = byOrder.get(orderid) ?? new Set();
      byOrder.set(orderid, streams);
      streams.add(stream);
      open.add(stream);
      // The token's oldest streams of this order make way (a Set keeps them in the order they opened).
      const mine = [...streams].filter((other) => other.token === token && !other.ended);
      for (const oldest of mine.slice(0, -streamsPerTokenAndOrder)) oldest.end(displacedRetryMs);
      const recheck = setInterval(stream.refresh, streamRecheckMs);
      const unregister = app.shutdown.endOnShutdown(stream.end);
      reply.sse.onClose(() => {
        ended = true;
        clearInterval(recheck);
        unregister();
        open.delete(stream);
        streams.delete(stream);
        if (streams.size === 0) byOrder.delete(orderid);
      });
      await send(first);
    },
  );
}

export function orderRoutes(app: FastifyInstance, db: Database): void {
  // Polled every 5 s by every open rent screen: the answer is kept in memory until a notification
  // says the order changed (ADR 020), so an unchanged order costs no database call at all; its
  // owner is checked on every answer all the same.
  const answers = new ChangeCache<number, OrderAnswer>(db, {
    max: 20_000,
    tagsOf: (answer) => [`order:${answer.orderId}`, "catalog"],
    expiresAt: (answer) => answer.changesAt,
  });
  app.addHook("onClose", async () => answers.close());
  const answerOf = (orderId: number) => answers.getOrLoad(orderId, () => loadOrderAnswer(db, orderId));
  mountCall(app, calls.orderDetail, async ({ params, principal, request, reply }) => {
    const answer = await answerOf(params.orderid);
    const missing = () => notFound("orderNotFound", { id: params.orderid });
    if (!answer) throw missing();
    assertOrderAccess(principal, { id: answer.orderId, memberId: answer.memberId }, missing);
    reply.header("cache-control", "private, no-cache").header("etag", answer.etag);
    if (request.headers["if-none-match"] === answer.etag) return reply.status(304).send();
    return reply.type("application/json; charset=utf-8").send(answer.json);
  });
  orderEventRoutes(app, db, answerOf);

  mountCall(app, calls.overdueCalculation, async ({ params, principal }) => {
    const order = await ownedOrder(db, principal, params.orderid);
    requireRent(order);
    return calculateRentOverdue(rentClock(order), Date.now());
  });

  mountCall(app, calls.temporaryQr, async ({ body, principal }) => {
    const found = await findOrderByExpressNumber(db, body.expressNumber);
    const missing = () => notFound("orderNotFound", { id: body.expressNumber });
    if (!found) throw missing();
    assertOrderAccess(principal, { id: found.id, memberId: found.member_id }, missing);
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
    return reply.send({
      code: 200,
      message: issued.code,
      data: { qrcode: issued.code, expiresAt: issued.expiresAt?.getTime() ?? 0 },
    });
  });

  const cancel = async (id: number, principal: Principal) => {
    return db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number; kind: string; status: string; member_id: number | null }>(
        "select id, kind, status, member_id from orders where id = $1 for update",
        [id],
      );
      const missing = () => notFound("orderNotFound", { id });
      if (!row) throw missing();
      assertOrderAccess(principal, { id: row.id, memberId: row.member_id }, missing);
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
