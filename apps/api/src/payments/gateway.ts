/** What the API asks of a payment gateway: a hosted checkout for an amount, and signed results. */
export interface CheckoutRequest {
  /** Our payment id: the gateway's idempotency key (a second request returns the same checkout). */
  externalId: string;
  /** The order number, as the spec sends it. */
  partnerReferenceNo: string;
  amount: number;
  merchant: string;
  description: string;
  /** Where the gateway returns the browser; it appends `payment_status` and `overdue=true`. */
  successUrl: string;
  failedUrl: string;
  cancelUrl: string;
  /** Where the gateway posts its signed notification. */
  notifyUrl: string;
  language: "id" | "en";
}

export interface Checkout {
  checkoutUrl: string;
  referenceNo: string;
}

export interface PaymentGateway {
  readonly name: "sandbox" | "snap";
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
}

/** Result carried by a verified notification. */
export interface PaymentNotice {
  eventId: string;
  referenceNo: string;
  status: "SUCCESS" | "FAILED" | "CANCELLED";
  amount: number;
}
