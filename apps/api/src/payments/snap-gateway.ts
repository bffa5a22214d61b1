import { createPrivateKey, randomInt } from "node:crypto";
import { z } from "zod";
import {
  type Checkout,
  type CheckoutRequest,
  checkoutLifetimeMinutes,
  defaultGatewayTimeoutSeconds,
  type GatewayRecord,
  GatewayRefused,
  type GatewayStatus,
  GatewayUnavailable,
  type PaymentGateway,
} from "./gateway.ts";
import { accessTokenSignature, snapTimestamp, transactionSignature } from "./snap-signature.ts";

/**
 * SNAP BI (Bank Indonesia's open-API standard), the protocol of the bank-interface flow: a B2B
 * access token, then Direct Debit calls signed with the client secret. Paths, service codes and
 * response codes follow the SNAP Developer Site (Bank Indonesia / ASPI): responseCode is the HTTP
 * status (3 digits) + the service code (2) + a case code (2), e.g. 2005400, 4095401.
 */
export interface SnapOptions {
  /** Base URL of the bank interface, e.g. https://api.bank.example/snap (default: this installation's sandbox). */
  baseUrl: string;
  /** X-PARTNER-ID, and X-CLIENT-KEY of the access-token request. */
  partnerId: string;
  /** HMAC-SHA512 key of the transaction signatures. */
  clientSecret: string;
  channelId: string;
  /** PEM: our RSA private key, which signs the access-token request. */
  privateKey: string;
  /** Seconds a call may take (`defaultGatewayTimeoutSeconds` unless told). */
  timeoutSeconds?: number | undefined;
}

export const snapPaths = {
  accessToken: "/v1.0/access-token/b2b",
  payment: "/v1.0/debit/payment-host-to-host",
  status: "/v1.0/debit/status",
  cancel: "/v1.0/debit/cancel",
  refund: "/v1.0/debit/refund",
} as const;

/** Service codes of the SNAP BI standard (the middle two digits of every responseCode). */
export const snapServiceCodes = {
  accessToken: "73",
  payment: "54",
  status: "55",
  cancel: "57",
  refund: "58",
} as const;

/**
 * X-EXTERNAL-ID: a numeric string the bank refuses to see twice from one partner on one day. A new
 * one per message (the time in ms and 16 random digits), never the payment id: a retried call is a
 * new message, and the transaction's key is partnerReferenceNo.
 */
export function snapExternalId(): string {
  const random = () => String(randomInt(0, 100_000_000)).padStart(8, "0");
  return `${Date.now()}${random()}${random()}`;
}

/** IDR amounts travel as strings with two decimals: 15000 → "15000.00". */
export function snapMoney(amount: number): { value: string; currency: "IDR" } {
  return { value: amount.toFixed(2), currency: "IDR" };
}

/**
 * latestTransactionStatus of the standard (Direct Debit status and notification): 00 Success,
 * 01 Initiated, 02 Paying, 03 Pending (not final yet), 04 Refunded, 05 Canceled, 06 Failed,
 * 07 Not found. SNAP has no "expired": a checkout the merchant closed reads 05.
 */
export const snapTransactionStatuses = {
  "00": "SUCCESS",
  "01": "PENDING",
  "02": "PENDING",
  "03": "PENDING",
  "04": "REFUNDED",
  "05": "CANCELLED",
  "06": "FAILED",
  "07": "NOT_FOUND",
} as const satisfies Record<string, GatewayStatus>;

const Money = z.object({ value: z.string().regex(/^\d{1,16}\.\d{2}$/), currency: z.string() });
const Answer = z.object({ responseCode: z.string().regex(/^\d{7}$/), responseMessage: z.string() });
const AccessToken = z.object({
  accessToken: z.string().min(1),
  tokenType: z.string(),
  expiresIn: z.string().regex(/^\d{1,6}$/),
});
const Payment = z.object({ referenceNo: z.string().min(1).max(64), webRedirectUrl: z.url() });
const Status = z.object({
  originalReferenceNo: z.string().max(64).optional(),
  latestTransactionStatus: z.enum(
    Object.keys(snapTransactionStatuses) as [keyof typeof snapTransactionStatuses],
  ),
  amount: Money.optional(),
});

/** A token is used until a minute before the bank says it expires. */
const tokenMarginSeconds = 60;

export function snapGateway(options: SnapOptions, fetchImpl: typeof fetch = fetch): PaymentGateway {
  const base = options.baseUrl.replace(/\/$/, "");
  // The signature covers the path the bank receives, its base path included (`/snap/v1.0/...`).
  const basePath = new URL(base).pathname.replace(/\/$/, "");
  const signingKey = createPrivateKey(options.privateKey);
  const timeout = (options.timeoutSeconds ?? defaultGatewayTimeoutSeconds) * 1000;
  // In memory only: losing it costs one more token call.
  let token: { value: string; expiresAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

  /** One POST; a bank that cannot be reached, fails (5xx) or answers no SNAP body is unavailable. */
  async function exchange(path: string, headers: Record<string, string>, body: string) {
    let response: Response;
    let json: unknown;
    try {
      response = await fetchImpl(base + path, {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/json", ...headers },
        body,
        signal: AbortSignal.timeout(timeout),
      });
      json = await response.json().catch(() => null);
    } catch (error) {
      throw new GatewayUnavailable(`The bank cannot be reached: ${(error as Error).message}`);
    }
    if (response.status >= 500) throw new GatewayUnavailable(`The bank answered ${response.status}`);
    const answer = Answer.safeParse(json);
    if (!answer.success)
      throw new GatewayUnavailable(`The bank answered ${response.status} without a SNAP body`);
    return { status: response.status, ...answer.data, json };
  }

  function read<T>(schema: z.ZodType<T>, json: unknown): T {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new GatewayUnavailable("The bank answered something unreadable");
    return parsed.data;
  }

  async function requestToken(): Promise<string> {
    const timestamp = snapTimestamp();
    const answer = await exchange(
      snapPaths.accessToken,
      {
        "x-timestamp": timestamp,
        "x-client-key": options.partnerId,
        "x-signature": accessTokenSignature(signingKey, options.partnerId, timestamp),
      },
      JSON.stringify({ grantType: "client_credentials" }),
    );
    if (answer.responseCode !== `200${snapServiceCodes.accessToken}00`) {
      throw new GatewayRefused(answer.responseCode, answer.responseMessage);
    }
    const granted = read(AccessToken, answer.json);
    const lifetime = Math.max(0, Number(granted.expiresIn) - tokenMarginSeconds);
    token = { value: granted.accessToken, expiresAt: Date.now() + lifetime * 1000 };
    return granted.accessToken;
  }

  /** The cached token, or one new token call shared by every call waiting for it. */
  function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = undefined;
    });
    return tokenRequest;
  }

  /** A signed transaction call; a 401 drops the token and tries once more with a new one. */
  async function call(
    service: Exclude<keyof typeof snapPaths, "accessToken">,
    payload: object,
    retried = false,
  ) {
    const bearer = await accessToken();
    const body = JSON.stringify(payload);
    const timestamp = snapTimestamp();
    const path = snapPaths[service];
    const answer = await exchange(
      path,
      {
        authorization: `Bearer ${bearer}`,
        "x-timestamp": timestamp,
        "x-signature": transactionSignature(options.clientSecret, {
          method: "POST",
          path: basePath + path,
          accessToken: bearer,
          body,
          timestamp,
        }),
        "x-partner-id": options.partnerId,
        "x-external-id": snapExternalId(),
        "channel-id": options.channelId,
      },
      body,
    );
    if (answer.status === 401 && !retried) {
      if (token?.value === bearer) token = undefined;
      return call(service, payload, true);
    }
    return answer;
  }

  const original = (payment: { externalId: string; referenceNo: string | null }) => ({
    originalPartnerReferenceNo: payment.externalId,
    ...(payment.referenceNo ? { originalReferenceNo: payment.referenceNo } : {}),
  });

  return {
    name: "snap",
    // The access token and the call, and on a 401 a new token and the call again.
    openingMs: 4 * timeout,
    paysAfterDenial: false,

    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const answer = await call("payment", {
        // Our payment id is the transaction's key: the bank refuses a second one (409 54 01).
        partnerReferenceNo: request.externalId,
        amount: snapMoney(request.amount),
        // SNAP knows one return URL: the API's return endpoint asks the bank for the outcome.
        urlParams: [
          { url: request.successUrl, type: "PAY_RETURN", isDeeplink: "N" },
          { url: request.notifyUrl, type: "PAY_NOTIFY", isDeeplink: "N" },
        ],
        // The end of the checkout, as the service counts on (`lateChargeMinutes`): without it the
        // bank's own default applies, which may leave a checkout closed here payable for hours.
        validUpTo: snapTimestamp(new Date(Date.now() + checkoutLifetimeMinutes * 60_000)),
        additionalInfo: {
          merchantName: request.merchant,
          description: request.description,
          language: request.language,
          orderNumber: request.orderNumber,
        },
      });
      if (answer.responseCode !== `200${snapServiceCodes.payment}00`) {
        throw new GatewayRefused(answer.responseCode, answer.responseMessage);
      }
      const created = read(Payment, answer.json);
      return { checkoutUrl: created.webRedirectUrl, referenceNo: created.referenceNo };
    },

    async status(payment): Promise<GatewayRecord> {
      const answer = await call("status", { ...original(payment), serviceCode: snapServiceCodes.payment });
      if (answer.responseCode === `404${snapServiceCodes.status}01`)
        return { status: "NOT_FOUND", amount: null };
      if (answer.responseCode !== `200${snapServiceCodes.status}00`) {
        throw new GatewayRefused(answer.responseCode, answer.responseMessage);
      }
      const found = read(Status, answer.json);
      const status = snapTransactionStatuses[found.latestTransactionStatus];
      if (status === "NOT_FOUND") return { status, amount: null };
      return {
        status,
        amount: found.amount ? Math.round(Number(found.amount.value)) : null,
        ...(found.originalReferenceNo ? { referenceNo: found.originalReferenceNo } : {}),
      };
    },

    async expire(payment): Promise<GatewayRecord> {
      const answer = await call("cancel", { ...original(payment), reason: "Checkout expired" });
      if (answer.responseCode === `200${snapServiceCodes.cancel}00`) {
        return {
          status: "EXPIRED",
          amount: null,
          ...(payment.referenceNo ? { referenceNo: payment.referenceNo } : {}),
        };
      }
      // 404 57 00 Invalid Transaction Status (paid or closed meanwhile), 404 57 01 not found: its record says which.
      if (answer.status === 404) return this.status(payment);
      throw new GatewayRefused(answer.responseCode, answer.responseMessage);
    },

    async refund(payment, reason): Promise<void> {
      const answer = await call("refund", {
        ...original(payment),
        // One refund per payment, so a retry is the same refund.
        partnerRefundNo: `${payment.externalId}-refund`,
        refundAmount: snapMoney(payment.amount),
        reason: reason.slice(0, 256),
      });
      // 409 58 01: that refund was already made.
      const done = [`200${snapServiceCodes.refund}00`, `409${snapServiceCodes.refund}01`];
      if (!done.includes(answer.responseCode))
        throw new GatewayRefused(answer.responseCode, answer.responseMessage);
    },
  };
}
