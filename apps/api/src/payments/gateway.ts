/**
 * What the API asks of a payment gateway: a hosted checkout for an amount, the gateway's own record
 * of it (reconciliation), closing an unpaid checkout, and a refund. Two protocols implement it:
 * Midtrans Snap (the non-interface flow) and SNAP BI (the bank-interface flow); by default both talk
 * to this installation's sandbox.
 */
export type GatewayName = "midtrans" | "snap";

/** Seconds a call to a gateway may take unless PAYMENT_GATEWAY_TIMEOUT says otherwise. */
export const defaultGatewayTimeoutSeconds = 15;

/**
 * Minutes a checkout can be paid once opened. Every adapter tells its gateway so when it opens one
 * (Midtrans's `expiry`, SNAP's `validUpTo`), and the payment service relies on it: a payment closed
 * here is asked about only for this long and a margin (`lateChargeMinutes`).
 */
export const checkoutLifetimeMinutes = 60;

export interface CheckoutRequest {
  /** Our payment id: the gateway's transaction key (Midtrans `order_id`, SNAP `partnerReferenceNo`). */
  externalId: string;
  /** The order number people see. */
  orderNumber: string;
  amount: number;
  merchant: string;
  description: string;
  /** Where the gateway returns the browser for each outcome. */
  successUrl: string;
  failedUrl: string;
  cancelUrl: string;
  /** Where the gateway posts its signed notification. */
  notifyUrl: string;
  language: "id" | "en";
  customer: { name: string; email: string; phone: string };
}

export interface Checkout {
  checkoutUrl: string;
  /** The gateway's reference of the transaction (may be empty until it is paid, as with Midtrans). */
  referenceNo: string;
}

/** A payment as the gateway knows it. */
export interface GatewayPaymentRef {
  externalId: string;
  referenceNo: string | null;
  amount: number;
}

/**
 * The gateway's state of a checkout. NOT_FOUND: the gateway has no transaction under that key (it
 * was never opened, or never started). REFUNDED: charged, then given back.
 */
export type GatewayStatus =
  | "PENDING"
  | "SUCCESS"
  | "FAILED"
  | "CANCELLED"
  | "EXPIRED"
  | "REFUNDED"
  | "NOT_FOUND";

export interface GatewayRecord {
  status: GatewayStatus;
  /** Amount the gateway holds for the transaction; null when it has none. */
  amount: number | null;
  referenceNo?: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /**
   * The longest `createCheckout` may take: each of its calls at most once, each bounded by the
   * time-out. Until then a payment without its checkout may still be being opened.
   */
  readonly openingMs: number;
  /**
   * A denied payment may still be paid on the same checkout (Midtrans's Snap page lets the customer
   * try another card): its FAILED is not the checkout's end.
   */
  readonly paysAfterDenial: boolean;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The gateway's own record (its status call). Throws GatewayUnavailable when it cannot answer. */
  status(payment: GatewayPaymentRef): Promise<GatewayRecord>;
  /**
   * Closes a checkout that is not paid, so it can no longer be charged. Answers the record after: a
   * checkout that was charged meanwhile answers SUCCESS, and must then be credited (or refunded).
   */
  expire(payment: GatewayPaymentRef): Promise<GatewayRecord>;
  /** Gives a charged amount back (idempotent per payment). */
  refund(payment: GatewayPaymentRef, reason: string): Promise<void>;
}

/** Result carried by a verified notification. */
export interface PaymentNotice {
  /** Unique per delivery event; a repeated event is acknowledged and not applied again. */
  eventId: string;
  /** Our payment id (the gateway's transaction key). */
  externalId: string;
  referenceNo: string | null;
  status: Exclude<GatewayStatus, "NOT_FOUND">;
  amount: number;
}

/** The gateway did not answer, or answered something that cannot be read: try again later. */
export class GatewayUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GatewayUnavailable";
  }
}

/** The gateway refused the request (bad signature, duplicate key, invalid field). */
export class GatewayRefused extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = "GatewayRefused";
    this.code = code;
  }
}
