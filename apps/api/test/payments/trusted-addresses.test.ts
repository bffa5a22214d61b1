import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { calls } from "@paxelbox/contract";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, loadConfig } from "../../src/app.ts";
import { openDatabase } from "../../src/db/database.ts";
import { hashToken } from "../../src/domain/tokens.ts";
import { midtransSignature } from "../../src/payments/midtrans-gateway.ts";
import { snapKeys } from "../../src/payments/sandbox/development-keys.ts";
import { notificationSignature, snapTimestamp } from "../../src/payments/snap-signature.ts";
import {
  bankInterfaceBody,
  budi,
  call,
  configOn,
  dropoffPaymentBody,
  failure,
  freshDatabase,
  lockerOrderBody,
  ok,
  pgliteTemplate,
  sari,
  scenario,
  snapDropoffBody,
} from "../helpers.ts";

/**
 * Addresses come from configuration only (docs/security.md): a request's Host or X-Forwarded-Host
 * never chooses the gateway, the notification URL or the return URL, in the default start and in a
 * production configuration; in production nothing of the demo is reachable or trusted.
 */

/** A gateway a customer runs on their own server: it records whatever reaches it and says "paid". */
async function recordingGateway() {
  const seen: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    seen.push(`${request.method} ${request.url}`);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        status_code: "200",
        transaction_status: "settlement",
        gross_amount: "15000.00",
        token: "t",
        redirect_url: "http://evil.example/pay",
        responseCode: "2005400",
        responseMessage: "Successful",
      }),
    );
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, host, close: () => new Promise((resolve) => server.close(resolve)) };
}

let fake: Awaited<ReturnType<typeof recordingGateway>>;
let dataDir: string;
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  fake = await recordingGateway();
  dataDir = mkdtempSync(path.join(tmpdir(), "paxelbox-trust-"));
  database = await freshDatabase();
});
afterAll(async () => {
  await fake.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const forged = () => ({ host: fake.host, "x-forwarded-host": fake.host, "x-forwarded-proto": "http" });

async function started(env: Record<string, string>): Promise<{ app: FastifyInstance; origin: string }> {
  // Both configurations on one database: a PGlite folder, or a server's database in CI.
  const app = await buildApp(configOn(database.url, { DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env }));
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, origin };
}

async function paymentToken(app: FastifyInstance, token: string): Promise<string> {
  return ok(calls.paymentToken, await call(app, calls.paymentToken, { token })).access_token;
}

/** The gateway's way back of every open payment, under a forged Host: each a redirect (303). */
async function returnsOfOpenPayments(app: FastifyInstance): Promise<LightMyRequestResponse[]> {
  const open = await app.db.query<{ id: string }>("select id from payments where status = 'PENDING'");
  const answers: LightMyRequestResponse[] = [];
  for (const { id } of open) {
    const back = await app.inject({
      url: calls.paymentReturn.path.replace("{paymentId}", id),
      headers: forged(),
    });
    expect(back.statusCode, id).toBe(303);
    answers.push(back);
  }
  return answers;
}

/** Records the default start leaves behind for the production configuration to be tried on. */
const left: {
  rent?: { orderid: number; expressNumber: string };
  dropoff?: { orderid: number; token: string };
} = {};

describe("the default start (demo mode, no PUBLIC_BASE_URL)", () => {
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    ({ app, origin } = await started({ NODE_ENV: "test" }));
  });
  afterAll(async () => {
    await app.close();
  });

  it("opens, checks and takes back every payment at this installation's sandbox whatever Host the request names", async () => {
    const rent = Number((await scenario(app, "rent-in-store-overdue")).get("orderid"));
    const { expressNumber } = ok(
      calls.orderDetail,
      await call(app, calls.orderDetail, { params: { orderid: rent }, token: budi }),
    );
    const dropoff = await scenario(app, "dropoff-overdue-need-to-pay");
    const dropoffId = Number(dropoff.get("orderid"));
    const linkToken = dropoff.get("token") ?? "";
    left.rent = { orderid: rent, expressNumber };
    left.dropoff = { orderid: dropoffId, token: linkToken };

    const checkouts = [
      ok(
        calls.lockerOrderPayment,
        await call(app, calls.lockerOrderPayment, {
          query: { access_token: await paymentToken(app, budi) },
          body: lockerOrderBody(rent, `${origin}/order-status?orderid=${rent}`),
          headers: forged(),
        }),
      ).payment_url,
      ok(
        calls.bankInterfacePayment,
        await call(app, calls.bankInterfacePayment, {
          body: bankInterfaceBody(expressNumber, rent, origin),
          token: budi,
          headers: forged(),
        }),
      ).checkoutUrl,
      ok(
        calls.createDropoffPayment,
        await call(app, calls.createDropoffPayment, {
          query: { access_token: await paymentToken(app, linkToken) },
          body: dropoffPaymentBody(dropoffId, origin),
          headers: forged(),
        }),
      ).payment_url,
    ];
    // The drop-off's bank-interface checkout, on a drop-off of its own (the one above stays open).
    const bank = await scenario(app, "dropoff-overdue-need-to-pay");
    const bankId = Number(bank.get("orderid"));
    const bankToken = bank.get("token") ?? "";
    checkouts.push(
      ok(
        calls.snapDropoffPayment,
        await call(app, calls.snapDropoffPayment, {
          token: bankToken,
          headers: forged(),
          body: snapDropoffBody(bankId, `${origin}/order?orderid=${bankId}`),
        }),
      ).checkout_url,
    );
    for (const url of checkouts) expect(url.startsWith(`${origin}/demo/pay/`), url).toBe(true);

    // The calls that ask a gateway about an open payment: the screen's check, the gateway's way back.
    for (const [orderid, token] of [
      [rent, budi],
      [bankId, bankToken],
    ] as const) {
      const state = ok(
        calls.checkPayment,
        await call(app, calls.checkPayment, { params: { orderid }, token, headers: forged() }),
      );
      expect(state.status, `order ${orderid}`).toBe("PENDING");
    }
    const returns = await returnsOfOpenPayments(app);
    expect(returns.length).toBeGreaterThanOrEqual(3);
    for (const back of returns) expect(new URL(back.headers.location ?? "").origin).toBe(origin);

    // The notification URL each gateway was given is this installation's own.
    const notified = await app.db.query<{ notify_url: string }>(
      "select notify_url from sandbox_transactions",
    );
    expect(notified.length).toBeGreaterThanOrEqual(4);
    for (const row of notified) expect(new URL(row.notify_url).origin).toBe(origin);
    expect(fake.seen).toEqual([]);
  });

  it("refuses return URLs on the host a request names, and still reaches nothing there", async () => {
    const dropoff = await scenario(app, "dropoff-overdue-need-to-pay");
    const orderid = Number(dropoff.get("orderid"));
    const response = await call(app, calls.snapDropoffPayment, {
      token: dropoff.get("token") ?? "",
      headers: forged(),
      body: snapDropoffBody(orderid, `http://${fake.host}/order?orderid=${orderid}`),
    });
    failure(response, 400);
    expect(response.json().key).toBe("returnUrlOffSite");
    expect(fake.seen).toEqual([]);
  });

  it("leads the demo's short link to this installation, not to the host a request names", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/demo/scenarios/short-link",
      headers: forged(),
    });
    const code = ok(calls.createDemoScenario, created).url.split("/o/")[1] ?? "";
    const link = ok(calls.shortLink, await call(app, calls.shortLink, { params: { code } }));
    expect(link.url).toBe(`${origin}/services`);
  });
});

describe("production (Midtrans configured, no SNAP_BASE_URL, no DEMO)", () => {
  const production = {
    NODE_ENV: "production",
    PUBLIC_BASE_URL: "https://paxelbox.example",
    PAYMENT_SECRET: "production-payment-secret-0123",
    CAPTCHA_SECRET: "production-captcha-secret-0123",
    PAYMENT_GATEWAY: "midtrans",
    MIDTRANS_SERVER_KEY: "Mid-server-production-key-0123",
    MIDTRANS_IS_PRODUCTION: "1",
  };
  /** Budi's token in production: a start on the demo members' published tokens is refused (app.ts). */
  const member = "production-member-token-0123456789";
  let app: FastifyInstance;
  beforeAll(async () => {
    // The default start's members stay, with tokens nobody read in this repository.
    const db = await openDatabase({ databaseUrl: database.url, dataDir });
    await db.query("update members set token_hash = $1 where token_hash = $2", [
      hashToken(member),
      hashToken(budi),
    ]);
    await db.query("update members set token_hash = 'revoked:' || id where token_hash = $1", [
      hashToken(sari),
    ]);
    await db.close();
    ({ app } = await started(production));
  });
  afterAll(async () => {
    await app.close();
  });

  it("does not start without PUBLIC_BASE_URL, and names it", () => {
    const { PUBLIC_BASE_URL: _, ...withoutBase } = production;
    expect(() => loadConfig(withoutBase)).toThrow(/PUBLIC_BASE_URL/);
  });

  it("keeps the bank-interface flow off: 503 to the screen, no sandbox at a forged host", async () => {
    const rent = left.rent;
    const dropoff = left.dropoff;
    if (!rent || !dropoff) throw new Error("the default start's records are missing");
    const bank = await call(app, calls.bankInterfacePayment, {
      body: bankInterfaceBody(rent.expressNumber, rent.orderid, production.PUBLIC_BASE_URL),
      token: member,
      headers: forged(),
    });
    failure(bank, 503);
    expect(bank.json().key).toBe("paymentUnavailable");
    const settings = ok(calls.settings, await call(app, calls.settings));
    for (const feature of settings.enabled_userapp_feature.filter((f) => f.name.startsWith("snap_bi_"))) {
      expect(feature.setting_value, feature.name).toBe("disabled");
    }
    expect(fake.seen).toEqual([]);
  });

  it("sends the Midtrans flow to Midtrans's own address whatever Host says; the SNAP flow nowhere", async () => {
    const rent = left.rent;
    const dropoff = left.dropoff;
    if (!rent || !dropoff) throw new Error("the default start's records are missing");
    // Every request the API makes, recorded (and refused as Midtrans would with a wrong key).
    const reached: string[] = [];
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      reached.push(input instanceof Request ? input.url : String(input));
      return Response.json({ status_code: "401", status_message: "Unauthorized" }, { status: 401 });
    });
    try {
      const site = production.PUBLIC_BASE_URL;
      const token = (holder: string) => paymentToken(app, holder);
      const rentPayment = await call(app, calls.lockerOrderPayment, {
        query: { access_token: await token(member) },
        body: lockerOrderBody(rent.orderid, `${site}/order-status?orderid=${rent.orderid}`),
        headers: forged(),
      });
      const dropoffPayment = await call(app, calls.createDropoffPayment, {
        query: { access_token: await token(dropoff.token) },
        body: dropoffPaymentBody(dropoff.orderid, site),
        headers: forged(),
      });
      // 502: Midtrans refused (a wrong key here), or the rent's open checkout from the default start
      // is at the SNAP flow, off now, which cannot be asked whether it was paid.
      failure(rentPayment, 502);
      failure(dropoffPayment, 502);
      const snap = await call(app, calls.snapDropoffPayment, {
        token: dropoff.token,
        headers: forged(),
        body: snapDropoffBody(dropoff.orderid, `${site}/order?orderid=${dropoff.orderid}`),
      });
      failure(snap, 503);
      // Asking about open payments: Midtrans at its own address, the flow that is off nowhere.
      const check = await call(app, calls.checkPayment, {
        params: { orderid: rent.orderid },
        token: member,
        headers: forged(),
      });
      expect(ok(calls.checkPayment, check).status).toBe("PENDING");
      expect((await returnsOfOpenPayments(app)).length).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
    expect(reached.length).toBeGreaterThan(0);
    for (const url of reached)
      expect(new URL(url).origin, url).toMatch(/^https:\/\/(app|api)\.midtrans\.com$/);
    expect(fake.seen).toEqual([]);
  });

  it("refuses a SNAP notification signed with the published development key", async () => {
    const [payment] = await app.db.query<{ id: string; reference_no: string; amount: number }>(
      "select id, reference_no, amount from payments where gateway = 'snap' and status = 'PENDING' limit 1",
    );
    if (!payment) throw new Error("no pending SNAP payment from the default start");
    const body = JSON.stringify({
      originalPartnerReferenceNo: payment.id,
      originalReferenceNo: payment.reference_no,
      latestTransactionStatus: "00",
      amount: { value: `${payment.amount}.00`, currency: "IDR" },
      additionalInfo: { eventId: "forged-1" },
    });
    const timestamp = snapTimestamp();
    const developmentKey = snapKeys(loadConfig({ NODE_ENV: "test" })).gatewayPrivateKey;
    const signature = notificationSignature(developmentKey, {
      method: "POST",
      path: calls.snapPaymentNotification.path,
      body,
      timestamp,
    });
    const response = await app.inject({
      method: "POST",
      url: calls.snapPaymentNotification.path,
      payload: body,
      headers: { "content-type": "application/json", "x-timestamp": timestamp, "x-signature": signature },
    });
    failure(response, 401);
    const [after] = await app.db.query<{ status: string }>("select status from payments where id = $1", [
      payment.id,
    ]);
    expect(after?.status).toBe("PENDING");
  });

  it("refuses a Midtrans notification signed with the sandbox's server key", async () => {
    const [payment] = await app.db.query<{ id: string; amount: number }>(
      "select id, amount from payments where gateway = 'midtrans' and status = 'PENDING' limit 1",
    );
    if (!payment) throw new Error("no pending Midtrans payment from the default start");
    const sandboxKey = loadConfig({ NODE_ENV: "test", PAYMENT_SECRET: production.PAYMENT_SECRET }).payments
      .midtransServerKey;
    const gross = `${payment.amount}.00`;
    const response = await app.inject({
      method: "POST",
      url: calls.paymentNotification.path,
      payload: {
        transaction_id: "T-forged",
        transaction_status: "settlement",
        status_code: "200",
        order_id: payment.id,
        gross_amount: gross,
        fraud_status: "accept",
        signature_key: midtransSignature(payment.id, "200", gross, sandboxKey),
      },
    });
    failure(response, 401);
  });

  it("seeds no demo member: their published tokens open nothing", async () => {
    const fresh = await buildApp(
      configOn(undefined, {
        ...production,
        DATA_DIR: "memory://",
        LOG_LEVEL: "silent",
        PAYMENT_GATEWAY: "sandbox",
      }),
      { databaseTemplate: await pgliteTemplate() },
    );
    try {
      failure(await call(fresh, calls.orderDetail, { params: { orderid: 1 }, token: budi }), 401);
      failure(await call(fresh, calls.validateUser, { query: { token: budi } }), 401);
    } finally {
      await fresh.close();
    }
  });

  it("reaches no demo route, sandbox or kiosk", async () => {
    for (const [method, url] of [
      ["GET", "/api/demo/scenarios"],
      ["POST", "/api/demo/scenarios/rent-in-store-overdue"],
      ["GET", "/demo/pay/SBX1"],
      ["POST", "/demo/snap/v1.0/access-token/b2b"],
      ["GET", "/demo/midtrans/v2/PAY1/status"],
      ["POST", "/demo/midtrans/snap/v1/transactions"],
      ["GET", "/demo/kiosk"],
      ["POST", "/api/demo/kiosk/scan"],
      ["POST", "/api/demo/orders/1/advance"],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe("production with DEMO=1", () => {
  it("says so loudly at start-up", async () => {
    const lines: string[] = [];
    const app = await buildApp(
      configOn(undefined, {
        NODE_ENV: "production",
        DEMO: "1",
        DATA_DIR: "memory://",
        PUBLIC_BASE_URL: "https://demo.paxelbox.example",
        PAYMENT_SECRET: "production-payment-secret-0123",
        CAPTCHA_SECRET: "production-captcha-secret-0123",
        LOG_LEVEL: "warn",
      }),
      { logStream: { write: (line) => lines.push(line) }, databaseTemplate: await pgliteTemplate() },
    );
    await app.close();
    expect(lines.some((line) => line.includes("DEMO=1 IN PRODUCTION"))).toBe(true);
  });
});
