import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { checkoutPage } from "./checkout-page.ts";
import { expireIfDue, findTransaction, finishTransaction, type SandboxTransaction } from "./ledger.ts";
import { midtransNotification, midtransSandboxRoutes, midtransState } from "./midtrans.ts";
import { deliverNow, type NotificationBuilders, startOutboxWorker } from "./outbox.ts";
import { snapBankRoutes, snapNotification } from "./snap-bank.ts";

/**
 * The payment-gateway sandbox, standing in for the gateways on this machine: a local Midtrans
 * (`/demo/midtrans`) and a local SNAP BI bank (`/demo/snap`), one hosted checkout page with Pay /
 * Fail / Cancel, and an outbox that delivers their signed notifications until the API answers 2xx.
 */
export async function sandboxRoutes(app: FastifyInstance, db: Database, config: ApiConfig): Promise<void> {
  const builders: NotificationBuilders = {
    midtrans: midtransNotification(config.payments.midtransServerKey),
    snap: snapNotification(config),
  };
  await midtransSandboxRoutes(app, db, config);
  await snapBankRoutes(app, db, config);

  const notify = config.payments.sandboxNotifications;
  let stopWorker: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    if (notify) stopWorker = startOutboxWorker(db, builders, app.log);
  });
  app.addHook("preClose", async () => {
    await stopWorker?.();
  });

  await app.register(async (scope) => {
    // The checkout page's forms post url-encoded and empty bodies.
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, _body, done) => done(null, {}),
    );

    const Params = z.object({ referenceNo: z.string().regex(/^[A-Z0-9]{1,40}$/) });

    scope.get(
      "/demo/pay/:referenceNo",
      { schema: { hide: true, params: Params } },
      async (request, reply) => {
        const { referenceNo } = request.params as z.infer<typeof Params>;
        const transaction = await expireIfDue(db, await findTransaction(db, referenceNo));
        return reply
          .header("content-type", "text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .header(
            "content-security-policy",
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
          )
          .send(checkoutPage(transaction));
      },
    );

    const ActionParams = Params.extend({ action: z.enum(["pay", "fail", "cancel", "return"]) });

    scope.post(
      "/demo/pay/:referenceNo/:action",
      { schema: { hide: true, params: ActionParams } },
      async (request, reply) => {
        const { referenceNo, action } = request.params as z.infer<typeof ActionParams>;
        let transaction = await expireIfDue(db, await findTransaction(db, referenceNo));
        if (action !== "return") transaction = await finishTransaction(db, referenceNo, action);
        // "Back to the shop" from an open checkout is Midtrans's window redirection once a virtual
        // account or a QRIS code is shown (status_code=201, pending; still payable), or a SNAP bank
        // returning before it settled: the shop must not take it as the end of the payment.
        if (transaction.status === "PENDING" && action !== "return") {
          return reply.redirect(`/demo/pay/${encodeURIComponent(referenceNo)}`, 303);
        }
        // The merchant learns the result from the signed notification; the outbox worker re-sends
        // it if this first attempt does not get through.
        if (notify && !(await deliverNow(db, builders, referenceNo, request.log))) {
          request.log.warn({ referenceNo }, "payment notification not delivered yet");
        }
        return reply.redirect(finishUrl(transaction), 303);
      },
    );
  });
}

/**
 * Where the checkout sends the browser back. Midtrans appends the outcome to its finish address
 * (order_id, status_code, transaction_status); a SNAP bank returns to PAY_RETURN as it is. Neither is
 * proof of payment: the merchant asks the gateway.
 */
export function finishUrl(transaction: SandboxTransaction): string {
  const url = new URL(transaction.return_url);
  if (transaction.protocol === "midtrans") {
    const state = midtransState(transaction);
    url.searchParams.set("merchant_id", "M-SANDBOX");
    url.searchParams.set("order_id", transaction.external_id);
    url.searchParams.set("status_code", state.code);
    url.searchParams.set("transaction_status", state.status);
  }
  return url.toString();
}
