import { calls } from "@paxelbox/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { hashToken, randomSecret } from "../domain/tokens.ts";
import { badRequest, notFound, unauthorized } from "../http/errors.ts";
import { keepRawJsonBody, rawBody } from "../http/raw-body.ts";
import { mountCall } from "../http/route.ts";
import type { PaymentGateway, PaymentNotice } from "../payments/gateway.ts";
import { sandboxGateway } from "../payments/sandbox-gateway.ts";
import {
  applyNotice,
  createOverduePayment,
  type PaymentPurpose,
  paymentTokenSeconds,
} from "../payments/service.ts";
import { sameSignature, signBody, snapSignature } from "../payments/signature.ts";
import { snapGateway } from "../payments/snap-gateway.ts";
import { assertOrderAccess, type Principal } from "../plugins/auth.ts";
import { findOrder, findOrderByExpressNumber } from "../repositories/orders.ts";

/** Origin of this installation as the browser reaches it. */
export function siteOrigin(config: ApiConfig, request: FastifyRequest): string {
  return config.publicBaseUrl
    ? new URL(config.publicBaseUrl).origin
    : `${request.protocol}://${request.host}`;
}

/** A payment access token proves who pays, not who they are: it carries no member data. */
const tokenUser = {
  email: "",
  first_name: "",
  last_name: "",
  member_code: "",
  phone: "",
  language: "id",
} as const;

const snapStatus = { "00": "SUCCESS", "05": "CANCELLED", "06": "FAILED" } as const;

/**
 * The payment calls of spec §7. Which gateway serves a screen follows the settings flags
 * (snap_bi_paxelbox, snap_bi_dropoff): the bank-interface calls use the SNAP adapter, the others the
 * sandbox. A payment becomes paid only through a signed notification.
 */
export function paymentRoutes(app: FastifyInstance, db: Database, config: ApiConfig): void {
  const gatewayFor = (kind: "sandbox" | "snap", origin: string): PaymentGateway =>
    kind === "snap"
      ? snapGateway({
          baseUrl: config.payments.snapBaseUrl ?? `${origin}/demo/snap`,
          partnerId: config.payments.snapPartnerId,
          clientSecret: config.payments.snapClientSecret,
          channelId: config.payments.snapChannelId,
        })
      : sandboxGateway(db, origin);

  const pay = async (
    request: FastifyRequest,
    kind: "sandbox" | "snap",
    input: {
      orderId: number;
      purpose: PaymentPurpose;
      successUrl: string;
      failedUrl: string;
      cancelUrl: string;
      language: "id" | "en";
    },
  ) => {
    const origin = siteOrigin(config, request);
    return createOverduePayment(db, input, {
      gateway: gatewayFor(kind, origin),
      merchant: `${config.productName}Box`,
      origin,
      notifyUrl: `${origin}${kind === "snap" ? calls.snapPaymentNotification.path : calls.paymentNotification.path}`,
    });
  };

  const ownedOrder = async (principal: Principal, id: number) => {
    const order = await findOrder(db, id);
    if (!order) throw notFound(`Order ${id} was not found.`);
    assertOrderAccess(principal, { id: order.id, memberId: order.member_id });
    return order;
  };

  /** The holder of a payment access token (non-interface flow). */
  const tokenHolder = async (accessToken: string): Promise<Principal> => {
    const [row] = await db.query<{ member_id: number | null; order_id: number | null }>(
      "select member_id, order_id from payment_access_tokens where token_hash = $1 and expires_at > now()",
      [hashToken(accessToken)],
    );
    if (!row) throw unauthorized("The payment access token is not valid any more. Please try again.");
    return row.member_id !== null
      ? { kind: "member", memberId: row.member_id, user: tokenUser }
      : { kind: "recipient", orderId: row.order_id ?? 0, user: tokenUser };
  };

  mountCall(app, calls.bankInterfacePayment, async ({ body, principal, request }) => {
    const order = await findOrderByExpressNumber(db, body.partnerReferenceNo);
    if (!order) throw notFound(`Order ${body.partnerReferenceNo} was not found.`);
    assertOrderAccess(principal, { id: order.id, memberId: order.member_id });
    const returnUrl = body.urlParam[0]?.url ?? "";
    const result = await pay(request, "snap", {
      orderId: order.id,
      purpose: "rent-overdue",
      successUrl: returnUrl,
      failedUrl: returnUrl,
      cancelUrl: returnUrl,
      language: body.additionalInfo.language,
    });
    return {
      checkoutUrl: result.checkoutUrl,
      partnerReferenceNo: result.partnerReferenceNo,
      referenceNo: result.referenceNo,
    };
  });

  mountCall(app, calls.paymentToken, async ({ principal }) => {
    const token = randomSecret();
    await db.query(
      "insert into payment_access_tokens (token_hash, member_id, order_id, expires_at) values ($1, $2, $3, $4)",
      [
        hashToken(token),
        principal.kind === "member" ? principal.memberId : null,
        principal.kind === "recipient" ? principal.orderId : null,
        new Date(Date.now() + paymentTokenSeconds * 1000),
      ],
    );
    return { access_token: token, expires_in: paymentTokenSeconds };
  });

  mountCall(app, calls.lockerOrderPayment, async ({ query, body, request }) => {
    const principal = await tokenHolder(query.access_token);
    const info = body.order_info;
    const order = await ownedOrder(principal, info.order_id);
    const result = await pay(request, "sandbox", {
      orderId: order.id,
      purpose: "rent-overdue",
      successUrl: info.success_url,
      failedUrl: info.failed_url,
      cancelUrl: info.cancel_url,
      language: "id",
    });
    return { payment_url: result.checkoutUrl };
  });

  mountCall(app, calls.createDropoffPayment, async ({ query, body, request }) => {
    const principal = await tokenHolder(query.access_token);
    const info = body.order_info[0];
    if (!info) throw badRequest("order_info must list the order to pay.");
    const order = await ownedOrder(principal, info.order_id);
    const result = await pay(request, "sandbox", {
      orderId: order.id,
      purpose: "dropoff-overdue",
      successUrl: body.success_url,
      failedUrl: body.failed_url,
      cancelUrl: body.cancel_url,
      language: "id",
    });
    return { payment_url: result.checkoutUrl };
  });

  mountCall(app, calls.snapDropoffPayment, async ({ body, principal, request }) => {
    const order = await ownedOrder(principal, body.order_id);
    const result = await pay(request, "snap", {
      orderId: order.id,
      purpose: "dropoff-overdue",
      successUrl: body.url_param,
      failedUrl: body.url_param,
      cancelUrl: body.url_param,
      language: body.language,
    });
    return { checkout_url: result.checkoutUrl };
  });

  // Gateway notifications: verified against the raw body, so this scope keeps it.
  app.register(async (scope) => {
    keepRawJsonBody(scope);

    mountCall(scope, calls.paymentNotification, async ({ body, request }) => {
      const signature = request.headers["x-sandbox-signature"];
      if (
        !sameSignature(
          signBody(config.payments.secret, rawBody(request)),
          typeof signature === "string" ? signature : undefined,
        )
      ) {
        throw unauthorized("The notification signature is not valid.");
      }
      const notice: PaymentNotice = {
        eventId: body.eventId,
        referenceNo: body.referenceNo,
        status: body.status,
        amount: body.amount,
      };
      return applyNotice(db, notice);
    });

    mountCall(scope, calls.snapPaymentNotification, async ({ body, request }) => {
      const timestamp = request.headers["x-timestamp"];
      const signature = request.headers["x-signature"];
      const expected =
        typeof timestamp === "string"
          ? snapSignature(
              config.payments.snapClientSecret,
              "POST",
              calls.snapPaymentNotification.path,
              rawBody(request),
              timestamp,
            )
          : "";
      if (!expected || !sameSignature(expected, typeof signature === "string" ? signature : undefined)) {
        throw unauthorized("The notification signature is not valid.");
      }
      const status = snapStatus[body.latestTransactionStatus as keyof typeof snapStatus];
      if (!status) return { duplicate: false, status: "PENDING" };
      return applyNotice(db, {
        eventId: body.additionalInfo.eventId,
        referenceNo: body.originalReferenceNo,
        status,
        amount: Math.round(Number(body.amount.value)),
      });
    });
  });
}
