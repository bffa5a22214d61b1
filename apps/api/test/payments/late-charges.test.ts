import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { GatewayRefused, type PaymentGateway } from "../../src/payments/gateway.ts";
import { paymentGateways } from "../../src/payments/gateways.ts";
import { expireTransaction, finishTransaction } from "../../src/payments/sandbox/ledger.ts";
import { lateChargeMinutes, reconcile, refundRetry, refundWaitSeconds } from "../../src/payments/service.ts";
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
 * A charge on a checkout the API had already given up (closed here first, and only best effort at
 * the gateway: a superseded sibling in `settle`; an unstarted Midtrans Snap page reads 404, so its
 * expire reads NOT_FOUND and the payment is set EXPIRED while its page stays payable). With every
 * notification lost (SANDBOX_NOTIFICATIONS=off), the reconciliation job, the return and the screen's
 * check still credit it exactly once, or refund it when another checkout paid the fee.
 */
// The job's own rounds are left out (every hour): each test runs its rounds, with its gateways.
const app = useApp({ SANDBOX_NOTIFICATIONS: "off", PAYMENT_RECONCILE_INTERVAL: "3600" });
const origin = useServer(app);

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  app().db.query<T & Record<string, unknown>>(sql, params);

function lockerOrderBody(orderid: number) {
  const page = (status: string) =>
    `${origin()}/order-status?orderid=${orderid}&token=${budi}&payment_status=${status}&overdue=true`;
  return orderBody(orderid, { success: page("SUCCESS"), failed: page("FAILED"), cancel: page("CANCELLED") });
}

async function openCheckout(orderid: number): Promise<{ id: string; url: string; reference: string }> {
  const token = await http(origin(), calls.paymentToken, { token: budi });
  const created = await http(origin(), calls.lockerOrderPayment, {
    query: { access_token: (token.body.data as { access_token: string }).access_token },
    body: lockerOrderBody(orderid),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const [payment] = await q<{ id: string; checkout_url: string }>(
    "select id, checkout_url from payments where order_id = $1 order by created_at desc, id desc limit 1",
    [orderid],
  );
  const url = (created.body.data as { payment_url: string }).payment_url;
  expect(payment?.checkout_url).toBe(url);
  return { id: payment!.id, url, reference: url.split("/").at(-1) ?? "" };
}

/**
 * An overdue rent with checkout P1 given up here while still payable at the gateway, and a second
 * checkout P2 opened for the same fee.
 */
async function givenUpAndReplaced() {
  const orderid = Number((await scenario(app(), "rent-in-store-overdue")).get("orderid"));
  const fee = await calculation(orderid);
  const p1 = await openCheckout(orderid);
  await q("update payments set status = 'EXPIRED', updated_at = now() where id = $1", [p1.id]);
  const p2 = await openCheckout(orderid);
  expect(p2.id).not.toBe(p1.id);
  return { orderid, fee, p1, p2 };
}

const calculation = async (orderid: number) =>
  ok(
    calls.overdueCalculation,
    await call(app(), calls.overdueCalculation, { params: { orderid }, token: budi }),
  );

const paymentsOf = (orderid: number) =>
  q<{ id: string; status: string; paid_at: Date | null; refunded_at: Date | null }>(
    "select id, status, paid_at, refunded_at from payments where order_id = $1 order by created_at, id",
    [orderid],
  );

const ledgerOf = (paymentId: string) =>
  q<{ status: string; charged_count: number; refunded_amount: number }>(
    "select status, charged_count, refunded_amount from sandbox_transactions where external_id = $1",
    [paymentId],
  ).then((rows) => rows[0]);

const anomalies = (paymentId: string, kind: string) =>
  q<{ n: number }>("select count(*)::int as n from payment_anomalies where payment_id = $1 and kind = $2", [
    paymentId,
    kind,
  ]).then((rows) => rows[0]?.n);

const deadlineOf = (orderid: number) =>
  q<{ deadline: Date }>("select deadline from orders where id = $1", [orderid]).then((rows) =>
    rows[0]?.deadline.getTime(),
  );

/** A reconciliation round, as the job runs it, with every payment due for its check now. */
async function reconcileNow(orderid: number) {
  await q(
    "update payments set next_check_at = now() - interval '1 minute', created_at = created_at - interval '2 minutes' where order_id = $1",
    [orderid],
  );
  return reconcile(app().db, { ageSeconds: 30, gateways: gateways(), log: app().log });
}

const gateways = () =>
  paymentGateways(loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" }), () => origin());

describe("a charge on a payment the API had given up, every notification lost", () => {
  it("the reconciliation job credits it, once, and closes the newer checkout", async () => {
    const { orderid, fee, p1, p2 } = await givenUpAndReplaced();
    await finishTransaction(app().db, p1.reference, "pay");

    await reconcileNow(orderid);
    const rows = await paymentsOf(orderid);
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      [p1.id, "SUCCESS"],
      [p2.id, "EXPIRED"],
    ]);
    expect(rows[0]?.paid_at).not.toBeNull();
    expect(await deadlineOf(orderid)).toBe(fee.next_overdue_time);
    expect((await calculation(orderid)).total_overdue_fee).toBe(0);
    expect(await anomalies(p1.id, "late-success-credited")).toBe(1);
    expect(await ledgerOf(p1.id)).toMatchObject({ charged_count: 1, refunded_amount: 0 });

    // Asked again (the next rounds, the return, the check): never credited twice.
    await reconcileNow(orderid);
    const back = await app().inject({ url: calls.paymentReturn.path.replace("{paymentId}", p1.id) });
    expect(new URL(String(back.headers.location)).searchParams.get("payment_status")).toBe("SUCCESS");
    expect(await deadlineOf(orderid)).toBe(fee.next_overdue_time);
    expect(await anomalies(p1.id, "late-success-credited")).toBe(1);
  });

  it("the reconciliation job refunds it when the newer checkout paid the fee", async () => {
    const { orderid, fee, p1, p2 } = await givenUpAndReplaced();
    // P2 paid and credited through its return; then the payer also pays the old page.
    expect((await press(p2.url, "pay")).searchParams.get("payment_status")).toBe("SUCCESS");
    await finishTransaction(app().db, p1.reference, "pay");

    await reconcileNow(orderid);
    const rows = await paymentsOf(orderid);
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      [p1.id, "REFUNDED"],
      [p2.id, "SUCCESS"],
    ]);
    expect(rows[0]?.refunded_at).not.toBeNull();
    expect(await ledgerOf(p1.id)).toMatchObject({ charged_count: 1 });
    expect((await ledgerOf(p1.id))?.refunded_amount).toBeGreaterThan(0);
    expect(await ledgerOf(p2.id)).toMatchObject({ charged_count: 1, refunded_amount: 0 });
    expect(await deadlineOf(orderid)).toBe(fee.next_overdue_time);
    expect(await anomalies(p1.id, "late-success-refunded")).toBe(1);
  });

  it("a refund the gateway does not confirm is tried less and less often for a day, then left to people", async () => {
    const { orderid, p1, p2 } = await givenUpAndReplaced();
    expect((await press(p2.url, "pay")).searchParams.get("payment_status")).toBe("SUCCESS");
    await finishTransaction(app().db, p1.reference, "pay");
    // A gateway that will not give this charge back (Midtrans and a bank transfer).
    const refusing = (name: Parameters<ReturnType<typeof gateways>>[0]): PaymentGateway => ({
      ...gateways()(name),
      refund: async () => {
        throw new GatewayRefused("412", "Merchant cannot modify the status of the transaction");
      },
    });
    const refundState = async () =>
      (
        await q<{
          status: string;
          refunded_at: Date | null;
          refund_attempts: number;
          refund_given_up_at: Date | null;
          wait: number;
        }>(
          `select status, refunded_at, refund_attempts, refund_given_up_at,
                  extract(epoch from next_check_at - now())::float8 as wait
             from payments where id = $1`,
          [p1.id],
        )
      )[0];
    const round = () => reconcile(app().db, { ageSeconds: 30, gateways: refusing, log: app().log });

    // The round that finds the late charge refunds it at once: the first try.
    await q(
      "update payments set next_check_at = now() - interval '1 minute', created_at = created_at - interval '2 minutes' where order_id = $1",
      [orderid],
    );
    await round();
    const first = await refundState();
    expect(first).toMatchObject({ status: "REFUNDED", refunded_at: null, refund_attempts: 1 });
    const waits: number[] = [Math.round(first?.wait ?? 0)];
    for (let tried = 2; tried <= refundRetry.tries; tried++) {
      await q("update payments set next_check_at = now() - interval '1 second' where id = $1", [p1.id]);
      const { outcomes } = await round();
      expect(outcomes).toEqual(["refund-failed"]);
      const state = await refundState();
      expect(state).toMatchObject({ status: "REFUNDED", refunded_at: null, refund_attempts: tried });
      expect(state?.refund_given_up_at === null).toBe(tried < refundRetry.tries);
      waits.push(Math.round(state?.wait ?? 0));
    }
    // Each wait twice the one before, up to six hours: about a day in all, not every 30 s for ever.
    expect(waits.slice(0, 4)).toEqual([30, 60, 120, 240]);
    expect(Math.max(...waits)).toBe(6 * 3600);
    const total = waits.slice(0, -1).reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThan(18 * 3600);
    expect(total).toBeLessThan(30 * 3600);
    expect(waits.at(-1)).toBe(refundWaitSeconds(refundRetry.tries));
    expect(await anomalies(p1.id, "refund-failed")).toBe(refundRetry.tries - 1);
    expect(await anomalies(p1.id, "refund-given-up")).toBe(1);
    // Left to people: never asked again, however due.
    await q("update payments set next_check_at = now() - interval '1 second' where id = $1", [p1.id]);
    expect((await round()).outcomes).toEqual([]);
    expect(await refundState()).toMatchObject({ refund_attempts: refundRetry.tries });
  });

  it("a refund made at the gateway whose answer was lost is confirmed by the gateway's record, not made again", async () => {
    const { orderid, p1, p2 } = await givenUpAndReplaced();
    expect((await press(p2.url, "pay")).searchParams.get("payment_status")).toBe("SUCCESS");
    await finishTransaction(app().db, p1.reference, "pay");
    // The gateway gives the charge back, but its answer never arrives.
    let refunds = 0;
    const answerLost = (name: Parameters<ReturnType<typeof gateways>>[0]): PaymentGateway => {
      const gateway = gateways()(name);
      return {
        ...gateway,
        refund: async (payment, reason) => {
          refunds++;
          await gateway.refund(payment, reason);
          throw new Error("the gateway's answer timed out");
        },
      };
    };
    const round = () => reconcile(app().db, { ageSeconds: 30, gateways: answerLost, log: app().log });
    await q(
      "update payments set next_check_at = now() - interval '1 minute', created_at = created_at - interval '2 minutes' where order_id = $1",
      [orderid],
    );
    await round();
    expect((await paymentsOf(orderid))[0]).toMatchObject({ status: "REFUNDED", refunded_at: null });
    await q("update payments set next_check_at = now() - interval '1 second' where id = $1", [p1.id]);
    expect((await round()).outcomes).toEqual(["refund-confirmed"]);
    expect((await paymentsOf(orderid))[0]?.refunded_at).not.toBeNull();
    expect(refunds).toBe(1);
    expect(await anomalies(p1.id, "refund-failed")).toBe(1);
  });

  it("the return asks the gateway and credits it: the payer is not told the time is up", async () => {
    const { orderid, fee, p1, p2 } = await givenUpAndReplaced();
    const back = await press(p1.url, "pay");
    expect(back.searchParams.get("payment_status")).toBe("SUCCESS");
    expect((await paymentsOf(orderid)).map((row) => [row.id, row.status])).toEqual([
      [p1.id, "SUCCESS"],
      [p2.id, "EXPIRED"],
    ]);
    expect(await deadlineOf(orderid)).toBe(fee.next_overdue_time);
  });

  it("the screen's check asks about the given-up checkout too, and answers the payment that paid", async () => {
    const { orderid, fee, p1 } = await givenUpAndReplaced();
    await finishTransaction(app().db, p1.reference, "pay");
    const state = ok(
      calls.checkPayment,
      await call(app(), calls.checkPayment, { params: { orderid }, token: budi }),
    );
    expect(state.status).toBe("SUCCESS");
    expect(await deadlineOf(orderid)).toBe(fee.next_overdue_time);
    expect(await anomalies(p1.id, "late-success-credited")).toBe(1);
  });

  it("stops asking about a given-up checkout once the gateway has closed it too", async () => {
    const { orderid, p1 } = await givenUpAndReplaced();
    await reconcileNow(orderid);
    const attempts = async () =>
      (await q<{ check_attempts: number }>("select check_attempts from payments where id = $1", [p1.id]))[0]
        ?.check_attempts;
    expect(await attempts()).toBe(1);
    // Still payable at the gateway: asked again at its next check.
    await q("update payments set next_check_at = now() - interval '1 second' where id = $1", [p1.id]);
    await reconcile(app().db, { ageSeconds: 30, gateways: gateways(), log: app().log });
    expect(await attempts()).toBe(2);
    // Closed there too (its lifetime ran out, or the API's expire got through): never asked again.
    await expireTransaction(app().db, p1.reference);
    await q("update payments set next_check_at = now() - interval '1 second' where id = $1", [p1.id]);
    await reconcile(app().db, { ageSeconds: 30, gateways: gateways(), log: app().log });
    expect(await attempts()).toBe(3);
    await reconcile(app().db, { ageSeconds: 30, gateways: gateways(), log: app().log });
    expect(await attempts()).toBe(3);
  });

  it("keeps asking about a Midtrans checkout whose card was denied: another card on the same page is credited", async () => {
    const orderid = Number((await scenario(app(), "rent-in-store-overdue")).get("orderid"));
    const fee = await calculation(orderid);
    const p1 = await openCheckout(orderid);
    await finishTransaction(app().db, p1.reference, "fail");
    await reconcileNow(orderid);
    expect((await paymentsOf(orderid)).map((row) => row.status)).toEqual(["FAILED"]);
    // The customer tries another card on the page the denial left open; its notification is lost.
    await q(
      "update sandbox_transactions set status = 'SUCCESS', charged_count = charged_count + 1, finished_at = now() where reference_no = $1",
      [p1.reference],
    );
    // The job's next check of it, when due.
    await q("update payments set next_check_at = next_check_at - interval '31 seconds' where id = $1", [
      p1.id,
    ]);
    await reconcile(app().db, { ageSeconds: 30, gateways: gateways(), log: app().log });
    expect((await paymentsOf(orderid)).map((row) => row.status)).toEqual(["SUCCESS"]);
    expect(await deadlineOf(orderid)).toBe(fee.next_overdue_time);
  });

  it("stops asking once the given-up checkout can no longer be paid", async () => {
    const { orderid, p1, p2 } = await givenUpAndReplaced();
    await q(
      "update payments set status = 'EXPIRED', created_at = now() - make_interval(mins => $2) where order_id = $1",
      [orderid, lateChargeMinutes + 1],
    );
    const round = await reconcileNow(orderid);
    const claimed = await q<{ id: string; check_attempts: number }>(
      "select id, check_attempts from payments where id = any($1) order by created_at, id",
      [[p1.id, p2.id]],
    );
    expect(claimed.map((row) => row.check_attempts)).toEqual([0, 0]);
    expect(round.outcomes).not.toContain("success");
  });
});
