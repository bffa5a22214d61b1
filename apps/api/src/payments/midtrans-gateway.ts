import { hash } from "node:crypto";
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
import { sameSignature } from "./signature.ts";

/**
 * Midtrans Snap, the hosted checkout behind the non-interface flow: Snap API to open a checkout,
 * Core API v2 for the transaction's status, expiry and refund. Plain fetch with Basic auth
 * (the server key and an empty password), as the official clients do. Notifications go to the
 * notification URL set in the merchant's Midtrans dashboard: this site's `/api/v1/payments/notify`
 * (docs/payments.md); no transaction overrides it.
 */
export interface MidtransOptions {
  serverKey: string;
  /** Snap API base, e.g. https://app.sandbox.midtrans.com/snap */
  snapBaseUrl: string;
  /** Core API base, e.g. https://api.sandbox.midtrans.com */
  apiBaseUrl: string;
  /** Seconds a call may take (`defaultGatewayTimeoutSeconds` unless told). */
  timeoutSeconds?: number | undefined;
}

export const midtransEndpoints = {
  sandbox: {
    snapBaseUrl: "https://app.sandbox.midtrans.com/snap",
    apiBaseUrl: "https://api.sandbox.midtrans.com",
  },
  production: { snapBaseUrl: "https://app.midtrans.com/snap", apiBaseUrl: "https://api.midtrans.com" },
} as const;

/** `signature_key` of a Midtrans notification: SHA-512 of order_id + status_code + gross_amount + server key. */
export function midtransSignature(
  orderId: string,
  statusCode: string,
  grossAmount: string,
  serverKey: string,
): string {
  return hash("sha512", `${orderId}${statusCode}${grossAmount}${serverKey}`, "hex");
}

export function verifyMidtransSignature(
  notice: { order_id: string; status_code: string; gross_amount: string; signature_key: string },
  serverKey: string,
): boolean {
  return sameSignature(
    midtransSignature(notice.order_id, notice.status_code, notice.gross_amount, serverKey),
    notice.signature_key,
  );
}

/**
 * Each Midtrans `transaction_status` (a card capture with its `fraud_status`): the gateway status it
 * means, and the `status_code`s Midtrans sends with it (docs.midtrans.com/reference/code-statuses),
 * the usual one first. `authorize` is a card pre-authorisation not captured yet: still pending. A
 * refund or a chargeback (the bank took the money back) after a charge, whole or partial, is money
 * given back: REFUNDED (service.ts settles it).
 */
const midtransOutcomes = {
  // Card capture: accepted by fraud detection → charged; challenged → waits for the merchant's
  // decision; denied → failed.
  capture: { status: "SUCCESS", codes: ["200"] },
  "capture:challenge": { status: "PENDING", codes: ["201"] },
  "capture:deny": { status: "FAILED", codes: ["202"] },
  authorize: { status: "PENDING", codes: ["200"] },
  settlement: { status: "SUCCESS", codes: ["200"] },
  pending: { status: "PENDING", codes: ["201"] },
  deny: { status: "FAILED", codes: ["202"] },
  failure: { status: "FAILED", codes: ["202"] },
  // The Core API answers a cancel 200 and an expiry 407; notifications may carry 202 for either.
  cancel: { status: "CANCELLED", codes: ["200", "202"] },
  expire: { status: "EXPIRED", codes: ["407", "202"] },
  refund: { status: "REFUNDED", codes: ["200"] },
  partial_refund: { status: "REFUNDED", codes: ["200"] },
  chargeback: { status: "REFUNDED", codes: ["200"] },
  partial_chargeback: { status: "REFUNDED", codes: ["200"] },
} as const satisfies Record<string, { status: GatewayStatus; codes: readonly [string, ...string[]] }>;

export type MidtransTransactionStatus = Exclude<keyof typeof midtransOutcomes, `capture:${string}`>;

function midtransOutcome(transactionStatus: string, fraudStatus: string | undefined) {
  const key =
    transactionStatus === "capture" && (fraudStatus === "challenge" || fraudStatus === "deny")
      ? `capture:${fraudStatus}`
      : transactionStatus;
  return Object.hasOwn(midtransOutcomes, key) ? midtransOutcomes[key as keyof typeof midtransOutcomes] : null;
}

/** Midtrans `transaction_status` (with `fraud_status`) as a gateway status; one it does not document is pending. */
export function midtransStatus(transactionStatus: string, fraudStatus?: string): GatewayStatus {
  return midtransOutcome(transactionStatus, fraudStatus)?.status ?? "PENDING";
}

/** The `status_code` Midtrans usually sends with a `transaction_status`. */
export function midtransStatusCode(transactionStatus: MidtransTransactionStatus): string {
  return midtransOutcomes[transactionStatus].codes[0];
}

/**
 * The gateway status a notification carries, or null when its `transaction_status` disagrees with
 * its `status_code`: the signature covers only the code, so a genuine pending notification's
 * signature must not carry a settlement. A status Midtrans does not document is pending, whatever
 * its code: it changes nothing.
 */
export function midtransNotifiedStatus(notice: {
  transaction_status: string;
  fraud_status?: string | undefined;
  status_code: string;
}): GatewayStatus | null {
  const outcome = midtransOutcome(notice.transaction_status, notice.fraud_status);
  if (!outcome) return "PENDING";
  return (outcome.codes as readonly string[]).includes(notice.status_code) ? outcome.status : null;
}

/** `"15000.00"` → 15000 */
export function midtransAmount(grossAmount: string): number {
  return Math.round(Number(grossAmount));
}

const SnapCreated = z.object({ token: z.string().min(1), redirect_url: z.string().url() });
const SnapError = z.object({ error_messages: z.array(z.string()).default([]) });
const TransactionRecord = z.object({
  status_code: z.string(),
  status_message: z.string().optional(),
  transaction_id: z.string().optional(),
  transaction_status: z.string().optional(),
  fraud_status: z.string().optional(),
  gross_amount: z.string().optional(),
});

export function midtransGateway(options: MidtransOptions, fetchImpl: typeof fetch = fetch): PaymentGateway {
  const authorization = `Basic ${Buffer.from(`${options.serverKey}:`).toString("base64")}`;
  const base = (url: string) => url.replace(/\/$/, "");
  const timeout = (options.timeoutSeconds ?? defaultGatewayTimeoutSeconds) * 1000;

  async function send(
    url: string,
    init: { method: string; body?: unknown; headers?: Record<string, string> },
  ) {
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: init.method,
        headers: {
          accept: "application/json",
          authorization,
          ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
          ...init.headers,
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(timeout),
      });
    } catch (error) {
      throw new GatewayUnavailable(`Midtrans cannot be reached: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as unknown;
    if (response.status >= 500) throw new GatewayUnavailable(`Midtrans answered ${response.status}`);
    return { status: response.status, body };
  }

  /** Core API answers carry their own status_code; 404 means Midtrans has no such transaction. */
  function record(body: unknown): GatewayRecord {
    const parsed = TransactionRecord.safeParse(body);
    if (!parsed.success) throw new GatewayUnavailable("Midtrans answered something unreadable");
    const data = parsed.data;
    if (data.status_code === "404") return { status: "NOT_FOUND", amount: null };
    if (data.status_code === "401") throw new GatewayRefused("401", data.status_message ?? "Unauthorized");
    if (!data.transaction_status) {
      throw new GatewayRefused(data.status_code, data.status_message ?? "Midtrans refused the request");
    }
    return {
      status: midtransStatus(data.transaction_status, data.fraud_status),
      amount: data.gross_amount ? midtransAmount(data.gross_amount) : null,
      ...(data.transaction_id ? { referenceNo: data.transaction_id } : {}),
    };
  }

  const transactionUrl = (externalId: string, action: string) =>
    `${base(options.apiBaseUrl)}/v2/${encodeURIComponent(externalId)}/${action}`;

  return {
    name: "midtrans",
    // One call: Snap's transaction.
    openingMs: timeout,
    paysAfterDenial: true,
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const { status, body } = await send(`${base(options.snapBaseUrl)}/v1/transactions`, {
        method: "POST",
        body: {
          transaction_details: { order_id: request.externalId, gross_amount: request.amount },
          item_details: [
            {
              id: request.orderNumber.slice(0, 50),
              price: request.amount,
              quantity: 1,
              name: request.description.slice(0, 50),
              merchant_name: request.merchant.slice(0, 50),
            },
          ],
          customer_details: {
            first_name: request.customer.name.slice(0, 255) || request.orderNumber,
            ...(request.customer.email ? { email: request.customer.email } : {}),
            ...(request.customer.phone ? { phone: request.customer.phone } : {}),
          },
          callbacks: { finish: request.successUrl },
          // After this Midtrans expires the checkout.
          expiry: { unit: "minutes", duration: checkoutLifetimeMinutes },
        },
      });
      if (status === 201 || status === 200) {
        const created = SnapCreated.safeParse(body);
        if (!created.success) throw new GatewayUnavailable("Midtrans answered something unreadable");
        // Snap's token names the checkout, not the transaction: Midtrans gives the transaction_id
        // once the customer pays, and settle() keeps it from its first record.
        return { checkoutUrl: created.data.redirect_url, referenceNo: "" };
      }
      const messages = SnapError.safeParse(body).data?.error_messages ?? [];
      const duplicate = messages.some((message) => /order_id/i.test(message));
      throw new GatewayRefused(
        duplicate ? "duplicate-order-id" : String(status),
        messages.join("; ") || `Midtrans answered ${status}`,
      );
    },

    async status(payment) {
      const { body } = await send(transactionUrl(payment.externalId, "status"), { method: "GET" });
      return record(body);
    },

    async expire(payment) {
      const { body } = await send(transactionUrl(payment.externalId, "expire"), { method: "POST" });
      const answer = TransactionRecord.safeParse(body).data;
      // 412: the transaction can no longer be changed (it was paid or closed meanwhile).
      if (answer?.status_code === "412") return this.status(payment);
      return record(body);
    },

    async refund(payment, reason) {
      const { body } = await send(transactionUrl(payment.externalId, "refund"), {
        method: "POST",
        body: {
          refund_key: `${payment.externalId}-refund`,
          amount: payment.amount,
          reason: reason.slice(0, 255),
        },
      });
      const answer = TransactionRecord.safeParse(body).data;
      if (answer?.status_code !== "200") {
        throw new GatewayRefused(answer?.status_code ?? "?", answer?.status_message ?? "Refund refused");
      }
    },
  };
}
