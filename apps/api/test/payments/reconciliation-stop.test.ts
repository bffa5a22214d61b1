import { calls } from "@paxelbox/contract";
import { beforeEach, describe, expect, it } from "vitest";
import type { GatewayRecord, PaymentGateway } from "../../src/payments/gateway.ts";
import { reconcile, startReconciliation } from "../../src/payments/service.ts";
import { budi, http, lockerOrderBody, scenario, useApp, useServer } from "../helpers.ts";

/**
 * The reconciliation job stopping while a gateway call is in flight (the instance's shutdown): it
 * checks no further payment, gives the unchecked ones back at once, and stops within its bound when
 * the gateway never answers.
 */
// The app's own job too slow to take part: each test runs a job of its own.
const app = useApp({ PAYMENT_RECONCILE_AGE: "1", PAYMENT_RECONCILE_INTERVAL: "3600" });
const origin = useServer(app);

/** Three overdue rents, each with an open checkout due for a check now. */
async function threePayments(): Promise<string[]> {
  const orders: number[] = [];
  for (let i = 0; i < 3; i++) {
    const orderid = Number((await scenario(app(), "rent-in-store-overdue")).get("orderid"));
    const token = await http(origin(), calls.paymentToken, { token: budi });
    const created = await http(origin(), calls.lockerOrderPayment, {
      query: { access_token: (token.body.data as { access_token: string }).access_token },
      body: lockerOrderBody(orderid, `${origin()}/order-status?orderid=${orderid}`),
    });
    expect(created.status).toBe(200);
    orders.push(orderid);
  }
  const rows = await app().db.query<{ id: string }>(
    `update payments set created_at = created_at - interval '1 minute', next_check_at = now() - interval '1 hour'
      where order_id = any($1::int[]) returning id`,
    [orders],
  );
  return rows.map((row) => row.id);
}

/** A gateway whose status calls answer `answer` (never, if it never settles), counted. */
function heldGateway(answer: Promise<GatewayRecord>) {
  const asked: string[] = [];
  const gateway = {
    name: "midtrans",
    openingMs: 1000,
    paysAfterDenial: false,
    status: (payment) => {
      asked.push(payment.externalId);
      return answer;
    },
  } as Pick<PaymentGateway, "name" | "openingMs" | "status"> as PaymentGateway;
  return { asked, gateways: () => gateway };
}

const job = (gateways: () => PaymentGateway) =>
  startReconciliation(app().db, {
    ageSeconds: 1,
    intervalSeconds: 0.05,
    gateways,
    log: app().log,
    metrics: app().metrics,
  });

const checksOf = (ids: string[]) =>
  app().db.query<{ id: string; status: string; check_attempts: number; due: boolean }>(
    "select id, status, check_attempts, next_check_at <= now() as due from payments where id = any($1::text[])",
    [ids],
  );

beforeEach(async () => {
  // Earlier tests' payments are out of the way: each test's job sees only its own.
  await app().db.query(
    "update payments set next_check_at = now() + interval '1 day' where status = 'PENDING'",
  );
});

describe("the reconciliation job stopping mid-round", () => {
  it("finishes the payment in flight only and gives the unchecked ones back at once", async () => {
    const ids = await threePayments();
    let answer = (_record: GatewayRecord) => {};
    const { asked, gateways } = heldGateway(
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    const stop = job(gateways);
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1);

    const stopped = stop(new AbortController().signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer({ status: "PENDING", amount: null });
    await stopped;

    expect(asked).toHaveLength(1);
    const checks = await checksOf(ids);
    const inFlight = checks.find((row) => row.id === asked[0]);
    expect(inFlight).toMatchObject({ status: "PENDING", check_attempts: 1, due: false });
    const others = checks.filter((row) => row.id !== asked[0]);
    expect(others).toHaveLength(2);
    for (const row of others) expect(row).toMatchObject({ check_attempts: 0, due: true });
  });

  it("stops within its bound when the gateway never answers", async () => {
    const ids = await threePayments();
    const { asked, gateways } = heldGateway(new Promise(() => {}));
    const stop = job(gateways);
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1);

    const began = Date.now();
    await stop(AbortSignal.timeout(200));
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(asked).toHaveLength(1);
    const others = (await checksOf(ids)).filter((row) => row.id !== asked[0]);
    for (const row of others) expect(row).toMatchObject({ check_attempts: 0, due: true });
    const text = await app().metrics.registry.metrics();
    expect(text).toMatch(/paxelbox_payment_reconciliations_total\{outcome="interrupted"\} 1/);
  });
});

describe("two instances' rounds over one slow gateway", () => {
  it("a payment is checked by one of them: a round that outlasts its claim checks no payment another has claimed since", async () => {
    const ids = await threePayments();
    const asked: string[] = [];
    // Each status call takes longer than a round's claim (1 s).
    const gateway = {
      name: "midtrans",
      openingMs: 1000,
      paysAfterDenial: false,
      status: async (payment) => {
        asked.push(payment.externalId);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return { status: "PENDING", amount: null };
      },
    } as Pick<PaymentGateway, "name" | "openingMs" | "status"> as PaymentGateway;
    const round = () => reconcile(app().db, { ageSeconds: 1, gateways: () => gateway, log: app().log });
    const first = round();
    // The second instance's round starts once the first one's claim has run out.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await Promise.all([first, round()]);
    expect(asked.toSorted()).toEqual(ids.toSorted());
  });
});
