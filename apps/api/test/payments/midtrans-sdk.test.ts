import { createRequire } from "node:module";
import { calls } from "@paxelbox/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { midtransSignature } from "../../src/payments/midtrans-gateway.ts";
import { finishTransaction, type SandboxTransaction } from "../../src/payments/sandbox/ledger.ts";
import { midtransNotification } from "../../src/payments/sandbox/midtrans.ts";
import { budi, call, http, lockerOrderBody, ok, press, scenario, useApp, useServer } from "../helpers.ts";

/**
 * The official Midtrans Node client (midtrans-client, a test dependency) against the local Midtrans:
 * if the sandbox answers it as Midtrans does, the API's adapter is tested against Midtrans's shapes,
 * not only against our own idea of them. The client's base URLs are its static settings; they point
 * at the sandbox for this file and are put back afterwards.
 */

/** What this file uses of midtrans-client (it ships no types). */
interface MidtransRecord {
  status_code: string;
  status_message: string;
  transaction_id: string;
  order_id: string;
  gross_amount: string;
  transaction_status: string;
  fraud_status?: string;
  refund_amount?: string;
}
interface MidtransTransactions {
  status(id: string): Promise<MidtransRecord>;
  cancel(id: string): Promise<MidtransRecord>;
  expire(id: string): Promise<MidtransRecord>;
  refund(id: string, parameter: object): Promise<MidtransRecord>;
  notification(notification: object | string): Promise<MidtransRecord>;
}
interface MidtransClients {
  Snap: new (options: {
    isProduction: boolean;
    serverKey: string;
  }) => {
    createTransaction(parameter: object): Promise<{ token: string; redirect_url: string }>;
    httpClient: { http_client: { defaults: { headers: { common: Record<string, string> } } } };
  };
  CoreApi: new (options: {
    isProduction: boolean;
    serverKey: string;
  }) => { transaction: MidtransTransactions };
}
interface MidtransBaseUrls {
  CORE_SANDBOX_BASE_URL: string;
  SNAP_SANDBOX_BASE_URL: string;
}

const require = createRequire(import.meta.url);
const midtrans = require("midtrans-client") as MidtransClients;
const baseUrls = require("midtrans-client/lib/apiConfig.js") as MidtransBaseUrls;

const app = useApp();
const origin = useServer(app);
const serverKey = loadConfig({ NODE_ENV: "test" }).payments.midtransServerKey;
const core = () => new midtrans.CoreApi({ isProduction: false, serverKey }).transaction;
const snap = () => new midtrans.Snap({ isProduction: false, serverKey });

const saved = { ...baseUrls };
beforeAll(() => {
  baseUrls.CORE_SANDBOX_BASE_URL = `${origin()}/demo/midtrans`;
  baseUrls.SNAP_SANDBOX_BASE_URL = `${origin()}/demo/midtrans/snap/v1`;
});
afterAll(() => {
  baseUrls.CORE_SANDBOX_BASE_URL = saved.CORE_SANDBOX_BASE_URL;
  baseUrls.SNAP_SANDBOX_BASE_URL = saved.SNAP_SANDBOX_BASE_URL;
});

let orders = 0;
/** A Snap transaction of the client's own (not one of the API's payments). */
async function snapTransaction(parameter: object = {}, client = snap()) {
  const orderId = `SDK-${Date.now()}-${++orders}`;
  const created = await client.createTransaction({
    transaction_details: { order_id: orderId, gross_amount: 15000 },
    item_details: [{ id: "rent-1", price: 15000, quantity: 1, name: "Rent extension" }],
    customer_details: { first_name: "Budi", email: "budi@example.id", phone: "081234567801" },
    ...parameter,
  });
  return { orderId, ...created };
}

async function ledger(key: string): Promise<SandboxTransaction> {
  const [row] = await app().db.query<SandboxTransaction>(
    "select * from sandbox_transactions where external_id = $1 or reference_no = $1",
    [key],
  );
  if (!row) throw new Error(`no sandbox transaction ${key}`);
  return row;
}

/**
 * Rejections of the client carry the HTTP status, or — when Midtrans answers HTTP 200 with an error
 * in its body, as it does for 412 — the body's status_code (a string).
 */
const refusal = (httpStatusCode: number | string) => ({ name: "MidtransError", httpStatusCode });

describe("Snap API through midtrans-client", () => {
  it("creates a transaction whose checkout is on the site's configured origin", async () => {
    const client = snap();
    // A forwarded host names nothing: addresses come from configuration only.
    client.httpClient.http_client.defaults.headers.common["X-Forwarded-Host"] = "evil.example";
    const created = await snapTransaction({}, client);
    expect(created.token).toMatch(/^SBX/);
    expect(created.redirect_url).toBe(`${origin()}/demo/pay/${created.token}`);
    await expect(
      client.createTransaction({ transaction_details: { order_id: created.orderId, gross_amount: 15000 } }),
    ).rejects.toMatchObject(refusal(400));
    await expect(
      client.createTransaction({
        transaction_details: { order_id: `${created.orderId}-x`, gross_amount: 15000 },
        item_details: [{ id: "a", price: 1000, quantity: 1, name: "Less than the gross amount" }],
      }),
    ).rejects.toMatchObject(refusal(400));
    await expect(
      new midtrans.Snap({ isProduction: false, serverKey: "SB-Mid-server-wrong" }).createTransaction({
        transaction_details: { order_id: `${created.orderId}-y`, gross_amount: 15000 },
      }),
    ).rejects.toMatchObject(refusal(401));
  });

  it("notifies the dashboard's URL, or the URLs of X-Override- / X-Append-Notification", async () => {
    const dashboard = `${origin()}${calls.paymentNotification.path}`;
    const plain = await snapTransaction();
    expect((await ledger(plain.orderId)).notify_url).toBe(dashboard);

    const overriding = snap();
    overriding.httpClient.http_client.defaults.headers.common["X-Override-Notification"] =
      "http://127.0.0.1:9/hook-a,http://127.0.0.1:9/hook-b";
    const overridden = await snapTransaction({}, overriding);
    expect((await ledger(overridden.orderId)).notify_url).toBe(
      "http://127.0.0.1:9/hook-a,http://127.0.0.1:9/hook-b",
    );

    const appending = snap();
    appending.httpClient.http_client.defaults.headers.common["X-Append-Notification"] =
      "http://127.0.0.1:9/hook-c";
    const appended = await snapTransaction({}, appending);
    const row = await ledger(appended.orderId);
    expect(row.notify_url).toBe(`${dashboard},http://127.0.0.1:9/hook-c`);
    expect(midtransNotification(serverKey)(row, "e").map((delivery) => delivery.url)).toEqual([
      dashboard,
      "http://127.0.0.1:9/hook-c",
    ]);
  });
});

describe("Core API through midtrans-client", () => {
  it("reads the status by order_id and by transaction_id", async () => {
    const { orderId, token } = await snapTransaction();
    const byOrder = await core().status(orderId);
    expect(byOrder).toMatchObject({
      status_code: "201",
      order_id: orderId,
      transaction_status: "pending",
      gross_amount: "15000.00",
    });
    const byTransaction = await core().status(byOrder.transaction_id);
    expect(byTransaction).toMatchObject({ order_id: orderId, transaction_id: token });
    await expect(core().status("SDK-no-such-order")).rejects.toMatchObject(refusal(404));
  });

  it("cancels (200, cancel) and expires (407, expire) a pending transaction, once", async () => {
    const cancelled = await snapTransaction();
    expect(await core().cancel(cancelled.orderId)).toMatchObject({
      status_code: "200",
      transaction_status: "cancel",
    });
    expect((await core().status(cancelled.token)).transaction_status).toBe("cancel");
    await expect(core().cancel(cancelled.orderId)).rejects.toMatchObject(refusal("412"));

    const expired = await snapTransaction();
    // The client takes 407 as Midtrans's answer for an expired transaction, not as an error.
    expect(await core().expire(expired.token)).toMatchObject({
      status_code: "407",
      transaction_status: "expire",
    });
    expect((await core().status(expired.orderId)).transaction_status).toBe("expire");
    await expect(core().expire(expired.orderId)).rejects.toMatchObject(refusal("412"));
    await expect(core().cancel(expired.orderId)).rejects.toMatchObject(refusal("412"));
  });

  it("refunds a settled transaction once and will not cancel it", async () => {
    const { orderId, token } = await snapTransaction();
    await expect(core().refund(orderId, { refund_key: `${orderId}-r`, amount: 15000 })).rejects.toMatchObject(
      refusal("412"),
    );
    await finishTransaction(app().db, token, "pay");
    expect((await core().status(orderId)).transaction_status).toBe("settlement");
    await expect(core().cancel(orderId)).rejects.toMatchObject(refusal("412"));
    const refunded = await core().refund(orderId, {
      refund_key: `${orderId}-r`,
      amount: 15000,
      reason: "Paid twice",
    });
    expect(refunded).toMatchObject({
      status_code: "200",
      transaction_status: "refund",
      refund_amount: "15000.00",
    });
    expect((await core().status(token)).transaction_status).toBe("refund");
    expect((await ledger(orderId)).refunded_amount).toBe(15000);
  });
});

describe("notifications, as Midtrans sends them to the dashboard's URL", () => {
  /** An overdue rent and the customer's payment access token. */
  async function overdueRent() {
    const orderid = Number((await scenario(app(), "rent-in-store-overdue")).get("orderid"));
    const issued = await http(origin(), calls.paymentToken, { token: budi });
    const accessToken = (issued.body.data as { access_token: string }).access_token;
    return { orderid, accessToken };
  }

  /** Presses Pay on the rent screen: a payment of the API, open at the local Midtrans. */
  async function pay(rent: { orderid: number; accessToken: string }) {
    const created = await http(origin(), calls.lockerOrderPayment, {
      query: { access_token: rent.accessToken },
      body: lockerOrderBody(rent.orderid, `${origin()}/order-status?orderid=${rent.orderid}`),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [payment] = await app().db.query<{ id: string }>(
      "select id from payments where order_id = $1 order by created_at desc limit 1",
      [rent.orderid],
    );
    return {
      paymentId: payment!.id,
      checkoutUrl: (created.body.data as { payment_url: string }).payment_url,
    };
  }

  async function payment(paymentId: string) {
    const [row] = await app().db.query<{ status: string; refunded_at: Date | null }>(
      "select status, refunded_at from payments where id = $1",
      [paymentId],
    );
    return row!;
  }

  const overdueTime = async (orderid: number) =>
    ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token: budi }))
      .overdueTime;

  /** Midtrans's status_code of each transaction_status (docs.midtrans.com/reference/code-statuses). */
  const statusCodes: Record<string, string> = {
    authorize: "200",
    capture: "200",
    "capture:challenge": "201",
    "capture:deny": "202",
    settlement: "200",
    pending: "201",
    deny: "202",
    cancel: "200",
    expire: "407",
    failure: "202",
    refund: "200",
    partial_refund: "200",
    chargeback: "200",
    partial_chargeback: "200",
  };

  /** Posts a signed notification to the API, as Midtrans does, and answers its HTTP status and body. */
  async function notify(paymentId: string, transactionStatus: string, fraudStatus = "accept") {
    const statusCode =
      statusCodes[`${transactionStatus}:${fraudStatus}`] ?? statusCodes[transactionStatus] ?? "200";
    const body = {
      transaction_time: "2026-11-23 10:00:00",
      transaction_status: transactionStatus,
      transaction_id: `T-${paymentId}`,
      status_message: "midtrans payment notification",
      status_code: statusCode,
      signature_key: midtransSignature(paymentId, statusCode, "15000.00", serverKey),
      payment_type: "credit_card",
      order_id: paymentId,
      merchant_id: "M-SANDBOX",
      gross_amount: "15000.00",
      fraud_status: fraudStatus,
      currency: "IDR",
    };
    const response = await fetch(`${origin()}${calls.paymentNotification.path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { data?: { duplicate: boolean; status: string } };
    return { http: response.status, ...answer.data };
  }

  it("answers every transaction_status 200 and credits a charge once, whatever follows it", async () => {
    const rent = await overdueRent();
    const { paymentId } = await pay(rent);
    const before = await overdueTime(rent.orderid);

    // Not charged yet: a pre-authorisation, a challenged capture, a pending transfer.
    for (const [status, fraud] of [
      ["pending", "accept"],
      ["authorize", "accept"],
      ["capture", "challenge"],
    ] as const) {
      expect(await notify(paymentId, status, fraud), status).toEqual({
        http: 200,
        duplicate: false,
        status: "PENDING",
      });
    }
    expect(await overdueTime(rent.orderid)).toBe(before);

    // The challenge accepted: a new event, credited.
    expect(await notify(paymentId, "capture", "accept")).toEqual({
      http: 200,
      duplicate: false,
      status: "SUCCESS",
    });
    const extended = await overdueTime(rent.orderid);
    expect(extended).not.toBe(before);
    expect(await notify(paymentId, "settlement")).toEqual({ http: 200, duplicate: false, status: "SUCCESS" });

    // Money given back after the credit (a refund at the dashboard, the bank's chargeback): answered,
    // recorded, never credited again; the credit stands for people to follow up.
    for (const status of ["partial_refund", "refund", "partial_chargeback", "chargeback"]) {
      expect(await notify(paymentId, status), status).toEqual({
        http: 200,
        duplicate: false,
        status: "SUCCESS",
      });
    }
    expect(await notify(paymentId, "chargeback")).toEqual({ http: 200, duplicate: true, status: "SUCCESS" });
    expect(await overdueTime(rent.orderid)).toBe(extended);
    const recorded = await app().db.query<{ event_id: string }>(
      "select event_id from payment_notifications where payment_id = $1 and event_id like '%chargeback%'",
      [paymentId],
    );
    expect(recorded).toHaveLength(2);
    expect(await payment(paymentId)).toMatchObject({ status: "SUCCESS", refunded_at: null });
  });

  it("closes a payment on deny, failure, cancel and expire, and takes a charge given back as refunded", async () => {
    const rent = await overdueRent();
    const before = await overdueTime(rent.orderid);
    for (const [transactionStatus, status] of [
      ["deny", "FAILED"],
      ["capture", "FAILED"],
      ["failure", "FAILED"],
      ["cancel", "CANCELLED"],
      ["expire", "EXPIRED"],
    ] as const) {
      const { paymentId } = await pay(rent);
      const fraud = transactionStatus === "capture" ? "deny" : "accept";
      expect(await notify(paymentId, transactionStatus, fraud), transactionStatus).toEqual({
        http: 200,
        duplicate: false,
        status,
      });
      expect((await payment(paymentId)).status).toBe(status);
    }
    // Charged and taken back before the API heard of the charge: nothing credited, nothing to refund.
    const { paymentId } = await pay(rent);
    expect(await notify(paymentId, "chargeback")).toEqual({
      http: 200,
      duplicate: false,
      status: "REFUNDED",
    });
    const given = await payment(paymentId);
    expect(given.status).toBe("REFUNDED");
    expect(given.refunded_at).not.toBeNull();
    expect(await notify(paymentId, "settlement")).toEqual({
      http: 200,
      duplicate: false,
      status: "REFUNDED",
    });
    expect(await overdueTime(rent.orderid)).toBe(before);
  });

  it("delivers the sandbox's own notification to the dashboard URL; the client's notification() reads it back", async () => {
    const rent = await overdueRent();
    const { paymentId, checkoutUrl } = await pay(rent);
    const back = await press(checkoutUrl, "pay");
    expect(back.searchParams.get("payment_status")).toBe("SUCCESS");
    expect((await payment(paymentId)).status).toBe("SUCCESS");

    const row = await ledger(paymentId);
    expect(row.notify_url).toBe(`${origin()}${calls.paymentNotification.path}`);
    const [delivered] = await app().db.query<{ delivered_at: Date | null }>(
      "select delivered_at from sandbox_notifications where reference_no = $1",
      [row.reference_no],
    );
    expect(delivered?.delivered_at).not.toBeNull();
    const [event] = await app().db.query<{ event_id: string }>(
      "select event_id from payment_notifications where payment_id = $1",
      [paymentId],
    );
    expect(event?.event_id).toBe(`midtrans:${row.reference_no}:settlement:accept`);

    // The client's notification handler asks the Core API for the status by the transaction_id.
    const [delivery] = midtransNotification(serverKey)(row, "e");
    const status = await core().notification(delivery?.body ?? "");
    expect(status).toMatchObject({
      order_id: paymentId,
      transaction_id: row.reference_no,
      transaction_status: "settlement",
      fraud_status: "accept",
      gross_amount: "15000.00",
    });
  });

  it("still refuses a notification that Midtrans did not sign", async () => {
    const rent = await overdueRent();
    const { paymentId } = await pay(rent);
    const response = await fetch(`${origin()}${calls.paymentNotification.path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        transaction_status: "settlement",
        transaction_id: "T-forged",
        status_code: "200",
        signature_key: "0".repeat(128),
        order_id: paymentId,
        gross_amount: "15000.00",
      }),
    });
    expect(response.status).toBe(401);
    expect((await payment(paymentId)).status).toBe("PENDING");
  });
});
