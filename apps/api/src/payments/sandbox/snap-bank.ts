import { createPrivateKey, createPublicKey } from "node:crypto";
import { calls } from "@paxelbox/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { hashToken, randomSecret } from "../../domain/tokens.ts";
import { keepRawJsonBody, rawBody } from "../../http/raw-body.ts";
import { snapExternalId, snapMoney, snapPaths, snapServiceCodes } from "../snap-gateway.ts";
import {
  notificationSignature,
  parseSnapDateTime,
  snapTimestamp,
  snapTimestampProblem,
  verifyAccessTokenSignature,
  verifyTransactionSignature,
} from "../snap-signature.ts";
import { snapKeys } from "./development-keys.ts";
import {
  expireIfDue,
  expireTransaction,
  openTransaction,
  refundTransaction,
  type SandboxTransaction,
  transactionByKeyOrReference,
} from "./ledger.ts";
import type { NotificationBuilder } from "./outbox.ts";

/**
 * A local SNAP BI bank (Direct Debit), refusing what a real one refuses: the access token's RSA
 * signature, the client key, the HMAC signature over the exact body, a stale or malformed
 * X-TIMESTAMP, a missing or expired bearer token, an X-EXTERNAL-ID seen before that day, a second
 * transaction under one partnerReferenceNo. It takes what the standard and the clients of the field
 * send: `grantType` or `grant_type`, `urlParams` or Midtrans's `urlParam`, a transaction named by
 * either reference, and a signature over the request's path or over the path below the bank's base
 * URL (the official midtrans-client signs the latter). Its answers carry SNAP response codes: HTTP
 * status + service code + case code (case codes from the standard's list: 00 general, 01 invalid
 * field format / invalid token / not found / duplicate partnerReferenceNo, 02 missing mandatory
 * field, 13 amount). A transaction opened with a `validUpTo` (ISO-8601 with a zone, in the future)
 * cannot be paid after it: its status reads expired (05) and cancelling it is refused as for any
 * closed one. Without one this bank sets no end of its own, like a bank with no short default: the
 * adapter gives every checkout its end.
 */
export const snapBankPrefix = "/demo/snap";

/** Seconds a B2B access token lives (the standard's usual 15 minutes). */
const tokenSeconds = 900;

type Service = keyof typeof snapServiceCodes;

/** The standard's latestTransactionStatus of a ledger row (see snapTransactionStatuses). */
function snapState(
  transaction: SandboxTransaction,
  withRefund: boolean,
): { code: string; description: string } {
  if (withRefund && transaction.refunded_amount > 0) return { code: "04", description: "Refunded" };
  switch (transaction.status) {
    case "SUCCESS":
      return { code: "00", description: "Success" };
    case "FAILED":
      return { code: "06", description: "Failed" };
    case "CANCELLED":
      return { code: "05", description: "Cancelled" };
    case "EXPIRED":
      return { code: "05", description: "Expired" };
    default:
      return { code: "03", description: "Pending" };
  }
}

/** SNAP's date-time fields: ISO-8601 in Jakarta time. */
const snapTime = (date: Date | null) => (date ? snapTimestamp(date) : undefined);

/** The day X-EXTERNAL-IDs are unique within: the bank's (Jakarta) calendar day. */
const bankDay = () => snapTimestamp().slice(0, 10);

/**
 * The bank's notification of a finished checkout, posted to its PAY_NOTIFY URL and signed with the
 * bank's private key (SHA256withRSA over `POST:path:hex(sha256(body)):X-TIMESTAMP`). It reports the
 * charge itself, so a checkout refunded since still reads 00.
 */
export function snapNotification(config: ApiConfig): NotificationBuilder {
  const gatewayKey = createPrivateKey(snapKeys(config).gatewayPrivateKey);
  return (transaction, eventId) => {
    const state = snapState(transaction, false);
    const body = JSON.stringify({
      originalPartnerReferenceNo: transaction.external_id,
      originalReferenceNo: transaction.reference_no,
      latestTransactionStatus: state.code,
      transactionStatusDesc: state.description,
      amount: snapMoney(transaction.amount),
      additionalInfo: { eventId },
    });
    const timestamp = snapTimestamp();
    const path = new URL(transaction.notify_url).pathname;
    return [
      {
        url: transaction.notify_url,
        headers: {
          "content-type": "application/json",
          "x-timestamp": timestamp,
          "x-signature": notificationSignature(gatewayKey, { method: "POST", path, body, timestamp }),
          "x-partner-id": config.payments.snapPartnerId,
          "x-external-id": snapExternalId(),
        },
        body,
      },
    ];
  };
}

const Money = z.object({ value: z.string().regex(/^\d{1,16}\.\d{2}$/), currency: z.literal("IDR") });
const Reference = z.string().min(1).max(64);

/** The standard names it grantType; the official midtrans-client sends grant_type (OAuth's name). */
const AccessTokenRequest = z.union([
  z.object({ grantType: z.literal("client_credentials") }),
  z.object({ grant_type: z.literal("client_credentials"), grantType: z.undefined().optional() }),
]);

const UrlParam = z.object({
  url: z.url({ protocol: /^https?$/ }).max(512),
  type: z.enum(["PAY_RETURN", "PAY_NOTIFY"]),
  isDeeplink: z.enum(["Y", "N"]),
});

/** The standard's `urlParams` list, or Midtrans's single `urlParam`, read as that list. */
const PaymentRequest = z.preprocess(
  (body) => {
    if (body === null || typeof body !== "object" || "urlParams" in body || !("urlParam" in body))
      return body;
    const { urlParam, ...rest } = body as { urlParam: unknown };
    return { ...rest, urlParams: Array.isArray(urlParam) ? urlParam : [urlParam] };
  },
  z.object({
    partnerReferenceNo: Reference,
    amount: Money,
    urlParams: z.array(UrlParam).min(1).max(4),
    validUpTo: z.string().max(25).optional(),
    additionalInfo: z
      .object({
        merchantName: z.string().max(100),
        description: z.string().max(200),
        language: z.enum(["id", "en"]),
        orderNumber: z.string().max(64),
      })
      .partial()
      .optional(),
  }),
);

/**
 * This bank finds a transaction by the merchant's key or by its own reference number (the standard
 * makes each conditional: one of them is needed); when both are given they must name one transaction.
 */
const Original = z.object({
  originalPartnerReferenceNo: Reference.optional(),
  originalReferenceNo: Reference.optional(),
  originalExternalId: z.string().max(36).optional(),
});

/** The first of the two references is reported missing when neither is there. */
const named = <T extends z.infer<typeof Original>>(schema: z.ZodType<T>) =>
  schema.refine((body) => Boolean(body.originalPartnerReferenceNo ?? body.originalReferenceNo), {
    path: ["originalPartnerReferenceNo"],
  });

const StatusRequest = named(Original.extend({ serviceCode: z.literal(snapServiceCodes.payment) }));
const CancelRequest = named(
  Original.extend({ reason: z.string().max(256).optional(), amount: Money.optional() }),
);
const RefundRequest = named(
  Original.extend({
    partnerRefundNo: Reference,
    refundAmount: Money.optional(),
    reason: z.string().max(256).optional(),
  }),
);

interface Refusal {
  http: number;
  caseCode: string;
  message: string;
}

const mandatory = (field: string): Refusal => ({
  http: 400,
  caseCode: "02",
  message: `Invalid Mandatory Field {${field}}`,
});
const format = (field: string): Refusal => ({
  http: 400,
  caseCode: "01",
  message: `Invalid Field Format {${field}}`,
});
const unauthorized = (reason: string): Refusal => ({
  http: 401,
  caseCode: "00",
  message: `Unauthorized. [${reason}]`,
});
const badRequest: Refusal = { http: 400, caseCode: "00", message: "Bad Request" };
const notFound: Refusal = { http: 404, caseCode: "01", message: "Transaction Not Found" };
const invalidStatus: Refusal = { http: 404, caseCode: "00", message: "Invalid Transaction Status" };

function timestampRefusal(timestamp: string): Refusal | null {
  switch (snapTimestampProblem(timestamp)) {
    case "format":
      return format("X-TIMESTAMP");
    case "window":
      return unauthorized("X-TIMESTAMP is more than 5 minutes from the bank's time");
    default:
      return null;
  }
}

/** A zod failure as SNAP says it: a field that is absent is mandatory, one that is there is malformed. */
function bodyRefusal(body: unknown, error: z.ZodError): Refusal {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  let value: unknown = body;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  const field = path.map(String).join(".") || "body";
  return value === undefined ? mandatory(field) : format(field);
}

export async function snapBankRoutes(app: FastifyInstance, db: Database, config: ApiConfig): Promise<void> {
  const keys = snapKeys(config);
  const partnerPublicKey = createPublicKey(keys.partnerPublicKey);
  const partnerId = config.payments.snapPartnerId;

  const header = (request: FastifyRequest, name: string) => {
    const value = request.headers[name];
    return typeof value === "string" && value !== "" ? value : undefined;
  };

  const answer = (reply: FastifyReply, service: Service, http: number, caseCode: string, body: object) =>
    reply
      .status(http)
      .header("x-timestamp", snapTimestamp())
      .send({ responseCode: `${http}${snapServiceCodes[service]}${caseCode}`, ...body });

  const refuse = (reply: FastifyReply, service: Service, refusal: Refusal) =>
    answer(reply, service, refusal.http, refusal.caseCode, { responseMessage: refusal.message });

  const succeed = (reply: FastifyReply, service: Service, body: object) =>
    answer(reply, service, 200, "00", { responseMessage: "Successful", ...body });

  /** The checks of every transaction call, in the order a bank makes them; null when it may proceed. */
  async function transactionRefusal(request: FastifyRequest): Promise<Refusal | null> {
    const timestamp = header(request, "x-timestamp");
    const signature = header(request, "x-signature");
    const partner = header(request, "x-partner-id");
    const externalId = header(request, "x-external-id");
    if (!timestamp) return mandatory("X-TIMESTAMP");
    if (!signature) return mandatory("X-SIGNATURE");
    if (!partner) return mandatory("X-PARTNER-ID");
    if (!externalId) return mandatory("X-EXTERNAL-ID");
    if (!header(request, "channel-id")) return mandatory("CHANNEL-ID");
    const refusal = timestampRefusal(timestamp);
    if (refusal) return refusal;
    if (!/^\d{1,36}$/.test(externalId)) return format("X-EXTERNAL-ID");
    if (partner !== partnerId) return unauthorized("Unknown client");
    const bearer = /^Bearer (\S+)$/.exec(header(request, "authorization") ?? "")?.[1];
    const [known] = bearer
      ? await db.query(
          "select 1 from sandbox_access_tokens where token = $1 and client_key = $2 and expires_at > now()",
          [hashToken(bearer), partnerId],
        )
      : [];
    if (!bearer || !known) return { http: 401, caseCode: "01", message: "Invalid Token (B2B)" };
    // The path as received (a client that signs its whole base URL's path, as this API's adapter
    // does), or the path below this bank's base URL (a client that signs the API's relative path
    // only, as midtrans-client does — right for a bank served at its host's root).
    const path = request.routeOptions.url ?? "";
    const signed = [path, path.slice(snapBankPrefix.length)].some((signedPath) =>
      verifyTransactionSignature(
        config.payments.snapClientSecret,
        { method: request.method, path: signedPath, accessToken: bearer, body: rawBody(request), timestamp },
        signature,
      ),
    );
    if (!signed) return unauthorized("Signature");
    const [fresh] = await db.query(
      `insert into sandbox_external_ids (partner_id, external_id, day) values ($1, $2, $3)
       on conflict do nothing returning 1`,
      [partnerId, externalId, bankDay()],
    );
    if (!fresh) return { http: 409, caseCode: "00", message: "Conflict" };
    return null;
  }

  /** A transaction call: checked and signed as above, then its body read with `schema`. */
  function transactionRoute<T>(
    service: Exclude<Service, "accessToken">,
    schema: z.ZodType<T>,
    handle: (body: T, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const refusal = await transactionRefusal(request);
      if (refusal) return refuse(reply, service, refusal);
      if (request.body === null || typeof request.body !== "object")
        return refuse(reply, service, badRequest);
      const parsed = schema.safeParse(request.body);
      if (!parsed.success) return refuse(reply, service, bodyRefusal(request.body, parsed.error));
      return handle(parsed.data, request, reply);
    };
  }

  /**
   * The transaction a call names, or null (unknown, or the two references name different ones);
   * one past its `validUpTo` is expired first.
   */
  async function original(body: z.infer<typeof Original>): Promise<SandboxTransaction | null> {
    const key = body.originalPartnerReferenceNo ?? body.originalReferenceNo;
    const transaction = key ? await transactionByKeyOrReference(db, key, "snap") : null;
    if (!transaction) return null;
    if (body.originalPartnerReferenceNo && body.originalPartnerReferenceNo !== transaction.external_id)
      return null;
    if (body.originalReferenceNo && body.originalReferenceNo !== transaction.reference_no) return null;
    return expireIfDue(db, transaction);
  }

  const originals = (transaction: SandboxTransaction) => ({
    originalPartnerReferenceNo: transaction.external_id,
    originalReferenceNo: transaction.reference_no,
  });

  await app.register(async (scope) => {
    // Signatures cover the body as sent; malformed JSON reaches the handler as null (400 xx 00).
    keepRawJsonBody(scope, "null");

    scope.post(
      `${snapBankPrefix}${snapPaths.accessToken}`,
      { schema: { hide: true } },
      async (request, reply) => {
        const timestamp = header(request, "x-timestamp");
        const clientKey = header(request, "x-client-key");
        const signature = header(request, "x-signature");
        if (!timestamp) return refuse(reply, "accessToken", mandatory("X-TIMESTAMP"));
        if (!clientKey) return refuse(reply, "accessToken", mandatory("X-CLIENT-KEY"));
        if (!signature) return refuse(reply, "accessToken", mandatory("X-SIGNATURE"));
        const refusal = timestampRefusal(timestamp);
        if (refusal) return refuse(reply, "accessToken", refusal);
        if (clientKey !== partnerId) return refuse(reply, "accessToken", unauthorized("Unknown client"));
        if (!verifyAccessTokenSignature(partnerPublicKey, clientKey, timestamp, signature)) {
          return refuse(reply, "accessToken", unauthorized("Signature"));
        }
        if (request.body === null || typeof request.body !== "object") {
          return refuse(reply, "accessToken", badRequest);
        }
        if (!AccessTokenRequest.safeParse(request.body).success) {
          const grant = request.body as { grantType?: unknown; grant_type?: unknown };
          const field =
            grant.grantType === undefined && grant.grant_type !== undefined ? "grant_type" : "grantType";
          const given = field === "grantType" ? grant.grantType : grant.grant_type;
          return refuse(reply, "accessToken", given === undefined ? mandatory(field) : format(field));
        }

        const accessToken = randomSecret();
        await db.transaction(async (tx) => {
          // Tokens and X-EXTERNAL-IDs are only needed while they can be presented again.
          await tx.query("delete from sandbox_access_tokens where expires_at < now()");
          await tx.query("delete from sandbox_external_ids where day < $1::date - 1", [bankDay()]);
          await tx.query(
            `insert into sandbox_access_tokens (token, client_key, expires_at)
           values ($1, $2, now() + make_interval(secs => $3))`,
            [hashToken(accessToken), clientKey, tokenSeconds],
          );
        });
        return succeed(reply, "accessToken", {
          accessToken,
          tokenType: "BearerToken",
          expiresIn: String(tokenSeconds),
        });
      },
    );

    scope.post(
      `${snapBankPrefix}${snapPaths.payment}`,
      { schema: { hide: true } },
      transactionRoute("payment", PaymentRequest, async (body, _request, reply) => {
        const url = (type: string) => body.urlParams.find((param) => param.type === type)?.url;
        const returnUrl = url("PAY_RETURN");
        // Without PAY_NOTIFY the bank notifies the URL the merchant registered with it: this site's
        // notification call, on its configured origin (never the request's Host).
        const origin = app.publicOrigin();
        const notifyUrl = url("PAY_NOTIFY") ?? `${origin}${calls.snapPaymentNotification.path}`;
        if (!returnUrl) return refuse(reply, "payment", mandatory("urlParams.PAY_RETURN"));
        const amount = Number(body.amount.value);
        // The sandbox's ledger holds whole rupiah.
        if (amount <= 0 || !Number.isInteger(amount)) return refuse(reply, "payment", format("amount.value"));
        // The end of the checkout: a real time to come (the standard's ISO-8601 with a zone).
        const validUpTo = body.validUpTo === undefined ? null : parseSnapDateTime(body.validUpTo);
        if (validUpTo !== null && !(validUpTo > Date.now()))
          return refuse(reply, "payment", format("validUpTo"));
        const info = body.additionalInfo ?? {};
        const opened = await openTransaction(
          db,
          {
            externalId: body.partnerReferenceNo,
            orderNumber: info.orderNumber || body.partnerReferenceNo,
            amount,
            merchant: info.merchantName || `${config.productName}Box`,
            description: info.description || "Payment",
            successUrl: returnUrl,
            failedUrl: returnUrl,
            cancelUrl: returnUrl,
            notifyUrl,
            validUpTo: validUpTo === null ? null : new Date(validUpTo),
          },
          "snap",
        );
        if (!opened) {
          return refuse(reply, "payment", {
            http: 409,
            caseCode: "01",
            message: "Duplicate partnerReferenceNo",
          });
        }
        return succeed(reply, "payment", {
          referenceNo: opened.reference_no,
          partnerReferenceNo: opened.external_id,
          webRedirectUrl: `${origin}/demo/pay/${encodeURIComponent(opened.reference_no)}`,
        });
      }),
    );

    scope.post(
      `${snapBankPrefix}${snapPaths.status}`,
      { schema: { hide: true } },
      transactionRoute("status", StatusRequest, async (body, _request, reply) => {
        const transaction = await original(body);
        if (!transaction) return refuse(reply, "status", notFound);
        const state = snapState(transaction, true);
        return succeed(reply, "status", {
          ...originals(transaction),
          ...(body.originalExternalId ? { originalExternalId: body.originalExternalId } : {}),
          serviceCode: body.serviceCode,
          latestTransactionStatus: state.code,
          transactionStatusDesc: state.description,
          amount: snapMoney(transaction.amount),
          ...(transaction.status === "SUCCESS" ? { paidTime: snapTime(transaction.finished_at) } : {}),
        });
      }),
    );

    scope.post(
      `${snapBankPrefix}${snapPaths.cancel}`,
      { schema: { hide: true } },
      transactionRoute("cancel", CancelRequest, async (body, _request, reply) => {
        const transaction = await original(body);
        if (!transaction) return refuse(reply, "cancel", notFound);
        if (transaction.status !== "PENDING") return refuse(reply, "cancel", invalidStatus);
        const closed = await expireTransaction(db, transaction.reference_no);
        // Paid (or finished otherwise) between the read and the write.
        if (closed.status !== "EXPIRED") return refuse(reply, "cancel", invalidStatus);
        return succeed(reply, "cancel", {
          ...originals(closed),
          cancelTime: snapTime(closed.finished_at),
          transactionDate: snapTime(closed.created_at),
        });
      }),
    );

    scope.post(
      `${snapBankPrefix}${snapPaths.refund}`,
      { schema: { hide: true } },
      transactionRoute("refund", RefundRequest, async (body, _request, reply) => {
        const transaction = await original(body);
        if (!transaction) return refuse(reply, "refund", notFound);
        // The sandbox refunds whole charges, once: a second refund is the one already made.
        if (transaction.refunded_amount > 0) {
          return refuse(reply, "refund", {
            http: 409,
            caseCode: "01",
            message: "Duplicate partnerReferenceNo",
          });
        }
        if (transaction.status !== "SUCCESS") return refuse(reply, "refund", invalidStatus);
        if (body.refundAmount && Number(body.refundAmount.value) !== transaction.amount) {
          return refuse(reply, "refund", { http: 404, caseCode: "13", message: "Invalid Amount" });
        }
        const refunded = await refundTransaction(db, transaction.reference_no);
        if (refunded.refunded_amount === 0) return refuse(reply, "refund", invalidStatus);
        return succeed(reply, "refund", {
          ...originals(refunded),
          refundNo: `RF${refunded.reference_no}`,
          partnerRefundNo: body.partnerRefundNo,
          refundAmount: snapMoney(refunded.refunded_amount),
          refundTime: snapTimestamp(),
        });
      }),
    );
  });
}
