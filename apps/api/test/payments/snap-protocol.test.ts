import { calls } from "@paxelbox/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { type Database, openDatabase } from "../../src/db/database.ts";
import { hashToken } from "../../src/domain/tokens.ts";
import {
  type CheckoutRequest,
  checkoutLifetimeMinutes,
  type GatewayPaymentRef,
  GatewayUnavailable,
} from "../../src/payments/gateway.ts";
import { snapKeys } from "../../src/payments/sandbox/development-keys.ts";
import { finishTransaction, openTransaction } from "../../src/payments/sandbox/ledger.ts";
import { snapBankPrefix, snapBankRoutes, snapNotification } from "../../src/payments/sandbox/snap-bank.ts";
import { lateChargeMinutes } from "../../src/payments/service.ts";
import { snapGateway, snapMoney, snapPaths } from "../../src/payments/snap-gateway.ts";
import {
  accessTokenSignature,
  notificationSignature,
  snapTimestamp,
  transactionSignature,
  verifySnapNotification,
} from "../../src/payments/snap-signature.ts";
import { pgliteTemplate } from "../helpers.ts";

/**
 * SNAP BI between the adapter and the sandbox bank, on a bare Fastify app with its own database:
 * the adapter's whole conversation, and every request a real bank refuses — refused without a
 * trace in the bank's ledger.
 */
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://" });
const keys = snapKeys(config);
const {
  snapPartnerId: partnerId,
  snapClientSecret: clientSecret,
  snapChannelId: channelId,
} = config.payments;

let db: Database;
let app: FastifyInstance;
let origin = "";

beforeAll(async () => {
  db = await openDatabase({ dataDir: "memory://", template: await pgliteTemplate() });
  app = Fastify();
  // The site's configured origin (app.ts): here, the address this bare app listens on.
  app.decorate("publicOrigin", () => origin);
  await snapBankRoutes(app, db, config);
  origin = await app.listen({ port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function count(
  table: "sandbox_transactions" | "sandbox_notifications" | "sandbox_external_ids" | "sandbox_access_tokens",
) {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return row!.n;
}

/** The bank's rows a refused request must leave as they were. */
const ledgerCounts = async () => ({
  transactions: await count("sandbox_transactions"),
  notifications: await count("sandbox_notifications"),
  externalIds: await count("sandbox_external_ids"),
});

const notifyUrl = "http://127.0.0.1:9/api/v1/payments/snap/notify";

function checkout(externalId: string): CheckoutRequest {
  const back = `http://127.0.0.1:9/api/v1/payments/${externalId}/return`;
  return {
    externalId,
    orderNumber: `ORD-${externalId}`,
    amount: 15000,
    merchant: "PaxelBox",
    description: "Overdue rent",
    successUrl: back,
    failedUrl: back,
    cancelUrl: back,
    notifyUrl,
    language: "id",
    customer: { name: "Budi", email: "", phone: "081234567801" },
  };
}

/** An adapter on the sandbox bank that counts its access-token calls and keeps the bodies it sends. */
function adapter() {
  let tokenCalls = 0;
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const counting: typeof fetch = (input, init) => {
    if (String(input).endsWith(snapPaths.accessToken)) tokenCalls++;
    sent.push({ url: String(input), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return fetch(input, init);
  };
  const bank = snapGateway(
    {
      baseUrl: `${origin}${snapBankPrefix}`,
      partnerId,
      clientSecret,
      channelId,
      privateKey: keys.partnerPrivateKey,
    },
    counting,
  );
  return {
    bank,
    tokenCalls: () => tokenCalls,
    sentTo: (path: string) => sent.filter((call) => call.url.endsWith(path)).map((call) => call.body),
  };
}

interface Answer {
  status: number;
  body: { responseCode: string; responseMessage: string; [field: string]: unknown };
}

async function post(path: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const response = await fetch(`${origin}${snapBankPrefix}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

function requestToken(options: { timestamp?: string; clientKey?: string; key?: string; body?: object } = {}) {
  const timestamp = options.timestamp ?? snapTimestamp();
  const clientKey = options.clientKey ?? partnerId;
  return post(
    snapPaths.accessToken,
    {
      "x-timestamp": timestamp,
      "x-client-key": clientKey,
      "x-signature": accessTokenSignature(options.key ?? keys.partnerPrivateKey, clientKey, timestamp),
    },
    JSON.stringify(options.body ?? { grantType: "client_credentials" }),
  );
}

async function freshToken(): Promise<string> {
  const answer = await requestToken();
  expect(answer.body.responseCode).toBe("2007300");
  return answer.body.accessToken as string;
}

let lastExternalId = 0;
const nextExternalId = () => `${Date.now()}${String(++lastExternalId).padStart(6, "0")}`;

/** A transaction call signed like the adapter's, with any one part of it spoiled. */
function transactionCall(
  path: string,
  payload: object,
  options: {
    token?: string | null;
    timestamp?: string;
    externalId?: string;
    secret?: string;
    sentBody?: string;
  },
) {
  const body = JSON.stringify(payload);
  const timestamp = options.timestamp ?? snapTimestamp();
  const token = options.token ?? "";
  const headers: Record<string, string> = {
    "x-timestamp": timestamp,
    "x-signature": transactionSignature(options.secret ?? clientSecret, {
      method: "POST",
      path: `${snapBankPrefix}${path}`,
      accessToken: token,
      body,
      timestamp,
    }),
    "x-partner-id": partnerId,
    "x-external-id": options.externalId ?? nextExternalId(),
    "channel-id": channelId,
  };
  if (options.token !== null) headers.authorization = `Bearer ${token}`;
  return post(path, headers, options.sentBody ?? body);
}

const paymentBody = (partnerReferenceNo: string) => ({
  partnerReferenceNo,
  amount: snapMoney(15000),
  urlParams: [
    { url: "http://127.0.0.1:9/return", type: "PAY_RETURN", isDeeplink: "N" },
    { url: notifyUrl, type: "PAY_NOTIFY", isDeeplink: "N" },
  ],
});

describe("the SNAP adapter against the sandbox bank", () => {
  it("opens, reads, closes and refunds checkouts on one access token", async () => {
    const { bank, tokenCalls } = adapter();
    const first = await bank.createCheckout(checkout("PAYSNAPA"));
    expect(first.checkoutUrl).toBe(`${origin}/demo/pay/${first.referenceNo}`);
    const a: GatewayPaymentRef = { externalId: "PAYSNAPA", referenceNo: first.referenceNo, amount: 15000 };
    expect(await bank.status(a)).toEqual({
      status: "PENDING",
      amount: 15000,
      referenceNo: first.referenceNo,
    });
    // The status call finds it by our key alone, too.
    expect((await bank.status({ ...a, referenceNo: null })).status).toBe("PENDING");

    const before = await ledgerCounts();
    await expect(bank.createCheckout(checkout("PAYSNAPA"))).rejects.toMatchObject({
      name: "GatewayRefused",
      code: "4095401",
    });
    expect((await ledgerCounts()).transactions).toBe(before.transactions);

    expect(await bank.expire(a)).toMatchObject({ status: "EXPIRED", referenceNo: first.referenceNo });
    // SNAP has no "expired": the bank reads the closed checkout as cancelled (05).
    expect((await bank.status(a)).status).toBe("CANCELLED");
    expect((await bank.expire(a)).status).toBe("CANCELLED");

    const second = await bank.createCheckout(checkout("PAYSNAPB"));
    const b: GatewayPaymentRef = { externalId: "PAYSNAPB", referenceNo: second.referenceNo, amount: 15000 };
    await expect(bank.refund(b, "not paid")).rejects.toMatchObject({ code: "4045800" });
    await finishTransaction(db, second.referenceNo, "pay");
    expect(await bank.status(b)).toEqual({
      status: "SUCCESS",
      amount: 15000,
      referenceNo: second.referenceNo,
    });
    // Paid before the close arrived: the close answers the charge.
    expect((await bank.expire(b)).status).toBe("SUCCESS");
    await bank.refund(b, "Paid after the fee was settled");
    expect((await bank.status(b)).status).toBe("REFUNDED");
    await bank.refund(b, "Paid after the fee was settled");
    const [row] = await db.query<{ refunded_amount: number }>(
      "select refunded_amount from sandbox_transactions where reference_no = $1",
      [second.referenceNo],
    );
    expect(row!.refunded_amount).toBe(15000);

    expect(await bank.status({ externalId: "PAYNOSUCH", referenceNo: null, amount: 1 })).toEqual({
      status: "NOT_FOUND",
      amount: null,
    });
    expect(tokenCalls()).toBe(1);
  });

  it("takes a new token when the bank no longer accepts the cached one", async () => {
    const { bank, tokenCalls } = adapter();
    const opened = await bank.createCheckout(checkout("PAYSNAPC"));
    await db.query("update sandbox_access_tokens set expires_at = now() - interval '1 second'");
    const record = await bank.status({
      externalId: "PAYSNAPC",
      referenceNo: opened.referenceNo,
      amount: 15000,
    });
    expect(record.status).toBe("PENDING");
    expect(tokenCalls()).toBe(2);
  });

  it("reports a bank that cannot answer as unavailable", async () => {
    const options = {
      partnerId,
      clientSecret,
      channelId,
      privateKey: keys.partnerPrivateKey,
    };
    const ref = { externalId: "PAYSNAPD", referenceNo: null, amount: 15000 };
    const unreachable = snapGateway({ ...options, baseUrl: "http://127.0.0.1:1/snap" });
    await expect(unreachable.status(ref)).rejects.toBeInstanceOf(GatewayUnavailable);
    const failing = snapGateway(
      { ...options, baseUrl: origin },
      async () => new Response("down", { status: 502 }),
    );
    await expect(failing.createCheckout(checkout("PAYSNAPD"))).rejects.toBeInstanceOf(GatewayUnavailable);
    const garbled = snapGateway({ ...options, baseUrl: origin }, async () => new Response("<html>"));
    await expect(garbled.status(ref)).rejects.toBeInstanceOf(GatewayUnavailable);
  });
});

describe("the sandbox bank refuses what a SNAP bank refuses", () => {
  it("refuses access-token requests that are not the partner's, or not now", async () => {
    const tokens = await count("sandbox_access_tokens");
    const refusals: [Promise<Answer>, number, string][] = [
      // Signed with another key than the partner's.
      [requestToken({ key: keys.gatewayPrivateKey }), 401, "4017300"],
      [requestToken({ clientKey: "SOMEONE-ELSE" }), 401, "4017300"],
      [requestToken({ timestamp: snapTimestamp(new Date(Date.now() - 10 * 60_000)) }), 401, "4017300"],
      [requestToken({ timestamp: "not-a-date" }), 400, "4007301"],
      [requestToken({ body: { grantType: "password" } }), 400, "4007301"],
      [requestToken({ body: { grant_type: "password" } }), 400, "4007301"],
      [requestToken({ body: {} }), 400, "4007302"],
      [post(snapPaths.accessToken, { "x-client-key": partnerId, "x-signature": "x" }, "{}"), 400, "4007302"],
    ];
    for (const [answer, status, code] of refusals) {
      const { status: got, body } = await answer;
      expect({ status: got, code: body.responseCode }, body.responseMessage).toEqual({ status, code });
    }
    expect(await count("sandbox_access_tokens")).toBe(tokens);
    const granted = await requestToken();
    expect(granted.body).toMatchObject({
      responseCode: "2007300",
      tokenType: "BearerToken",
      expiresIn: "900",
    });
    // OAuth's grant_type, as midtrans-client sends it, is the same request.
    expect((await requestToken({ body: { grant_type: "client_credentials" } })).body.responseCode).toBe(
      "2007300",
    );
  });

  it("refuses transaction calls with a bad signature, time, token or a reused X-EXTERNAL-ID", async () => {
    const token = await freshToken();
    const expired = await freshToken();
    await db.query(
      "update sandbox_access_tokens set expires_at = now() - interval '1 second' where token = $1",
      [hashToken(expired)],
    );
    const before = await ledgerCounts();
    const pay = snapPaths.payment;
    const tenMinutesAgo = snapTimestamp(new Date(Date.now() - 10 * 60_000));
    const refusals: [string, Promise<Answer>, number, string][] = [
      [
        "wrong HMAC key",
        transactionCall(pay, paymentBody("PAYBAD1"), { token, secret: "not-the-client-secret" }),
        401,
        "4015400",
      ],
      [
        "body changed after signing",
        transactionCall(pay, paymentBody("PAYBAD2"), {
          token,
          sentBody: JSON.stringify(paymentBody("PAYBAD3")),
        }),
        401,
        "4015400",
      ],
      [
        "stale X-TIMESTAMP",
        transactionCall(pay, paymentBody("PAYBAD4"), { token, timestamp: tenMinutesAgo }),
        401,
        "4015400",
      ],
      [
        "garbage X-TIMESTAMP",
        transactionCall(pay, paymentBody("PAYBAD5"), { token, timestamp: "not-a-date" }),
        400,
        "4005401",
      ],
      ["no bearer token", transactionCall(pay, paymentBody("PAYBAD6"), { token: null }), 401, "4015401"],
      [
        "unknown bearer token",
        transactionCall(pay, paymentBody("PAYBAD7"), { token: "forged" }),
        401,
        "4015401",
      ],
      [
        "expired bearer token",
        transactionCall(pay, paymentBody("PAYBAD8"), { token: expired }),
        401,
        "4015401",
      ],
      [
        "non-numeric X-EXTERNAL-ID",
        transactionCall(pay, paymentBody("PAYBAD9"), { token, externalId: "PAY-1" }),
        400,
        "4005401",
      ],
    ];
    for (const [what, answer, status, code] of refusals) {
      const { status: got, body } = await answer;
      expect({ status: got, code: body.responseCode }, `${what}: ${body.responseMessage}`).toEqual({
        status,
        code,
      });
    }
    expect(await ledgerCounts()).toEqual(before);

    const externalId = nextExternalId();
    const opened = await transactionCall(pay, paymentBody("PAYGOOD1"), { token, externalId });
    expect(opened.body.responseCode).toBe("2005400");
    const afterFirst = await ledgerCounts();
    const reused = await transactionCall(pay, paymentBody("PAYGOOD2"), { token, externalId });
    expect({ status: reused.status, code: reused.body.responseCode }).toEqual({
      status: 409,
      code: "4095400",
    });
    const reusedOnStatus = await transactionCall(
      snapPaths.status,
      { originalPartnerReferenceNo: "PAYGOOD1", serviceCode: "54" },
      { token, externalId },
    );
    expect(reusedOnStatus.body.responseCode).toBe("4095500");
    expect(await ledgerCounts()).toEqual(afterFirst);

    const unknown = await transactionCall(
      snapPaths.status,
      { originalPartnerReferenceNo: "PAYNOSUCH", serviceCode: "54" },
      { token },
    );
    expect({ status: unknown.status, code: unknown.body.responseCode }).toEqual({
      status: 404,
      code: "4045501",
    });
    const missing = await transactionCall(snapPaths.status, { serviceCode: "54" }, { token });
    expect(missing.body).toMatchObject({
      responseCode: "4005502",
      responseMessage: "Invalid Mandatory Field {originalPartnerReferenceNo}",
    });
  });
});

describe("the end of a SNAP checkout (validUpTo)", () => {
  const ledgerRow = async (referenceNo: string) =>
    (
      await db.query<{ status: string; charged_count: number; valid_up_to: Date | null }>(
        "select status, charged_count, valid_up_to from sandbox_transactions where reference_no = $1",
        [referenceNo],
      )
    )[0];

  it("is sent by the adapter: the checkout's lifetime from now, ended before the service stops asking", async () => {
    const { bank, sentTo } = adapter();
    const before = Date.now();
    const opened = await bank.createCheckout(checkout("PAYSNAPUPTO"));
    const after = Date.now();
    const validUpTo = sentTo(snapPaths.payment)[0]?.validUpTo;
    // As SNAP writes its times: ISO-8601 with the (Jakarta) offset.
    expect(validUpTo).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    const end = Date.parse(validUpTo as string);
    const lifetime = checkoutLifetimeMinutes * 60_000;
    // Whole seconds: up to one second below the exact end.
    expect(end).toBeGreaterThan(before + lifetime - 1000);
    expect(end).toBeLessThanOrEqual(after + lifetime);
    // A payment closed here is asked about past the moment its checkout can no longer be paid.
    expect(end).toBeLessThan(before + lateChargeMinutes * 60_000);
    expect((await ledgerRow(opened.referenceNo))?.valid_up_to?.getTime()).toBe(end);
  });

  it("is refused when it is not a time to come, with nothing opened", async () => {
    const token = await freshToken();
    const before = await ledgerCounts();
    const refused = [
      "tomorrow",
      "",
      "2030-07-20 20:34:15+07:00",
      "2030-07-20T20:34:15",
      "2030-02-30T10:00:00+07:00",
      snapTimestamp(new Date(Date.now() - 60_000)),
    ];
    for (const validUpTo of refused) {
      const answer = await transactionCall(
        snapPaths.payment,
        { ...paymentBody("PAYUPTOBAD"), validUpTo },
        { token },
      );
      expect(
        { status: answer.status, code: answer.body.responseCode, message: answer.body.responseMessage },
        validUpTo,
      ).toEqual({ status: 400, code: "4005401", message: "Invalid Field Format {validUpTo}" });
    }
    const after = await ledgerCounts();
    expect([after.transactions, after.notifications]).toEqual([before.transactions, before.notifications]);
  });

  it("ends the transaction: past it, the status reads expired, a cancel is refused, nothing is charged", async () => {
    const token = await freshToken();
    const validUpTo = snapTimestamp(new Date(Date.now() + 10 * 60_000));
    const opened = await transactionCall(
      snapPaths.payment,
      { ...paymentBody("PAYUPTOEND"), validUpTo },
      { token },
    );
    expect(opened.body.responseCode).toBe("2005400");
    const referenceNo = opened.body.referenceNo as string;
    expect((await ledgerRow(referenceNo))?.valid_up_to?.getTime()).toBe(Date.parse(validUpTo));
    const status = () =>
      transactionCall(
        snapPaths.status,
        { originalPartnerReferenceNo: "PAYUPTOEND", serviceCode: "54" },
        { token },
      );
    expect((await status()).body.latestTransactionStatus).toBe("03");

    // Its end has come.
    await db.query(
      "update sandbox_transactions set valid_up_to = now() - interval '1 second' where reference_no = $1",
      [referenceNo],
    );
    expect((await status()).body).toMatchObject({
      responseCode: "2005500",
      latestTransactionStatus: "05",
      transactionStatusDesc: "Expired",
    });
    const cancel = await transactionCall(
      snapPaths.cancel,
      { originalPartnerReferenceNo: "PAYUPTOEND", reason: "Checkout expired" },
      { token },
    );
    expect({ status: cancel.status, code: cancel.body.responseCode }).toEqual({
      status: 404,
      code: "4045700",
    });
    const ref: GatewayPaymentRef = { externalId: "PAYUPTOEND", referenceNo, amount: 15000 };
    const { bank } = adapter();
    expect((await bank.expire(ref)).status).toBe("CANCELLED");
    expect((await finishTransaction(db, referenceNo, "pay")).status).toBe("EXPIRED");
    expect(await ledgerRow(referenceNo)).toMatchObject({ status: "EXPIRED", charged_count: 0 });
  });
});

describe("SNAP notifications", () => {
  it("are signed by the bank and refused when tampered with or not from now", async () => {
    const opened = await openTransaction(
      db,
      {
        externalId: "PAYNOTIFY",
        orderNumber: "ORD-NOTIFY",
        amount: 15000,
        merchant: "PaxelBox",
        description: "Overdue rent",
        successUrl: "http://127.0.0.1:9/return",
        failedUrl: "http://127.0.0.1:9/return",
        cancelUrl: "http://127.0.0.1:9/return",
        notifyUrl,
      },
      "snap",
    );
    const paid = await finishTransaction(db, opened!.reference_no, "pay");
    const [delivery] = snapNotification(config)(paid, "sbx-42");
    if (!delivery) throw new Error("no notification");
    expect(delivery.url).toBe(notifyUrl);
    expect(delivery.headers["x-timestamp"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    expect(delivery.headers["x-external-id"]).toMatch(/^\d{1,36}$/);
    expect(calls.snapPaymentNotification.body.parse(JSON.parse(delivery.body))).toEqual({
      originalPartnerReferenceNo: "PAYNOTIFY",
      originalReferenceNo: paid.reference_no,
      latestTransactionStatus: "00",
      transactionStatusDesc: "Success",
      amount: { value: "15000.00", currency: "IDR" },
      additionalInfo: { eventId: "sbx-42" },
    });

    const path = new URL(notifyUrl).pathname;
    const check = (overrides: Partial<Parameters<typeof verifySnapNotification>[0]>) =>
      verifySnapNotification({
        method: "POST",
        path,
        rawBody: delivery.body,
        timestamp: delivery.headers["x-timestamp"],
        signature: delivery.headers["x-signature"],
        publicKeyPem: keys.gatewayPublicKey ?? "",
        ...overrides,
      });
    /** Signed properly at `timestamp`, so that only the time is wrong. */
    const at = (timestamp: string) => ({
      timestamp,
      signature: notificationSignature(keys.gatewayPrivateKey, {
        method: "POST",
        path,
        body: delivery.body,
        timestamp,
      }),
    });

    expect(check({})).toBe(true);
    expect(check({ rawBody: delivery.body.replace("15000.00", "1.00") })).toMatch(/signature/i);
    expect(check({ path: "/api/v1/payments/notify" })).toMatch(/signature/i);
    expect(check({ publicKeyPem: keys.partnerPublicKey })).toMatch(/signature/i);
    expect(check({ signature: undefined })).toMatch(/signature/i);
    expect(check(at("2001-09-09T08:46:40+07:00"))).toMatch(/5 minutes/);
    expect(check(at("not-a-date"))).toMatch(/ISO-8601/);
    expect(check({ timestamp: undefined })).toMatch(/missing/);
    // A notification is good for five minutes, by the receiver's clock.
    expect(check({ now: Date.now() + 4 * 60_000 })).toBe(true);
    expect(check({ now: Date.now() + 6 * 60_000 })).toMatch(/5 minutes/);
  });
});
