import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { type Database, openDatabase } from "../../src/db/database.ts";
import { type CheckoutRequest, GatewayRefused } from "../../src/payments/gateway.ts";
import {
  midtransGateway,
  midtransSignature,
  verifyMidtransSignature,
} from "../../src/payments/midtrans-gateway.ts";
import {
  finishTransaction,
  type SandboxTransaction,
  transactionByKey,
} from "../../src/payments/sandbox/ledger.ts";
import { midtransNotification, midtransSandboxRoutes } from "../../src/payments/sandbox/midtrans.ts";
import { pgliteTemplate } from "../helpers.ts";

/**
 * Midtrans between the adapter and the sandbox, on a bare Fastify app with its own database: the
 * adapter's whole conversation, and what Midtrans refuses — refused without a trace in the ledger.
 */
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" });
const serverKey = config.payments.midtransServerKey;

let db: Database;
let app: FastifyInstance;
let origin = "";
const gateway = () =>
  midtransGateway({
    serverKey,
    snapBaseUrl: `${origin}/demo/midtrans/snap`,
    apiBaseUrl: `${origin}/demo/midtrans`,
  });

beforeAll(async () => {
  db = await openDatabase({ dataDir: "memory://", template: await pgliteTemplate() });
  app = Fastify();
  // The site's configured origin (app.ts): here, the address this bare app listens on.
  app.decorate("publicOrigin", () => origin);
  await midtransSandboxRoutes(app, db, config);
  origin = await app.listen({ port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function transactions(): Promise<number> {
  const [row] = await db.query<{ n: number }>("select count(*)::int as n from sandbox_transactions");
  return row!.n;
}

async function ledgerRow(externalId: string): Promise<SandboxTransaction> {
  const row = await transactionByKey(db, externalId, "midtrans");
  if (!row) throw new Error(`no sandbox transaction ${externalId}`);
  return row;
}

function checkout(externalId: string, amount = 15000): CheckoutRequest {
  const back = `http://127.0.0.1:9/api/v1/payments/${externalId}/return`;
  return {
    externalId,
    orderNumber: `ORD-${externalId}`,
    amount,
    merchant: "PaxelBox",
    description: "Overdue rent",
    successUrl: back,
    failedUrl: back,
    cancelUrl: back,
    notifyUrl: "http://127.0.0.1:9/api/v1/payments/notify",
    language: "id",
    customer: { name: "Budi", email: "budi@example.id", phone: "081234567801" },
  };
}

describe("Midtrans adapter against the sandbox", () => {
  it("opens a checkout, reads its status, refuses its order_id twice, expires it", async () => {
    const opened = await gateway().createCheckout(checkout("PAYMTA1"));
    expect(opened.checkoutUrl).toBe(`${origin}/demo/pay/${(await ledgerRow("PAYMTA1")).reference_no}`);
    // Snap's token is not the transaction_id its notifications carry: no reference until one comes.
    expect(opened.referenceNo).toBe("");
    expect(await gateway().status({ externalId: "PAYMTA1", referenceNo: null, amount: 15000 })).toMatchObject(
      {
        status: "PENDING",
        amount: 15000,
      },
    );
    const before = await transactions();
    await expect(gateway().createCheckout(checkout("PAYMTA1"))).rejects.toMatchObject({
      code: "duplicate-order-id",
    });
    expect(await transactions()).toBe(before);
    expect(await gateway().expire({ externalId: "PAYMTA1", referenceNo: null, amount: 15000 })).toMatchObject(
      {
        status: "EXPIRED",
      },
    );
    expect((await gateway().status({ externalId: "nope", referenceNo: null, amount: 1 })).status).toBe(
      "NOT_FOUND",
    );
  });

  it("answers a charge as SUCCESS, will not expire it, and refunds it once", async () => {
    await gateway().createCheckout(checkout("PAYMTA2"));
    await finishTransaction(db, (await ledgerRow("PAYMTA2")).reference_no, "pay");
    const ref = { externalId: "PAYMTA2", referenceNo: null, amount: 15000 };
    expect((await gateway().expire(ref)).status).toBe("SUCCESS");
    await gateway().refund(ref, "paid twice");
    await gateway().refund(ref, "paid twice");
    expect((await gateway().status(ref)).status).toBe("REFUNDED");
    expect((await transactionByKey(db, "PAYMTA2", "midtrans"))?.refunded_amount).toBe(15000);
  });

  it("refuses a wrong server key and a gross amount that is not the items' sum", async () => {
    const before = await transactions();
    const wrong = midtransGateway({
      serverKey: "SB-Mid-server-wrong",
      snapBaseUrl: `${origin}/demo/midtrans/snap`,
      apiBaseUrl: `${origin}/demo/midtrans`,
    });
    await expect(wrong.createCheckout(checkout("PAYMTA3"))).rejects.toBeInstanceOf(GatewayRefused);
    await expect(
      wrong.status({ externalId: "PAYMTA1", referenceNo: null, amount: 1 }),
    ).rejects.toBeInstanceOf(GatewayRefused);
    const response = await fetch(`${origin}/demo/midtrans/snap/v1/transactions`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${serverKey}:`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        transaction_details: { order_id: "PAYMTA4", gross_amount: 15000 },
        item_details: [{ id: "x", price: 1000, quantity: 1, name: "Overdue" }],
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error_messages: string[] }).error_messages[0]).toMatch(
      /gross_amount/,
    );
    expect(await transactions()).toBe(before);
  });

  it("signs its notifications so that only the server key verifies them", async () => {
    await gateway().createCheckout(checkout("PAYMTA5"));
    const paid = await finishTransaction(db, (await ledgerRow("PAYMTA5")).reference_no, "pay");
    const deliveries = midtransNotification(serverKey)(paid, "evt");
    // The merchant's dashboard URL: this site's notification call.
    expect(deliveries.map((delivery) => delivery.url)).toEqual([`${origin}/api/v1/payments/notify`]);
    const body = JSON.parse(deliveries[0]?.body ?? "") as {
      order_id: string;
      status_code: string;
      gross_amount: string;
      signature_key: string;
      transaction_status: string;
    };
    expect(body).toMatchObject({
      order_id: "PAYMTA5",
      transaction_status: "settlement",
      gross_amount: "15000.00",
    });
    expect(verifyMidtransSignature(body, serverKey)).toBe(true);
    expect(verifyMidtransSignature(body, "SB-Mid-server-other")).toBe(false);
    expect(verifyMidtransSignature({ ...body, gross_amount: "1.00" }, serverKey)).toBe(false);
    expect(body.signature_key).toBe(midtransSignature("PAYMTA5", "200", "15000.00", serverKey));
  });
});
