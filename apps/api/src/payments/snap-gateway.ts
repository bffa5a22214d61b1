import { z } from "zod";
import { HttpError } from "../http/errors.ts";
import type { Checkout, CheckoutRequest, PaymentGateway } from "./gateway.ts";
import { snapSignature } from "./signature.ts";

export interface SnapOptions {
  /** Base URL of the bank interface, e.g. https://api.bank.example/snap (default: this installation's sandbox). */
  baseUrl: string;
  partnerId: string;
  clientSecret: string;
  channelId: string;
}

export const snapPaymentPath = "/v1.0/debit/payment-host-to-host";

const SnapResponse = z.object({
  responseCode: z.string(),
  responseMessage: z.string(),
  referenceNo: z.string().optional(),
  partnerReferenceNo: z.string().optional(),
  webRedirectUrl: z.string().optional(),
});

/**
 * SNAP-style bank-interface adapter: a real HTTP client that signs each request
 * (X-TIMESTAMP, X-PARTNER-ID, X-EXTERNAL-ID, CHANNEL-ID, X-SIGNATURE) and reads webRedirectUrl.
 */
export function snapGateway(options: SnapOptions, fetchImpl: typeof fetch = fetch): PaymentGateway {
  return {
    name: "snap",
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const path = new URL(options.baseUrl).pathname.replace(/\/$/, "") + snapPaymentPath;
      const body = JSON.stringify({
        partnerReferenceNo: request.partnerReferenceNo,
        merchantId: options.partnerId,
        amount: { value: `${request.amount}.00`, currency: "IDR" },
        urlParams: [
          { url: request.successUrl, type: "PAY_RETURN", isDeeplink: "N" },
          { url: request.failedUrl, type: "PAY_RETURN_FAILED", isDeeplink: "N" },
          { url: request.cancelUrl, type: "PAY_RETURN_CANCEL", isDeeplink: "N" },
          { url: request.notifyUrl, type: "PAY_NOTIFY", isDeeplink: "N" },
        ],
        additionalInfo: {
          merchantName: request.merchant,
          description: request.description,
          language: request.language,
        },
      });
      const timestamp = new Date().toISOString();
      let response: Response;
      try {
        response = await fetchImpl(options.baseUrl.replace(/\/$/, "") + snapPaymentPath, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-timestamp": timestamp,
            "x-partner-id": options.partnerId,
            "x-external-id": request.externalId,
            "channel-id": options.channelId,
            "x-signature": snapSignature(options.clientSecret, "POST", path, body, timestamp),
          },
          body,
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        throw new HttpError(502, "The payment service cannot be reached. Please try again.");
      }
      const parsed = SnapResponse.safeParse(await response.json().catch(() => null));
      if (
        !response.ok ||
        !parsed.success ||
        !parsed.data.responseCode.startsWith("200") ||
        !parsed.data.webRedirectUrl
      ) {
        const message = parsed.success ? parsed.data.responseMessage : "unexpected answer";
        throw new HttpError(502, `The payment service refused the payment: ${message}.`);
      }
      return { checkoutUrl: parsed.data.webRedirectUrl, referenceNo: parsed.data.referenceNo ?? "" };
    },
  };
}
