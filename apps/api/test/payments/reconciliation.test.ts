import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { paymentGateways } from "../../src/payments/gateways.ts";
import { finishTransaction } from "../../src/payments/sandbox/ledger.ts";
import { reconcile } from "../../src/payments/service.ts";
import {
  budi,
  call,
  http,
  ok,
  lockerOrderBody as orderBody,
  press,
  scenario,
  useApp,
  useServer,
} from "../helpers.ts";

/**
 * Every charge is credited exactly once, whatever got lost: notifications that never arrive are
 * replaced by the reconciliation job, the customer's return and the next checkout for the same fee;
 * a charge for a fee already paid is refunded in the sandbox ledger.
 */
const app = useApp({ PAYMENT_RECONCILE_AGE: "1", PAYMENT_RECONCILE_INTERVAL: "1" });
const origin = useServer(app);

async function overdueRent(): Promise<number> {
  return Number((await scenario(app(), "rent-in-store-overdue")).get("orderid"));
}

function lockerOrderBody(orderid: number) {
  const page = (status: string) =>
    `${origin()}/order-status?orderid=${orderid}&status=overdue&payment_status=${status}&overdue=true`;
  return orderBody(orderid, { success: page("SUCCESS"), failed: page("FAILED"), cancel: page("CANCELLED") });
}

async function createPayment(orderid: number, headers: Record<string, string> = {}) {
  const token = await http(origin(), calls.paymentToken, { token: budi });
  const accessToken = (token.body.data as { access_token: string }).access_token;
  return http(origin(), calls.lockerOrderPayment, {
    query: { access_token: accessToken },
    body: lockerOrderBody(orderid),
    headers,
  });
}

async function paymentsOf(orderid: number) {
  return app().db.query<{ id: string; status: string; refunded_at: Date | null }>(
    "select id, status, refunded_at from payments where order_id = $1 order by created_at",
    [orderid],
  );
}

async function ledgerOf(orderid: number) {
  return app().db.query<{
    reference_no: string;
    status: string;
    charged_count: number;
    refunded_amount: number;
  }>(
    `select t.reference_no, t.status, t.charged_count, t.refunded_amount
       from sandbox_transactions t join payments p on p.id = t.external_id
      where p.order_id = $1 order by t.created_at`,
    [orderid],
  );
}

/** The customer pays at the gateway, and every notification of it is lost. */
async function chargeWithoutNotification(orderid: number): Promise<void> {
  const [row] = await ledgerOf(orderid);
  await app().db.query(
    `update sandbox_transactions set status = 'SUCCESS', charged_count = charged_count + 1, finished_at = now()
      where reference_no = $1 and status = 'PENDING'`,
    [row!.reference_no],
  );
}

async function owedFee(orderid: number): Promise<number> {
  const calculation = ok(
    calls.overdueCalculation,
    await call(app(), calls.overdueCalculation, { params: { orderid }, token: budi }),
  );
  return calculation.total_overdue_fee;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

describe("reconciliation from the gateway's record", () => {
  it("credits a charge whose notification was lost, from the job's status call", async () => {
    const orderid = await overdueRent();
    expect((await createPayment(orderid)).status).toBe(200);
    await chargeWithoutNotification(orderid);
    const payments = await eventually(
      () => paymentsOf(orderid),
      (rows) => rows[0]?.status === "SUCCESS",
    );
    expect(payments.map((row) => row.status)).toEqual(["SUCCESS"]);
    expect(await owedFee(orderid)).toBe(0);
  });

  it("asks the gateway on the customer's return and before a second checkout: no second charge", async () => {
    const orderid = await overdueRent();
    const created = await createPayment(orderid);
    const checkoutUrl = (created.body.data as { payment_url: string }).payment_url;
    await chargeWithoutNotification(orderid);
    // A second Pay for the same fee finds the charge at the gateway: credited, nothing new opened.
    const again = await createPayment(orderid);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      key: "overdueFeeAlreadyPaid",
      message: "Biaya perpanjang sewa ini sudah dibayar.",
    });
    expect(await ledgerOf(orderid)).toHaveLength(1);
    expect((await paymentsOf(orderid)).map((row) => row.status)).toEqual(["SUCCESS"]);
    // The way back from the checkout says so.
    const back = await press(checkoutUrl, "pay");
    expect(back.searchParams.get("payment_status")).toBe("SUCCESS");
    expect(back.searchParams.get("overdue")).toBe("true");
  });

  it("checkPayment settles an open payment from the gateway before it answers", async () => {
    const orderid = await overdueRent();
    const state = (token = budi) => call(app(), calls.checkPayment, { params: { orderid }, token });
    expect(ok(calls.checkPayment, await state()).status).toBe("NONE");
    await createPayment(orderid);
    expect(ok(calls.checkPayment, await state())).toMatchObject({
      status: "PENDING",
      purpose: "rent-overdue",
    });
    await chargeWithoutNotification(orderid);
    const paid = ok(calls.checkPayment, await state());
    expect(paid.status).toBe("SUCCESS");
    expect(paid.paidAt).toBeGreaterThan(0);
    expect((await state("demo-token-sari")).statusCode).toBe(404);
  });

  it("credits a charge that arrives after the API gave its payment up, and counts it", async () => {
    const orderid = await overdueRent();
    await createPayment(orderid);
    const [payment] = await paymentsOf(orderid);
    await app().db.query("update payments set status = 'EXPIRED' where id = $1", [payment!.id]);
    const [row] = await ledgerOf(orderid);
    await finishTransaction(app().db, row!.reference_no, "pay");
    const rows = await eventually(
      () => paymentsOf(orderid),
      (list) => list[0]?.status === "SUCCESS",
    );
    expect(rows[0]?.status).toBe("SUCCESS");
    expect(await owedFee(orderid)).toBe(0);
    const [counted] = await app().db.query<{ n: number }>(
      "select count(*)::int as n from payment_anomalies where payment_id = $1 and kind = 'late-success-credited'",
      [payment!.id],
    );
    expect(counted?.n).toBe(1);
  });

  it("refunds, in the sandbox ledger, a charge for a fee another payment already paid", async () => {
    const orderid = await overdueRent();
    await createPayment(orderid);
    const [first] = await paymentsOf(orderid);
    // The API lost track of the first checkout (it stays payable at the gateway) and opened a second.
    await app().db.query("update payments set status = 'EXPIRED' where id = $1", [first!.id]);
    const second = (await createPayment(orderid)).body.data as { payment_url: string };
    await press(second.payment_url, "pay");
    const [firstCheckout] = await ledgerOf(orderid);
    await finishTransaction(app().db, firstCheckout!.reference_no, "pay");
    const rows = await eventually(
      () => paymentsOf(orderid),
      (list) => list[0]?.status === "REFUNDED" && list[0].refunded_at !== null,
    );
    expect(rows.map((row) => row.status)).toEqual(["REFUNDED", "SUCCESS"]);
    const ledger = await ledgerOf(orderid);
    expect(ledger.map((entry) => [entry.charged_count, entry.refunded_amount > 0])).toEqual([
      [1, true],
      [1, false],
    ]);
    const [counted] = await app().db.query<{ n: number }>(
      "select count(*)::int as n from payment_anomalies where payment_id = $1 and kind = 'late-success-refunded'",
      [first!.id],
    );
    expect(counted?.n).toBe(1);
  });

  it("several reconcilers at once settle each payment once", async () => {
    const orders = [await overdueRent(), await overdueRent(), await overdueRent()];
    for (const orderid of orders) {
      await createPayment(orderid);
      await chargeWithoutNotification(orderid);
    }
    await app().db.query(
      "update payments set created_at = created_at - interval '1 minute', next_check_at = now() where order_id = any($1)",
      [orders],
    );
    const gateways = paymentGateways(loadConfig({ NODE_ENV: "test" }), () => origin());
    const options = { ageSeconds: 1, gateways, log: app().log };
    // Two more instances' jobs beside this app's own: each payment is claimed by one of them.
    await Promise.all([reconcile(app().db, options), reconcile(app().db, options)]);
    for (const orderid of orders) {
      const rows = await eventually(
        () => paymentsOf(orderid),
        (list) => list[0]?.status === "SUCCESS",
      );
      expect(rows.map((row) => row.status)).toEqual(["SUCCESS"]);
      expect(await owedFee(orderid)).toBe(0);
    }
    const [refunds] = await app().db.query<{ n: number }>(
      "select count(*)::int as n from payment_anomalies a join payments p on p.id = a.payment_id where p.order_id = any($1)",
      [orders],
    );
    expect(refunds?.n).toBe(0);
  });
});

describe("Idempotency-Key on payment creation", () => {
  it("answers the same key and body alike, refuses the same key with another body", async () => {
    const orderid = await overdueRent();
    const key = { "idempotency-key": `pay-${orderid}` };
    const first = await createPayment(orderid, key);
    const second = await createPayment(orderid, key);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await paymentsOf(orderid)).toHaveLength(1);

    const token = await http(origin(), calls.paymentToken, { token: budi });
    const accessToken = (token.body.data as { access_token: string }).access_token;
    const other = lockerOrderBody(orderid);
    const changed = await http(origin(), calls.lockerOrderPayment, {
      query: { access_token: accessToken },
      body: { order_info: { ...other.order_info, name: "Someone else" } },
      headers: key,
    });
    expect(changed.status).toBe(422);
    expect(changed.body.message).toMatch(/Idempotency-Key/);
    const bad = await createPayment(orderid, { "idempotency-key": "x".repeat(300) });
    expect(bad.status).toBe(400);
    expect(await paymentsOf(orderid)).toHaveLength(1);
  });
});

describe("the reconciliation job's housekeeping", () => {
  it("forgets payment access tokens a day after they expired, and idempotency keys after a day", async () => {
    await app().db.query(
      `insert into payment_access_tokens (token_hash, expires_at) values
         ('expired-long-ago', now() - interval '2 days'), ('expired-just-now', now() - interval '1 minute'),
         ('still-valid', now() + interval '10 minutes')`,
    );
    await app().db.query(
      `insert into idempotency_keys (scope, key, request_hash, created_at) values
         ('test', 'old', 'h', now() - interval '2 days'), ('test', 'new', 'h', now())`,
    );
    const gateways = paymentGateways(loadConfig({ NODE_ENV: "test" }), () => origin());
    await reconcile(app().db, { ageSeconds: 1, gateways, log: app().log });
    const tokens = await app().db.query<{ token_hash: string }>(
      "select token_hash from payment_access_tokens where token_hash in ('expired-long-ago', 'expired-just-now', 'still-valid') order by token_hash",
    );
    expect(tokens.map((row) => row.token_hash)).toEqual(["expired-just-now", "still-valid"]);
    const keys = await app().db.query<{ key: string }>(
      "select key from idempotency_keys where scope = 'test'",
    );
    expect(keys.map((row) => row.key)).toEqual(["new"]);
  });
});
