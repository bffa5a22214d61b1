import { randomUUID } from "node:crypto";
import type { Queryable } from "../../db/database.ts";
import { randomCode } from "../../domain/tokens.ts";
import { conflict, notFound } from "../../http/errors.ts";
import type { CheckoutRequest } from "../gateway.ts";
import { signBody, snapSignature } from "../signature.ts";

/** The sandbox "bank": its own ledger of checkouts, separate from the API's payments. */
export interface SandboxTransaction {
  reference_no: string;
  external_id: string;
  partner_reference_no: string;
  merchant: string;
  description: string;
  amount: number;
  currency: string;
  status: "PENDING" | "SUCCESS" | "FAILED" | "CANCELLED";
  return_url: string;
  failed_url: string;
  cancel_url: string;
  notify_url: string;
  protocol: "sandbox" | "snap";
  charged_count: number;
  notified_at: Date | null;
}

export type SandboxAction = "pay" | "fail" | "cancel";
const outcome = { pay: "SUCCESS", fail: "FAILED", cancel: "CANCELLED" } as const;

/** Opens a checkout; the same external id gets the same checkout back (idempotent). */
export async function openTransaction(
  db: Queryable,
  request: CheckoutRequest,
  protocol: "sandbox" | "snap",
): Promise<SandboxTransaction> {
  const referenceNo = `SBX${randomCode(13)}`;
  await db.query(
    `insert into sandbox_transactions
       (reference_no, external_id, partner_reference_no, merchant, description, amount, return_url, failed_url,
        cancel_url, notify_url, protocol)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (external_id) do nothing`,
    [
      referenceNo,
      request.externalId,
      request.partnerReferenceNo,
      request.merchant,
      request.description,
      request.amount,
      request.successUrl,
      request.failedUrl,
      request.cancelUrl,
      request.notifyUrl,
      protocol,
    ],
  );
  const [row] = await db.query<SandboxTransaction>(
    "select * from sandbox_transactions where external_id = $1",
    [request.externalId],
  );
  return row as SandboxTransaction;
}

export async function findTransaction(db: Queryable, referenceNo: string): Promise<SandboxTransaction> {
  const [row] = await db.query<SandboxTransaction>(
    "select * from sandbox_transactions where reference_no = $1",
    [referenceNo],
  );
  if (!row) throw notFound("This checkout does not exist.");
  return row;
}

/**
 * Finishes a checkout once: the first Pay, Fail or Cancel decides; pressing again (or another
 * button) changes nothing and charges nothing.
 */
export async function finishTransaction(
  db: Queryable,
  referenceNo: string,
  action: SandboxAction,
): Promise<SandboxTransaction> {
  const status = outcome[action];
  const [updated] = await db.query<SandboxTransaction>(
    `update sandbox_transactions
        set status = $2, finished_at = now(), charged_count = charged_count + (case when $2 = 'SUCCESS' then 1 else 0 end)
      where reference_no = $1 and status = 'PENDING'
      returning *`,
    [referenceNo, status],
  );
  return updated ?? findTransaction(db, referenceNo);
}

/** The browser's way back to the shop, with the spec's return parameters. */
export function returnUrl(transaction: SandboxTransaction): string {
  const base =
    transaction.status === "SUCCESS"
      ? transaction.return_url
      : transaction.status === "FAILED"
        ? transaction.failed_url
        : transaction.cancel_url;
  if (transaction.status === "PENDING") throw conflict("This checkout is not finished yet.");
  const url = new URL(base);
  url.searchParams.set("payment_status", transaction.status);
  url.searchParams.set("overdue", "true");
  return url.toString();
}

export interface Delivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The signed notification the sandbox sends, in the protocol the checkout was opened with. */
export function notification(transaction: SandboxTransaction, secret: string, now = new Date()): Delivery {
  const eventId = randomUUID();
  if (transaction.protocol === "snap") {
    const body = JSON.stringify({
      originalPartnerReferenceNo: transaction.partner_reference_no,
      originalReferenceNo: transaction.reference_no,
      originalExternalId: transaction.external_id,
      latestTransactionStatus: { SUCCESS: "00", FAILED: "06", CANCELLED: "05", PENDING: "03" }[
        transaction.status
      ],
      transactionStatusDesc: transaction.status,
      amount: { value: `${transaction.amount}.00`, currency: transaction.currency },
      additionalInfo: { eventId },
    });
    const timestamp = now.toISOString();
    const path = new URL(transaction.notify_url).pathname;
    return {
      url: transaction.notify_url,
      headers: {
        "content-type": "application/json",
        "x-timestamp": timestamp,
        "x-signature": snapSignature(secret, "POST", path, body, timestamp),
      },
      body,
    };
  }
  const body = JSON.stringify({
    eventId,
    referenceNo: transaction.reference_no,
    externalId: transaction.external_id,
    partnerReferenceNo: transaction.partner_reference_no,
    status: transaction.status,
    amount: transaction.amount,
  });
  return {
    url: transaction.notify_url,
    headers: { "content-type": "application/json", "x-sandbox-signature": signBody(secret, body) },
    body,
  };
}

/** Delivers the notification over HTTP, retrying a little; records when the API acknowledged it. */
export async function deliver(
  db: Queryable,
  transaction: SandboxTransaction,
  secret: string,
): Promise<boolean> {
  const delivery = notification(transaction, secret);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const response = await fetch(delivery.url, {
        method: "POST",
        headers: delivery.headers,
        body: delivery.body,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) {
        await db.query("update sandbox_transactions set notified_at = now() where reference_no = $1", [
          transaction.reference_no,
        ]);
        return true;
      }
      if (response.status >= 400 && response.status < 500) return false;
    } catch {
      // Network failure: try again after a short pause.
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
  }
  return false;
}
