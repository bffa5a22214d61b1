import type { Queryable } from "../db/database.ts";
import type { Checkout, CheckoutRequest, PaymentGateway } from "./gateway.ts";
import { openTransaction } from "./sandbox/ledger.ts";

/** The default gateway: the sandbox running inside this API, opened directly. */
export function sandboxGateway(db: Queryable, origin: string): PaymentGateway {
  return {
    name: "sandbox",
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const transaction = await openTransaction(db, request, "sandbox");
      return {
        referenceNo: transaction.reference_no,
        checkoutUrl: `${origin}/demo/pay/${encodeURIComponent(transaction.reference_no)}`,
      };
    },
  };
}
