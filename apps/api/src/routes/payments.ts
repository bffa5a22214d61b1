import { type CallDef, calls, type PaymentState } from "@paxelbox/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import { clientAddress, type RateLimit } from "../domain/rate-limit.ts";
import { hashToken, randomSecret } from "../domain/tokens.ts";
import { badRequest, HttpError, notFound, unauthorized } from "../http/errors.ts";
import { idempotent } from "../http/idempotency.ts";
import { keepRawJsonBody, rawBody } from "../http/raw-body.ts";
import { mountCall } from "../http/route.ts";
import type { OutboxWriter } from "../notifications/outbox.ts";
import { crashPoint } from "../payments/crash-points.ts";
import { checkoutLifetimeMinutes, type GatewayStatus, type PaymentNotice } from "../payments/gateway.ts";
import { paymentFlowOn } from "../payments/gateways.ts";
import {
  midtransAmount,
  midtransNotifiedStatus,
  verifyMidtransSignature,
} from "../payments/midtrans-gateway.ts";
import { snapKeys } from "../payments/sandbox/development-keys.ts";
import {
  type CreatePaymentInput,
  checkLatestPayment,
  createOverduePayment,
  type GatewayLookup,
  mayStillBeCharged,
  type PaymentRow,
  paymentTokenSeconds,
  settle,
  settleFromGateway,
} from "../payments/service.ts";
import { verifySnapNotification } from "../payments/snap-signature.ts";
import { anonymousUser, assertOrderAccess, countGuess, type Principal } from "../plugins/auth.ts";
import { requestLanguage } from "../plugins/error-handler.ts";
import { findOrder, findOrderByExpressNumber } from "../repositories/orders.ts";

/** Payment access tokens per member (or order-link) token: each is a row; a person paying needs a few. */
export const paymentTokenLimit: RateLimit = { name: "payment-token", max: 20, windowSeconds: 60 };

const snapStatus = { "00": "SUCCESS", "04": "REFUNDED", "05": "CANCELLED", "06": "FAILED" } as const;

/** Who the caller is, for the scope of an Idempotency-Key. */
const callerKey = (principal: Principal) =>
  principal.kind === "member" ? `member:${principal.memberId}` : `recipient:${principal.orderId}`;

/**
 * The payment calls of spec §7. Which gateway serves a screen follows the settings flags
 * (snap_bi_paxelbox, snap_bi_dropoff): the bank-interface calls use SNAP BI, the others Midtrans.
 * A payment becomes paid only from the gateway's own record (docs/payments.md).
 */
export function paymentRoutes(
  app: FastifyInstance,
  db: Database,
  config: ApiConfig,
  gateways: GatewayLookup,
  outbox: OutboxWriter | null = null,
): void {
  /**
   * Opens a checkout at the flow's configured gateway. Every address it hands the gateway comes from
   * configuration (`app.publicOrigin()`), never from the request; a flow that is off answers 503.
   */
  const create = (request: FastifyRequest, kind: "midtrans" | "snap", input: CreatePaymentInput) => {
    if (!paymentFlowOn(config, kind)) throw new HttpError(503, "paymentUnavailable");
    const origin = app.publicOrigin();
    return createOverduePayment(db, input, {
      gateway: gateways(kind),
      gatewayTimeoutSeconds: config.payments.gatewayTimeoutSeconds,
      gateways,
      merchant: `${config.productName}Box`,
      origin,
      notifyUrl: `${origin}${kind === "snap" ? calls.snapPaymentNotification.path : calls.paymentNotification.path}`,
      returnUrl: (paymentId) => `${origin}${calls.paymentReturn.path.replace("{paymentId}", paymentId)}`,
      log: request.log,
      outbox,
    });
  };

  /** A payment creation, retried safely under an Idempotency-Key. */
  const once = <T>(
    request: FastifyRequest,
    call: CallDef,
    principal: Principal,
    body: unknown,
    run: () => Promise<T>,
  ) => idempotent(db, request, `${call.id}:${callerKey(principal)}`, body, run);

  const ownedOrder = async (principal: Principal, id: number) => {
    const order = await findOrder(db, id);
    const missing = () => notFound("orderNotFound", { id });
    if (!order) throw missing();
    assertOrderAccess(principal, { id: order.id, memberId: order.member_id }, missing);
    return order;
  };

  /**
   * The holder of a payment access token (non-interface flow): served whatever its caller's address
   * has guessed; a failed lookup is a guess, as with bearer tokens (`countGuess`, plugins/auth.ts).
   */
  const tokenHolder = async (request: FastifyRequest, accessToken: string): Promise<Principal> => {
    const [row] = await db.query<{ member_id: number | null; order_id: number | null }>(
      "select member_id, order_id from payment_access_tokens where token_hash = $1 and expires_at > now()",
      [hashToken(accessToken)],
    );
    if (!row) {
      await countGuess(app.rateLimiter, clientAddress(request));
      throw unauthorized("paymentAccessTokenInvalid");
    }
    // A payment access token proves who pays, not who they are: it carries no member data.
    return row.member_id !== null
      ? { kind: "member", memberId: row.member_id, user: anonymousUser }
      : { kind: "recipient", orderId: row.order_id ?? 0, user: anonymousUser };
  };

  mountCall(app, calls.bankInterfacePayment, async ({ body, principal, request }) => {
    const order = await findOrderByExpressNumber(db, body.partnerReferenceNo);
    const missing = () => notFound("orderNotFound", { id: body.partnerReferenceNo });
    if (!order) throw missing();
    assertOrderAccess(principal, { id: order.id, memberId: order.member_id }, missing);
    const returnUrl = body.urlParam[0]?.url ?? "";
    const customer = body.additionalInfo.customerDetails;
    return once(request, calls.bankInterfacePayment, principal, body, async () => {
      const result = await create(request, "snap", {
        orderId: order.id,
        purpose: "rent-overdue",
        successUrl: returnUrl,
        failedUrl: returnUrl,
        cancelUrl: returnUrl,
        language: body.additionalInfo.language,
        customer: {
          name: [customer.firstName, customer.lastName].filter(Boolean).join(" "),
          email: customer.email ?? "",
          phone: customer.phone,
        },
      });
      return {
        checkoutUrl: result.checkoutUrl,
        partnerReferenceNo: result.partnerReferenceNo,
        referenceNo: result.referenceNo,
      };
    });
  });

  mountCall(
    app,
    calls.paymentToken,
    async ({ principal }) => {
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
    },
    { tokenRateLimit: paymentTokenLimit },
  );

  mountCall(app, calls.lockerOrderPayment, async ({ query, body, request }) => {
    const principal = await tokenHolder(request, query.access_token);
    const info = body.order_info;
    const order = await ownedOrder(principal, info.order_id);
    return once(request, calls.lockerOrderPayment, principal, body, async () => {
      const result = await create(request, "midtrans", {
        orderId: order.id,
        purpose: "rent-overdue",
        successUrl: info.success_url,
        failedUrl: info.failed_url,
        cancelUrl: info.cancel_url,
        language: "id",
        customer: { name: info.name, email: "", phone: info.phone_number },
      });
      return { payment_url: result.checkoutUrl };
    });
  });

  mountCall(app, calls.createDropoffPayment, async ({ query, body, request }) => {
    const principal = await tokenHolder(request, query.access_token);
    const info = body.order_info[0];
    if (!info) throw badRequest("orderInfoMissing");
    const order = await ownedOrder(principal, info.order_id);
    return once(request, calls.createDropoffPayment, principal, body, async () => {
      const result = await create(request, "midtrans", {
        orderId: order.id,
        purpose: "dropoff-overdue",
        successUrl: body.success_url,
        failedUrl: body.failed_url,
        cancelUrl: body.cancel_url,
        language: "id",
        customer: { name: body.cashier_name, email: body.email, phone: body.phone_number },
      });
      return { payment_url: result.checkoutUrl };
    });
  });

  mountCall(app, calls.snapDropoffPayment, async ({ body, principal, request }) => {
    const order = await ownedOrder(principal, body.order_id);
    return once(request, calls.snapDropoffPayment, principal, body, async () => {
      const result = await create(request, "snap", {
        orderId: order.id,
        purpose: "dropoff-overdue",
        successUrl: body.url_param,
        failedUrl: body.url_param,
        cancelUrl: body.url_param,
        language: body.language,
        customer: { name: body.recipient_name, email: body.email, phone: body.phone },
      });
      return { checkout_url: result.checkoutUrl };
    });
  });

  mountCall(app, calls.checkPayment, async ({ params, principal, request }) => {
    const order = await ownedOrder(principal, params.orderid);
    const payment = await checkLatestPayment(db, order.id, {
      source: "check",
      gateways,
      log: request.log,
      outbox,
    });
    return paymentState(payment);
  });

  mountCall(app, calls.paymentReturn, async ({ params, request, reply }) => {
    const [payment] = await db.query<PaymentRow>("select * from payments where id = $1", [params.paymentId]);
    // A browser navigation, not a script's call: a payment this site does not know (a mistyped or
    // forged address) lands on the site's first page in the visitor's language, not on raw JSON.
    if (!payment) return reply.header("cache-control", "no-store").redirect(landingOf(request), 303);
    // Any payment the gateway may still have charged, a closed one too: the payer may have paid a
    // checkout the API had given up, and must not be told the time is up.
    if (mayStillBeCharged(payment)) {
      await settleFromGateway(db, payment, { source: "return", gateways, log: request.log, outbox });
    }
    const [after] = await db.query<PaymentRow>("select * from payments where id = $1", [payment.id]);
    const query = request.query as Record<string, unknown>;
    return reply
      .header("cache-control", "no-store")
      .redirect(
        returnTarget(
          after ?? payment,
          typeof query.transaction_status === "string" ? query.transaction_status : null,
        ),
        303,
      );
  });

  // Gateway notifications: verified against the raw body, so this scope keeps it.
  app.register(async (scope) => {
    keepRawJsonBody(scope);

    mountCall(scope, calls.paymentNotification, async ({ body, request }) => {
      // A flow that is off trusts no key: not even the sandbox's, whose secret is published.
      if (
        !paymentFlowOn(config, "midtrans") ||
        !verifyMidtransSignature(body, config.payments.midtransServerKey)
      ) {
        throw unauthorized("notificationSignatureInvalid");
      }
      const status = midtransNotifiedStatus(body);
      if (!status) {
        throw unauthorized("notificationRefused", {
          reason: "its transaction_status does not match its signed status_code",
        });
      }
      // Midtrans re-sends a notification until it gets a 2xx: every transaction_status is answered
      // (and acted on as midtransNotifiedStatus says). A challenged capture accepted later is a new event.
      const fraud = body.fraud_status ? `:${body.fraud_status}` : "";
      return receive(request, "midtrans", {
        eventId: `midtrans:${body.transaction_id}:${body.transaction_status}${fraud}`,
        externalId: body.order_id,
        referenceNo: body.transaction_id,
        status: notified(status),
        amount: midtransAmount(body.gross_amount),
      });
    });

    mountCall(scope, calls.snapPaymentNotification, async ({ body, request }) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === "string" ? value : undefined;
      };
      const publicKeyPem = snapKeys(config).gatewayPublicKey;
      if (!publicKeyPem) throw unauthorized("notificationRefused", { reason: "no bank is configured" });
      const verdict = verifySnapNotification({
        method: "POST",
        path: calls.snapPaymentNotification.path,
        rawBody: rawBody(request),
        timestamp: header("x-timestamp"),
        signature: header("x-signature"),
        publicKeyPem,
      });
      if (verdict !== true) throw unauthorized("notificationRefused", { reason: verdict });
      const status = snapStatus[body.latestTransactionStatus as keyof typeof snapStatus];
      if (!status) return { duplicate: false, status: "PENDING" };
      // The standard body has no event id: without the bank's own, the transaction and its status
      // name the event, so a re-sent notification is still a duplicate.
      const eventId = body.additionalInfo?.eventId;
      return receive(request, "snap", {
        eventId: eventId
          ? `snap:${eventId}`
          : `snap-status:${body.originalReferenceNo}:${body.latestTransactionStatus}`,
        externalId: body.originalPartnerReferenceNo,
        referenceNo: body.originalReferenceNo,
        status,
        amount: Math.round(Number(body.amount.value)),
      });
    });
  });

  /** Applies a verified notification once; a repeated event is acknowledged and not applied again. */
  const receive = async (request: FastifyRequest, gateway: "midtrans" | "snap", notice: PaymentNotice) => {
    const [payment] = await db.query<{ id: string; gateway: string; reference_no: string | null }>(
      "select id, gateway, reference_no from payments where id = $1",
      [notice.externalId],
    );
    if (!payment || payment.gateway !== gateway) throw notFound("paymentReferenceUnknown");
    // The signature does not cover the gateway's transaction id: a signed body replayed under another
    // one would pass as a new event.
    if (notice.referenceNo && notice.referenceNo !== payment.reference_no) {
      // The payment's own transaction, or, before it has one, a transaction no other payment has.
      const taken =
        payment.reference_no !== null ||
        (await db.query("select 1 from payments where reference_no = $1", [notice.referenceNo])).length > 0;
      if (taken) {
        throw unauthorized("notificationRefused", {
          reason: "it names another transaction than the payment's",
        });
      }
    }
    crashPoint("notification-received");
    const settled = await settle(
      db,
      payment.id,
      {
        status: notice.status,
        amount: notice.amount,
        ...(notice.referenceNo ? { referenceNo: notice.referenceNo } : {}),
      },
      { source: "notification", gateways, log: request.log, eventId: notice.eventId, outbox },
    );
    return { duplicate: settled.duplicate, status: settled.status };
  };
}

/** NOT_FOUND never comes in a notification. */
const notified = (status: GatewayStatus) => (status === "NOT_FOUND" ? "EXPIRED" : status);

/** What the return tells the screen (`payment_status`). */
export type ReturnOutcome = "SUCCESS" | "FAILED" | "CANCELLED" | "REFUNDED";

/**
 * What a return says, from the payment's state after the gateway was asked. A payment still open is
 * not over: Midtrans sends the browser back with `transaction_status=pending` once a virtual account
 * or a QRIS code is shown (still payable for the rest of the checkout's hour), and SNAP returns
 * before the bank settles. It goes to the screen's check (SUCCESS, which proves nothing: the screen
 * asks the API, says "being confirmed" and offers to pay again), unless the gateway's hint in the
 * address says it failed or was cancelled (it is used only when the gateway could not be asked). A
 * charge given back (REFUNDED: the fee was already paid, or the order moved on) says so.
 */
export function returnOutcome(payment: Pick<PaymentRow, "status">, hint: string | null): ReturnOutcome {
  switch (payment.status) {
    case "SUCCESS":
    case "FAILED":
    case "REFUNDED":
      return payment.status;
    case "CANCELLED":
    case "EXPIRED":
      return "CANCELLED";
    case "PENDING":
      if (hint === "deny" || hint === "failure") return "FAILED";
      if (hint === "cancel" || hint === "expire") return "CANCELLED";
      return "SUCCESS";
  }
}

/**
 * Where the browser goes back to. The shop's own addresses for each outcome; one address shared by
 * every outcome (the bank-interface flows) gets `payment_status` and `overdue=true` appended. A
 * refunded charge has no address of its own: the cancel address with `payment_status=REFUNDED`
 * (without the drop-off's own `status=cancel|failed`, which would show its warning instead).
 */
export function returnTarget(payment: PaymentRow, hint: string | null): string {
  const status = returnOutcome(payment, hint);
  const shared = payment.success_url === payment.failed_url && payment.failed_url === payment.cancel_url;
  const base =
    status === "SUCCESS"
      ? payment.success_url
      : status === "FAILED"
        ? payment.failed_url
        : payment.cancel_url;
  const url = new URL(base);
  // Later, the return is a link anyone who learnt the payment id can open: without the order link's
  // token, the page asks to be opened from the app.
  const stale = !payerReturning(payment) && url.searchParams.has("token");
  const refunded = status === "REFUNDED";
  if (!shared && !stale && !refunded) return base;
  if (stale) url.searchParams.delete("token");
  if (refunded && ["cancel", "failed"].includes(url.searchParams.get("status") ?? "")) {
    url.searchParams.delete("status");
  }
  if (shared || refunded) {
    url.searchParams.set("payment_status", status);
    url.searchParams.set("overdue", "true");
  }
  return url.toString();
}

/**
 * The site's first page in the visitor's language: the web's language cookie (the choice made on the
 * site), else the request's language (`Accept-Language`); Indonesian is the default, without `lang`.
 */
function landingOf(request: FastifyRequest): string {
  const cookie = /(?:^|;\s*)language=(id|en)(?:;|$)/.exec(request.headers.cookie ?? "")?.[1];
  return (cookie ?? requestLanguage(request)) === "en" ? "/?lang=en" : "/";
}

/**
 * Minutes after a payment was opened, or paid, in which its return is taken as the payer's browser
 * coming back from the checkout: the checkout's lifetime, then as long again for one finished late.
 */
const paymentReturnMinutes = 2 * checkoutLifetimeMinutes;

function payerReturning(payment: PaymentRow): boolean {
  const since = Math.max(payment.created_at.getTime(), payment.paid_at?.getTime() ?? 0);
  return Date.now() - since < paymentReturnMinutes * 60_000;
}

function paymentState(payment: PaymentRow | null): PaymentState {
  if (!payment) return { status: "NONE", purpose: null, amount: null, createdAt: null, paidAt: null };
  return {
    status: payment.status,
    purpose: payment.purpose,
    amount: payment.amount,
    createdAt: payment.created_at.getTime(),
    paidAt: payment.paid_at?.getTime() ?? null,
  };
}
