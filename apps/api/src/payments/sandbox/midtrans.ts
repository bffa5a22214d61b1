import { randomUUID } from "node:crypto";
import { calls } from "@paxelbox/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import {
  type MidtransTransactionStatus,
  midtransSignature,
  midtransStatusCode,
} from "../midtrans-gateway.ts";
import { sameSignature } from "../signature.ts";
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
 * A local Midtrans: Snap's create-transaction call and the Core API's status, expire, cancel and
 * refund calls, with Midtrans's rules — Basic auth with the server key, a unique order_id, the gross
 * amount equal to the items' sum — and its HTTP notifications. Notifications go to the URL the
 * merchant's dashboard names (here: this site's notification call, on its configured origin), or
 * to the URLs of an `X-Override-Notification` / `X-Append-Notification` header of the transaction.
 */

const merchantId = "M-SANDBOX";

/** Midtrans `transaction_status` of a ledger row. */
function midtransTransactionStatus(transaction: SandboxTransaction): MidtransTransactionStatus {
  if (transaction.refunded_amount > 0) return "refund";
  switch (transaction.status) {
    case "SUCCESS":
      return "settlement";
    case "FAILED":
      return "deny";
    case "CANCELLED":
      return "cancel";
    case "EXPIRED":
      return "expire";
    default:
      return "pending";
  }
}

/** Midtrans `transaction_status` and `status_code` of a ledger row. */
export function midtransState(transaction: SandboxTransaction): { status: string; code: string } {
  const status = midtransTransactionStatus(transaction);
  return { status, code: midtransStatusCode(status) };
}

const grossAmount = (transaction: SandboxTransaction) => `${transaction.amount}.00`;

/** The Core API's record of a transaction, as the status call and the notification carry it. */
function transactionRecord(transaction: SandboxTransaction) {
  const state = midtransState(transaction);
  return {
    status_code: state.code,
    status_message: "Success, transaction is found",
    transaction_id: transaction.reference_no,
    order_id: transaction.external_id,
    merchant_id: merchantId,
    gross_amount: grossAmount(transaction),
    currency: "IDR",
    payment_type: "bank_transfer",
    transaction_time: transaction.created_at.toISOString().replace("T", " ").slice(0, 19),
    transaction_status: state.status,
    fraud_status: "accept",
  };
}

/** The HTTP notification Midtrans posts to each notification URL, signed with the server key. */
export function midtransNotification(serverKey: string): NotificationBuilder {
  return (transaction) => {
    const record = transactionRecord(transaction);
    const body = JSON.stringify({
      ...record,
      status_message: `midtrans payment notification ${randomUUID()}`,
      signature_key: midtransSignature(record.order_id, record.status_code, record.gross_amount, serverKey),
    });
    return notificationUrls(transaction.notify_url).map((url) => ({
      url,
      headers: { "content-type": "application/json" },
      body,
    }));
  };
}

/** The ledger keeps a transaction's notification URLs in one column, comma-separated as the headers carry them. */
const notificationUrls = (column: string) => column.split(",").filter(Boolean);

/**
 * Up to three URLs, comma-separated, as `X-Override-Notification` and `X-Append-Notification` carry
 * them; null when the header is absent, "invalid" when it is not such a list.
 */
function headerUrls(value: string | string[] | undefined): string[] | "invalid" | null {
  if (value === undefined) return null;
  if (typeof value !== "string") return "invalid";
  const urls = value
    .split(",")
    .map((url) => url.trim())
    .filter(Boolean);
  const valid = urls.every((url) => /^https?:$/.test(URL.parse(url)?.protocol ?? ""));
  return urls.length > 0 && urls.length <= 3 && valid ? urls : "invalid";
}

const CreateTransaction = z.object({
  transaction_details: z.object({
    order_id: z
      .string()
      .min(1)
      .max(50)
      .regex(/^[A-Za-z0-9\-_.~]+$/),
    gross_amount: z.number().int().positive(),
  }),
  item_details: z
    .array(
      z.object({
        id: z.string().max(50).optional(),
        price: z.number().int(),
        quantity: z.number().int().positive(),
        name: z.string().min(1).max(50),
        merchant_name: z.string().max(50).optional(),
      }),
    )
    .optional(),
  customer_details: z
    .object({
      first_name: z.string().max(255).optional(),
      email: z.string().max(255).optional(),
      phone: z.string().max(255).optional(),
    })
    .optional(),
  callbacks: z.object({ finish: z.string().url() }).partial().optional(),
  expiry: z
    .object({ unit: z.enum(["minutes", "hours", "days"]), duration: z.number().int().positive() })
    .optional(),
});

/** Midtrans's error shape for the Snap API. */
const snapError = (reply: FastifyReply, status: number, ...messages: string[]) =>
  reply.status(status).send({ error_messages: messages });

export async function midtransSandboxRoutes(
  app: FastifyInstance,
  db: Database,
  config: ApiConfig,
): Promise<void> {
  const serverKey = config.payments.midtransServerKey;
  const expected = `Basic ${Buffer.from(`${serverKey}:`).toString("base64")}`;
  const authorised = (request: FastifyRequest) => sameSignature(expected, request.headers.authorization);
  const unauthorised = {
    status_code: "401",
    status_message:
      "Transaction cannot be authorized with the current client/server key. Please check your client/server key",
  };

  await app.register(async (scope) => {
    scope.post("/demo/midtrans/snap/v1/transactions", { schema: { hide: true } }, async (request, reply) => {
      if (!authorised(request)) {
        return snapError(
          reply,
          401,
          "Access denied due to unauthorized transaction, please check client or server key",
        );
      }
      const parsed = CreateTransaction.safeParse(request.body);
      if (!parsed.success) {
        return snapError(
          reply,
          400,
          ...parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`),
        );
      }
      const body = parsed.data;
      const items = body.item_details ?? [];
      const sum = items.reduce((total, item) => total + item.price * item.quantity, 0);
      if (items.length > 0 && sum !== body.transaction_details.gross_amount) {
        return snapError(
          reply,
          400,
          "transaction_details.gross_amount is not equal to the sum of item_details",
        );
      }
      // The merchant's dashboard settings: this site's notification call and its home page as the
      // finish address, on the configured origin (never the request's Host).
      const origin = app.publicOrigin();
      const dashboard = `${origin}${calls.paymentNotification.path}`;
      const override = headerUrls(request.headers["x-override-notification"]);
      const append = headerUrls(request.headers["x-append-notification"]);
      if (override === "invalid" || append === "invalid") {
        return snapError(reply, 400, "Notification URL headers take up to 3 comma-separated http(s) URLs");
      }
      // Midtrans: the override replaces the dashboard's URL; an append adds to it; with both, the override wins.
      const notifyUrls = override ?? [dashboard, ...(append ?? [])];
      const finish = body.callbacks?.finish ?? `${origin}/`;
      const opened = await openTransaction(
        db,
        {
          externalId: body.transaction_details.order_id,
          orderNumber: items[0]?.id ?? body.transaction_details.order_id,
          amount: body.transaction_details.gross_amount,
          merchant: items[0]?.merchant_name ?? `${config.productName}Box`,
          description: items.map((item) => item.name).join(", ") || "Payment",
          // Midtrans has one finish address per transaction; it appends the outcome to it.
          successUrl: finish,
          failedUrl: finish,
          cancelUrl: finish,
          notifyUrl: notifyUrls.join(","),
        },
        "midtrans",
      );
      if (!opened) {
        return snapError(reply, 400, "transaction_details.order_id sudah digunakan");
      }
      return reply.status(201).send({
        token: opened.reference_no,
        redirect_url: `${origin}/demo/pay/${encodeURIComponent(opened.reference_no)}`,
      });
    });

    const Params = z.object({ orderId: z.string().min(1).max(50) });

    /** The Core API's answer for an order_id or a transaction_id: the transaction, or Midtrans's 404. */
    const withTransaction =
      (
        handle: (
          transaction: SandboxTransaction,
          request: FastifyRequest,
          reply: FastifyReply,
        ) => Promise<unknown>,
      ) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (!authorised(request)) return reply.status(401).send(unauthorised);
        const params = Params.safeParse(request.params);
        const transaction = params.success
          ? await transactionByKeyOrReference(db, params.data.orderId, "midtrans")
          : null;
        if (!transaction) {
          return reply.status(404).send({ status_code: "404", status_message: "Transaction doesn't exist." });
        }
        return handle(await expireIfDue(db, transaction), request, reply);
      };

    scope.get(
      "/demo/midtrans/v2/:orderId/status",
      { schema: { hide: true } },
      withTransaction(async (transaction) => transactionRecord(transaction)),
    );

    // Expire answers status_code 407 and transaction_status expire; cancel answers 200 and cancel.
    const closing = {
      expire: { status: "EXPIRED", message: "Success, transaction has expired" },
      cancel: { status: "CANCELLED", message: "Success, transaction is canceled" },
    } as const;
    for (const [action, close] of Object.entries(closing)) {
      scope.post(
        `/demo/midtrans/v2/:orderId/${action}`,
        { schema: { hide: true } },
        withTransaction(async (transaction, _request, reply) => {
          const closed =
            transaction.status === "PENDING"
              ? await expireTransaction(db, transaction.reference_no, close.status)
              : transaction;
          // Finished before (or while) the call came: paid, failed or closed.
          if (closed.status !== close.status || transaction.status !== "PENDING") {
            return reply.send({
              status_code: "412",
              status_message: "Merchant cannot modify the status of the transaction",
            });
          }
          return reply.send({ ...transactionRecord(closed), status_message: close.message });
        }),
      );
    }

    const Refund = z.object({
      refund_key: z.string().min(1).max(50).optional(),
      amount: z.number().int().positive().optional(),
      reason: z.string().max(255).optional(),
    });

    scope.post(
      "/demo/midtrans/v2/:orderId/refund",
      { schema: { hide: true } },
      withTransaction(async (transaction, request, reply) => {
        const body = Refund.safeParse(request.body ?? {});
        if (!body.success)
          return reply.send({ status_code: "400", status_message: "Invalid refund request" });
        if (transaction.status !== "SUCCESS") {
          return reply.send({ status_code: "412", status_message: "Transaction cannot be refunded" });
        }
        if (body.data.amount !== undefined && body.data.amount !== transaction.amount) {
          return reply.send({ status_code: "412", status_message: "The sandbox refunds whole amounts only" });
        }
        const refunded = await refundTransaction(db, transaction.reference_no);
        return reply.send({
          ...transactionRecord(refunded),
          status_message: "Success, refund request is approved",
          refund_amount: grossAmount(refunded),
          refund_key: body.data.refund_key ?? null,
        });
      }),
    );
  });
}
