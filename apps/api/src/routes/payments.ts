import { calls } from "@paxelbox/contract";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";
import { notFound, notImplemented } from "../http/errors.ts";
import { mountCall } from "../http/route.ts";
import { assertOrderAccess } from "../plugins/auth.ts";
import { findOrderByExpressNumber, getOrder } from "../repositories/orders.ts";

/**
 * Payment calls: routes, validation and authorisation are in place; the gateway adapters
 * (sandbox and bank interface) arrive with the payments work and answer 501 until then.
 */
export function paymentRoutes(app: FastifyInstance, db: Database): void {
  mountCall(app, calls.bankInterfacePayment, async ({ body, principal }) => {
    const order = await findOrderByExpressNumber(db, body.partnerReferenceNo);
    if (!order) throw notFound(`Order ${body.partnerReferenceNo} was not found.`);
    assertOrderAccess(principal, { id: order.id, memberId: order.member_id });
    throw notImplemented();
  });

  mountCall(app, calls.paymentToken, async () => {
    throw notImplemented();
  });

  mountCall(app, calls.lockerOrderPayment, async () => {
    throw notImplemented();
  });

  mountCall(app, calls.createDropoffPayment, async () => {
    throw notImplemented();
  });

  mountCall(app, calls.snapDropoffPayment, async ({ body, principal }) => {
    const order = await getOrder(db, body.order_id);
    assertOrderAccess(principal, { id: order.id, memberId: order.member_id });
    throw notImplemented();
  });
}
