import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { keepRawJsonBody, rawBody } from "../../http/raw-body.ts";
import { sameSignature, snapSignature } from "../signature.ts";
import { snapPaymentPath } from "../snap-gateway.ts";
import { checkoutPage } from "./checkout-page.ts";
import { deliver, findTransaction, finishTransaction, openTransaction, returnUrl } from "./ledger.ts";

const SnapPaymentRequest = z.object({
  partnerReferenceNo: z.string().min(1).max(64),
  amount: z.object({ value: z.string().regex(/^\d+\.\d{2}$/), currency: z.literal("IDR") }),
  urlParams: z.array(z.object({ url: z.string().url(), type: z.string(), isDeeplink: z.string() })).min(1),
  additionalInfo: z
    .object({
      merchantName: z.string().max(100),
      description: z.string().max(200),
      language: z.enum(["id", "en"]),
    })
    .partial()
    .default({}),
});

const snapError = (code: string, message: string) => ({ responseCode: code, responseMessage: message });

/**
 * The payment-gateway sandbox, standing in for the bank on this machine: a SNAP-style payment
 * endpoint, a hosted checkout page with Pay / Fail / Cancel, and signed notifications back to the API.
 */
export async function sandboxRoutes(app: FastifyInstance, db: Database, config: ApiConfig): Promise<void> {
  await app.register(async (scope) => {
    // Malformed JSON reaches the handler as null and gets a SNAP-style answer.
    keepRawJsonBody(scope, "null");
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, _body, done) => done(null, {}),
    );

    scope.post(`/demo/snap${snapPaymentPath}`, { schema: { hide: true } }, async (request, reply) => {
      const raw = rawBody(request);
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === "string" ? value : undefined;
      };
      const timestamp = header("x-timestamp");
      const externalId = header("x-external-id");
      const expected = timestamp
        ? snapSignature(
            config.payments.snapClientSecret,
            "POST",
            `/demo/snap${snapPaymentPath}`,
            raw,
            timestamp,
          )
        : "";
      if (!expected || !sameSignature(expected, header("x-signature"))) {
        return reply.status(401).send(snapError("4015400", "Unauthorized. Invalid signature"));
      }
      if (header("x-partner-id") !== config.payments.snapPartnerId || !externalId) {
        return reply
          .status(401)
          .send(snapError("4015401", "Unauthorized. Unknown partner or missing external id"));
      }
      const parsed = SnapPaymentRequest.safeParse(request.body);
      if (!parsed.success)
        return reply.status(400).send(snapError("4005400", "Bad request. Invalid field format"));
      const body = parsed.data;
      const url = (type: string) => body.urlParams.find((param) => param.type === type)?.url;
      const returnTo = url("PAY_RETURN") ?? body.urlParams[0]!.url;
      const notifyUrl = url("PAY_NOTIFY");
      if (!notifyUrl)
        return reply.status(400).send(snapError("4005402", "Bad request. Missing PAY_NOTIFY url"));
      const transaction = await openTransaction(
        db,
        {
          externalId,
          partnerReferenceNo: body.partnerReferenceNo,
          amount: Math.round(Number(body.amount.value)),
          merchant: body.additionalInfo.merchantName ?? `${config.productName}Box`,
          description: body.additionalInfo.description ?? "Payment",
          successUrl: returnTo,
          failedUrl: url("PAY_RETURN_FAILED") ?? returnTo,
          cancelUrl: url("PAY_RETURN_CANCEL") ?? returnTo,
          notifyUrl,
          language: body.additionalInfo.language ?? "id",
        },
        "snap",
      );
      const origin = `${request.protocol}://${request.host}`;
      return reply.send({
        responseCode: "2005400",
        responseMessage: "Successful",
        referenceNo: transaction.reference_no,
        partnerReferenceNo: transaction.partner_reference_no,
        webRedirectUrl: `${origin}/demo/pay/${encodeURIComponent(transaction.reference_no)}`,
      });
    });

    const Params = z.object({ referenceNo: z.string().regex(/^[A-Z0-9]{1,40}$/) });

    scope.get(
      "/demo/pay/:referenceNo",
      { schema: { hide: true, params: Params } },
      async (request, reply) => {
        const { referenceNo } = request.params as z.infer<typeof Params>;
        const transaction = await findTransaction(db, referenceNo);
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
        let transaction = await findTransaction(db, referenceNo);
        if (action !== "return") transaction = await finishTransaction(db, referenceNo, action);
        if (transaction.status === "PENDING")
          return reply.redirect(`/demo/pay/${encodeURIComponent(referenceNo)}`, 303);
        // The API learns the result from this signed notification, never from the browser's return.
        if (!transaction.notified_at) {
          const delivered = await deliver(
            db,
            transaction,
            transaction.protocol === "snap" ? config.payments.snapClientSecret : config.payments.secret,
          );
          if (!delivered) request.log.warn({ referenceNo }, "payment notification not delivered");
        }
        return reply.redirect(returnUrl(transaction), 303);
      },
    );
  });
}
