import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import type { GatewayName, PaymentGateway } from "../../src/payments/gateway.ts";
import { paymentGateways } from "../../src/payments/gateways.ts";
import {
  checkLatestPayment,
  createOverduePayment,
  type GatewayLookup,
  type PaymentContext,
  reconcile,
} from "../../src/payments/service.ts";
import { scenario, useApp, useServer } from "../helpers.ts";

/**
 * A checkout takes a while to open (SNAP BI: a token and the call, and on a 401 both again). Until
 * the gateway has answered, the payment has no checkout and the gateway knows nothing of it: the
 * screen's check and the reconciliation job must not give it up meanwhile, and a payment given up
 * meanwhile (by a second Pay that waited longer than one call) must not have its checkout handed out.
 */
const app = useApp({ PAYMENT_RECONCILE_AGE: "1" });
const origin = useServer(app);

/** The installation's gateways, with `name`'s checkouts held until `open()` is called. */
function heldGateways(name: GatewayName) {
  const gateways = paymentGateways(loadConfig({ NODE_ENV: "test" }), () => origin());
  const real = gateways(name);
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let asked = false;
  const held: PaymentGateway = {
    ...real,
    async createCheckout(request) {
      asked = true;
      await gate;
      return real.createCheckout(request);
    },
  };
  const lookup: GatewayLookup = (wanted) => (wanted === name ? held : gateways(wanted));
  return { held, lookup, open: () => open(), asked: () => asked, real };
}

function contextOf(gateway: PaymentGateway, gateways: GatewayLookup): PaymentContext {
  return {
    gateway,
    gatewayTimeoutSeconds: 15,
    gateways,
    merchant: "PaxelBox",
    origin: origin(),
    notifyUrl: `${origin()}/notify`,
    returnUrl: (paymentId) => `${origin()}/api/v1/payments/${paymentId}/return`,
    log: app().log,
  };
}

async function overdueRent(): Promise<number> {
  return Number((await scenario(app(), "rent-in-store-overdue")).get("orderid"));
}

function pay(orderId: number, context: PaymentContext) {
  const page = `${origin()}/order-status?orderid=${orderId}&status=overdue`;
  return createOverduePayment(
    app().db,
    {
      orderId,
      purpose: "rent-overdue",
      successUrl: page,
      failedUrl: page,
      cancelUrl: page,
      language: "id",
      customer: { name: "Budi", email: "budi@example.com", phone: "081234567890" },
    },
    context,
  );
}

const paymentsOf = (orderId: number) =>
  app().db.query<{ id: string; status: string; checkout_url: string | null }>(
    "select id, status, checkout_url from payments where order_id = $1 order by created_at, id",
    [orderId],
  );

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 20));
  expect(await condition()).toBe(true);
}

describe.each(["snap", "midtrans"] as const)("a checkout being opened (%s)", (name) => {
  it("is not given up by the screen's check nor by the reconciliation job", async () => {
    const orderId = await overdueRent();
    const gateways = heldGateways(name);
    const paying = pay(orderId, contextOf(gateways.held, gateways.lookup));
    await until(gateways.asked);

    const options = { source: "check", gateways: gateways.lookup, log: app().log };
    const checked = await checkLatestPayment(app().db, orderId, options);
    expect(checked?.status).toBe("PENDING");
    await reconcile(app().db, { ageSeconds: 0, gateways: gateways.lookup, log: app().log });
    expect((await paymentsOf(orderId)).map((payment) => payment.status)).toEqual(["PENDING"]);

    gateways.open();
    const created = await paying;
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({
      id: created.paymentId,
      status: "PENDING",
      checkout_url: created.checkoutUrl,
    });
  });

  it("given up meanwhile, has its checkout closed, and the Pay answers with a payment still open", async () => {
    const orderId = await overdueRent();
    const gateways = heldGateways(name);
    const paying = pay(orderId, contextOf(gateways.held, gateways.lookup));
    await until(gateways.asked);
    const [first] = await paymentsOf(orderId);
    // As a second Pay does once it has waited one call's time for this one.
    await app().db.query("update payments set status = 'EXPIRED' where id = $1", [first?.id]);

    gateways.open();
    const created = await paying;
    expect(created.paymentId).not.toBe(first?.id);
    const payments = await paymentsOf(orderId);
    expect(payments.map((payment) => [payment.id, payment.status])).toEqual([
      [first?.id, "EXPIRED"],
      [created.paymentId, "PENDING"],
    ]);
    expect(payments[0]?.checkout_url).toBeNull();
    // The given-up payment's checkout is closed at the gateway: it can no longer be charged.
    const record = await gateways.real.status({ externalId: first?.id ?? "", referenceNo: null, amount: 0 });
    expect(record.status).not.toBe("PENDING");
  });
});
