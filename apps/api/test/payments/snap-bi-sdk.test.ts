import { createRequire } from "node:module";
import { calls } from "@paxelbox/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { snapKeys } from "../../src/payments/sandbox/development-keys.ts";
import { finishTransaction, type SandboxTransaction } from "../../src/payments/sandbox/ledger.ts";
import { snapNotification } from "../../src/payments/sandbox/snap-bank.ts";
import { snapMoney } from "../../src/payments/snap-gateway.ts";
import { notificationSignature, snapTimestamp } from "../../src/payments/snap-signature.ts";
import { bankInterfaceBody, budi, call, http, ok, scenario, useApp, useServer } from "../helpers.ts";

/**
 * The official midtrans-client's SNAP BI client (SnapBi) against the sandbox bank: it asks for its
 * token with `grant_type`, signs the path below the bank's base URL, and verifies the bank's
 * notifications its own way. Its settings are static; they point at the sandbox for this file and
 * are put back afterwards. The bank's notification in the standard's own shape reaches the API.
 */

/** What this file uses of midtrans-client's SnapBi (it ships no types). */
interface SnapAnswer {
  responseCode: string;
  responseMessage: string;
  [field: string]: unknown;
}
interface SnapBiCall {
  withBody(body: object): SnapBiCall;
  withAccessToken(token: string): SnapBiCall;
  withClientSecret(secret: string): SnapBiCall;
  withNotificationPayload(payload: object): SnapBiCall;
  withSignature(signature: string): SnapBiCall;
  withTimeStamp(timestamp: string): SnapBiCall;
  withNotificationUrlPath(path: string): SnapBiCall;
  getAccessToken(): Promise<SnapAnswer>;
  createPayment(externalId: string): Promise<SnapAnswer>;
  getStatus(externalId: string): Promise<SnapAnswer>;
  cancel(externalId: string): Promise<SnapAnswer>;
  refund(externalId: string): Promise<SnapAnswer>;
  isWebhookNotificationVerified(): boolean;
}
interface SnapBiClient {
  directDebit(): SnapBiCall;
  notification(): SnapBiCall;
}
type SnapBiSettings = Record<
  | "isProduction"
  | "snapBiClientId"
  | "snapBiPrivateKey"
  | "snapBiClientSecret"
  | "snapBiPartnerId"
  | "snapBiChannelId"
  | "snapBiPublicKey"
  | "SNAP_BI_SANDBOX_BASE_URL",
  unknown
>;

const require = createRequire(import.meta.url);
const { SnapBi, SnapBiConfig } = require("midtrans-client") as {
  SnapBi: SnapBiClient;
  SnapBiConfig: SnapBiSettings;
};

const app = useApp();
const origin = useServer(app);
const config = loadConfig({ NODE_ENV: "test" });
const keys = snapKeys(config);
const { snapPartnerId: partnerId, snapClientSecret: clientSecret } = config.payments;

const saved = { ...SnapBiConfig };
beforeAll(() => {
  Object.assign(SnapBiConfig, {
    isProduction: false,
    SNAP_BI_SANDBOX_BASE_URL: `${origin()}/demo/snap`,
    snapBiClientId: partnerId,
    snapBiPrivateKey: keys.partnerPrivateKey,
    snapBiClientSecret: clientSecret,
    snapBiPartnerId: partnerId,
    snapBiChannelId: config.payments.snapChannelId,
    snapBiPublicKey: keys.gatewayPublicKey,
  } satisfies Partial<SnapBiSettings>);
});
afterAll(() => {
  Object.assign(SnapBiConfig, saved);
});

let sequence = 0;
/** X-EXTERNAL-ID: numeric, and new for every message. */
const externalId = () => `${Date.now()}${String(++sequence).padStart(6, "0")}`;

async function ledger(referenceNo: string): Promise<SandboxTransaction> {
  const [row] = await app().db.query<SandboxTransaction>(
    "select * from sandbox_transactions where reference_no = $1",
    [referenceNo],
  );
  if (!row) throw new Error(`no sandbox transaction ${referenceNo}`);
  return row;
}

/** A direct-debit payment body as Midtrans's documentation writes it: one `urlParam`, no PAY_NOTIFY. */
const paymentBody = (partnerReferenceNo: string) => ({
  partnerReferenceNo,
  amount: snapMoney(15000),
  urlParam: { url: "http://127.0.0.1:9/return", type: "PAY_RETURN", isDeeplink: "N" },
  // The standard caps validUpTo at 25 characters (Midtrans's example, with microseconds, has 27).
  validUpTo: "2030-07-20T20:34:15+07:00",
  additionalInfo: { merchantName: "PaxelBox", description: "Overdue rent" },
});

describe("midtrans-client's SnapBi against the sandbox bank", () => {
  it("obtains a B2B access token with grant_type", async () => {
    const answer = await SnapBi.directDebit().getAccessToken();
    expect(answer).toMatchObject({ responseCode: "2007300", tokenType: "BearerToken", expiresIn: "900" });
    expect(typeof answer.accessToken).toBe("string");
  });

  it("pays, reads, cancels and refunds with calls signed over the path below the base URL", async () => {
    const created = await SnapBi.directDebit().withBody(paymentBody("SDKBI-1")).createPayment(externalId());
    expect(created, created.responseMessage).toMatchObject({
      responseCode: "2005400",
      partnerReferenceNo: "SDKBI-1",
    });
    const referenceNo = created.referenceNo as string;
    // The checkout on the configured origin; the notification to the URL registered with the bank.
    expect(created.webRedirectUrl).toBe(`${origin()}/demo/pay/${referenceNo}`);
    expect((await ledger(referenceNo)).notify_url).toBe(`${origin()}${calls.snapPaymentNotification.path}`);

    // By the bank's reference alone, as Midtrans's documentation does it.
    const status = await SnapBi.directDebit()
      .withBody({ originalReferenceNo: referenceNo, serviceCode: "54" })
      .getStatus(externalId());
    expect(status).toMatchObject({
      responseCode: "2005500",
      originalPartnerReferenceNo: "SDKBI-1",
      latestTransactionStatus: "03",
    });
    const cancelled = await SnapBi.directDebit()
      .withBody({ originalPartnerReferenceNo: "SDKBI-1", reason: "changed my mind" })
      .cancel(externalId());
    expect(cancelled).toMatchObject({ responseCode: "2005700", originalReferenceNo: referenceNo });

    const paid = await SnapBi.directDebit().withBody(paymentBody("SDKBI-2")).createPayment(externalId());
    await finishTransaction(app().db, paid.referenceNo as string, "pay");
    const refunded = await SnapBi.directDebit()
      .withBody({
        originalReferenceNo: paid.referenceNo,
        partnerRefundNo: "SDKBI-2-refund",
        refundAmount: snapMoney(15000),
        reason: "paid twice",
      })
      .refund(externalId());
    expect(refunded).toMatchObject({ responseCode: "2005800", refundAmount: snapMoney(15000) });
  });

  it("is refused a wrong signature, a reused X-EXTERNAL-ID and a transaction it does not name", async () => {
    const wrongSecret = await SnapBi.directDebit()
      .withClientSecret("not-the-client-secret")
      .withBody(paymentBody("SDKBI-3"))
      .createPayment(externalId());
    expect(wrongSecret.responseCode).toBe("4015400");
    SnapBiConfig.snapBiClientSecret = clientSecret;

    const reused = externalId();
    const token = (await SnapBi.directDebit().getAccessToken()).accessToken as string;
    const first = await SnapBi.directDebit()
      .withAccessToken(token)
      .withBody(paymentBody("SDKBI-4"))
      .createPayment(reused);
    expect(first.responseCode).toBe("2005400");
    const again = await SnapBi.directDebit()
      .withAccessToken(token)
      .withBody(paymentBody("SDKBI-5"))
      .createPayment(reused);
    expect(again.responseCode).toBe("4095400");

    const unnamed = await SnapBi.directDebit().withBody({ serviceCode: "54" }).getStatus(externalId());
    expect(unnamed).toMatchObject({
      responseCode: "4005502",
      responseMessage: "Invalid Mandatory Field {originalPartnerReferenceNo}",
    });
  });

  it("is held to its validUpTo: past it the checkout page cannot pay, and the status reads expired", async () => {
    const validUpTo = snapTimestamp(new Date(Date.now() + 10 * 60_000));
    const created = await SnapBi.directDebit()
      .withBody({ ...paymentBody("SDKBI-7"), validUpTo })
      .createPayment(externalId());
    expect(created.responseCode).toBe("2005400");
    const referenceNo = created.referenceNo as string;
    expect((await ledger(referenceNo)).valid_up_to?.getTime()).toBe(Date.parse(validUpTo));
    // Its end has come, well within the 60 minutes Midtrans's checkouts are given.
    await app().db.query(
      "update sandbox_transactions set valid_up_to = now() - interval '1 second' where reference_no = $1",
      [referenceNo],
    );
    // Pay pressed on the page opened before: back to the shop, nothing charged.
    const pay = await fetch(`${origin()}/demo/pay/${referenceNo}/pay`, {
      method: "POST",
      redirect: "manual",
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toBe("http://127.0.0.1:9/return");
    expect(await ledger(referenceNo)).toMatchObject({ status: "EXPIRED", charged_count: 0 });
    const page = await fetch(`${origin()}/demo/pay/${referenceNo}`);
    expect(await page.text()).toContain("This checkout is finished: <strong>EXPIRED</strong>");
    const status = await SnapBi.directDebit()
      .withBody({ originalReferenceNo: referenceNo, serviceCode: "54" })
      .getStatus(externalId());
    expect(status).toMatchObject({ responseCode: "2005500", latestTransactionStatus: "05" });
  });

  it("verifies the sandbox bank's notification with its own check", async () => {
    const created = await SnapBi.directDebit().withBody(paymentBody("SDKBI-6")).createPayment(externalId());
    const paid = await finishTransaction(app().db, created.referenceNo as string, "pay");
    const [delivery] = snapNotification(config)(paid, "sbx-1");
    if (!delivery) throw new Error("no notification");
    const verified = (path: string) =>
      SnapBi.notification()
        .withNotificationPayload(JSON.parse(delivery.body) as object)
        .withSignature(delivery.headers["x-signature"] ?? "")
        .withTimeStamp(delivery.headers["x-timestamp"] ?? "")
        .withNotificationUrlPath(path)
        .isWebhookNotificationVerified();
    expect(verified(calls.snapPaymentNotification.path)).toBe(true);
    expect(verified("/v1.0/debit/notify")).toBe(false);
  });
});

describe("the standard SNAP notification body reaches the API", () => {
  async function snapPayment() {
    const orderid = Number((await scenario(app(), "rent-in-store-overdue")).get("orderid"));
    const { expressNumber } = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
    );
    const created = await http(origin(), calls.bankInterfacePayment, {
      body: bankInterfaceBody(expressNumber, orderid, origin()),
      token: budi,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [payment] = await app().db.query<{ id: string; reference_no: string }>(
      "select id, reference_no from payments where order_id = $1",
      [orderid],
    );
    return { orderid, paymentId: payment!.id, referenceNo: payment!.reference_no };
  }

  /** Posts a body signed by the bank, as the standard's notification. */
  async function notify(body: object) {
    const raw = JSON.stringify(body);
    const timestamp = snapTimestamp();
    const response = await fetch(`${origin()}${calls.snapPaymentNotification.path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-timestamp": timestamp,
        "x-signature": notificationSignature(keys.gatewayPrivateKey, {
          method: "POST",
          path: calls.snapPaymentNotification.path,
          body: raw,
          timestamp,
        }),
        "x-partner-id": partnerId,
        "x-external-id": externalId(),
      },
      body: raw,
    });
    const answer = (await response.json()) as { data?: { duplicate: boolean; status: string } };
    return { http: response.status, ...answer.data };
  }

  it("is applied once without an eventId: the reference and the status name the event", async () => {
    const { orderid, paymentId, referenceNo } = await snapPayment();
    const notice = (latestTransactionStatus: string, additionalInfo?: object) => ({
      originalPartnerReferenceNo: paymentId,
      originalReferenceNo: referenceNo,
      merchantId: "G099333790",
      amount: { value: "15000.00", currency: "IDR" },
      latestTransactionStatus,
      transactionStatusDesc: latestTransactionStatus === "00" ? "SUCCESS" : "PENDING",
      ...(additionalInfo ? { additionalInfo } : {}),
    });
    const overdue = async () =>
      ok(
        calls.overdueCalculation,
        await call(app(), calls.overdueCalculation, { params: { orderid }, token: budi }),
      ).total_overdue_fee;
    const owed = await overdue();
    expect(owed).toBeGreaterThan(0);

    expect(await notify(notice("02"))).toEqual({ http: 200, duplicate: false, status: "PENDING" });
    expect(await notify(notice("00", { refundHistory: [] }))).toEqual({
      http: 200,
      duplicate: false,
      status: "SUCCESS",
    });
    expect(await overdue()).toBe(0);
    expect(await notify(notice("00"))).toEqual({ http: 200, duplicate: true, status: "SUCCESS" });
    // Given back after the credit: answered, recorded, the credit stands.
    expect(await notify(notice("04"))).toEqual({ http: 200, duplicate: false, status: "SUCCESS" });
    const events = await app().db.query<{ event_id: string }>(
      "select event_id from payment_notifications where payment_id = $1 order by event_id",
      [paymentId],
    );
    expect(events.map((event) => event.event_id)).toEqual([
      `snap-status:${referenceNo}:00`,
      `snap-status:${referenceNo}:04`,
    ]);
  });
});
