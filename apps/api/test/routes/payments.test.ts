import { calls, type Order } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { midtransSignature } from "../../src/payments/midtrans-gateway.ts";
import type { PaymentRow } from "../../src/payments/service.ts";
import { returnTarget } from "../../src/routes/payments.ts";
import {
  bankInterfaceBody,
  budi,
  call,
  dropoffPaymentBody,
  failure,
  http,
  ok,
  lockerOrderBody as orderBody,
  payDropoffFee,
  press,
  sari,
  scenario,
  snapDropoffBody,
  useApp,
  useServer,
} from "../helpers.ts";

const app = useApp();
const origin = useServer(app);

async function order(orderid: number, token = budi): Promise<Order> {
  return ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token }));
}

async function overdueRent() {
  const params = await scenario(app(), "rent-in-store-overdue");
  return Number(params.get("orderid"));
}

function lockerOrderBody(orderid: number, overrides: Record<string, unknown> = {}) {
  return orderBody(
    orderid,
    `${origin()}/order-status?orderid=${orderid}&token=${budi}&status=overdue`,
    overrides,
  );
}

async function accessToken(token = budi): Promise<string> {
  const result = await http(origin(), calls.paymentToken, { token });
  expect(result.status).toBe(200);
  return (result.body.data as { access_token: string }).access_token;
}

async function sandboxLedger(checkoutUrl: string) {
  const reference = checkoutUrl.split("/").at(-1);
  const [row] = await app().db.query<{ charged_count: number; status: string }>(
    "select charged_count, status from sandbox_transactions where reference_no = $1",
    [reference],
  );
  return row;
}

describe("non-interface rent payment through the sandbox", () => {
  it("Pay extends the rent to next_overdue_time exactly once, whatever the client says the price is", async () => {
    const orderid = await overdueRent();
    const calculation = ok(
      calls.overdueCalculation,
      await call(app(), calls.overdueCalculation, { params: { orderid }, token: budi }),
    );
    const token = await accessToken();
    const created = await http(origin(), calls.lockerOrderPayment, {
      query: { access_token: token },
      body: lockerOrderBody(orderid),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paymentUrl = (created.body.data as { payment_url: string }).payment_url;
    expect(paymentUrl).toMatch(/\/demo\/pay\/SBX/);

    const page = await (await fetch(paymentUrl)).text();
    expect(page).toContain("PaxelBox");
    expect(page).toContain((await order(orderid)).expressNumber);
    expect(page).toContain("Rp. 15.000");
    for (const label of [">Pay<", ">Fail<", ">Cancel<"]) expect(page).toContain(label);

    const before = await order(orderid);
    const back = await press(paymentUrl, "pay");
    expect(back.searchParams.get("payment_status")).toBe("SUCCESS");
    expect(back.searchParams.get("overdue")).toBe("true");
    const after = await order(orderid);
    expect(after.overdueTime).toBe(calculation.next_overdue_time);
    expect(after.overdueTime).not.toBe(before.overdueTime);

    await press(paymentUrl, "pay");
    expect(await sandboxLedger(paymentUrl)).toMatchObject({ charged_count: 1, status: "SUCCESS" });
    expect((await order(orderid)).overdueTime).toBe(calculation.next_overdue_time);
    const paid = await call(app(), calls.overdueCalculation, { params: { orderid }, token: budi });
    expect(ok(calls.overdueCalculation, paid).total_overdue_fee).toBe(0);
  });

  it("Fail and Cancel change nothing and bring the return parameters; a new payment can follow", async () => {
    const orderid = await overdueRent();
    const before = await order(orderid);
    for (const action of ["fail", "cancel"] as const) {
      const token = await accessToken();
      const created = await http(origin(), calls.lockerOrderPayment, {
        query: { access_token: token },
        body: lockerOrderBody(orderid),
      });
      const paymentUrl = (created.body.data as { payment_url: string }).payment_url;
      const back = await press(paymentUrl, action);
      expect(back.searchParams.get("payment_status")).toBe(action === "fail" ? "FAILED" : "CANCELLED");
      expect(back.searchParams.get("overdue")).toBe("true");
      expect((await order(orderid)).overdueTime).toBe(before.overdueTime);
    }
  });

  it("the return hands out the order link's token only while the payer is coming back", async () => {
    const orderid = await overdueRent();
    const created = await http(origin(), calls.lockerOrderPayment, {
      query: { access_token: await accessToken() },
      body: lockerOrderBody(orderid),
    });
    const paymentUrl = (created.body.data as { payment_url: string }).payment_url;
    const [payment] = await app().db.query<{ id: string }>("select id from payments where order_id = $1", [
      orderid,
    ]);
    const back = async () => {
      const response = await app().inject({
        url: calls.paymentReturn.path.replace("{paymentId}", payment!.id),
      });
      expect(response.statusCode).toBe(303);
      return new URL(String(response.headers.location));
    };
    const age = (column: "created_at" | "paid_at", hours: number) =>
      app().db.query(`update payments set ${column} = now() - make_interval(hours => $2) where id = $1`, [
        payment!.id,
        hours,
      ]);

    expect((await back()).searchParams.get("token")).toBe(budi);
    await age("created_at", 3);
    const stale = await back();
    expect(stale.searchParams.has("token")).toBe(false);
    expect(stale.searchParams.get("orderid")).toBe(String(orderid));
    expect(stale.searchParams.get("status")).toBe("overdue");

    // Paid just now, from a checkout opened long ago: the payer is coming back.
    expect((await press(paymentUrl, "pay")).searchParams.get("token")).toBe(budi);
    await age("paid_at", 3);
    const paid = await back();
    expect(paid.searchParams.get("payment_status")).toBe("SUCCESS");
    expect(paid.searchParams.has("token")).toBe(false);
  });

  it("creating twice for the same overdue yields one checkout", async () => {
    const orderid = await overdueRent();
    const token = await accessToken();
    const [first, second] = await Promise.all([
      http(origin(), calls.lockerOrderPayment, {
        query: { access_token: token },
        body: lockerOrderBody(orderid),
      }),
      http(origin(), calls.lockerOrderPayment, {
        query: { access_token: token },
        body: lockerOrderBody(orderid),
      }),
    ]);
    expect(first.body.data).toEqual(second.body.data);
    const [count] = await app().db.query<{ n: number }>(
      "select count(*)::int as n from payments where order_id = $1",
      [orderid],
    );
    expect(count?.n).toBe(1);
  });

  it("a checkout Midtrans does not know yet (its page not started) is offered again, not replaced", async () => {
    const orderid = await overdueRent();
    const token = await accessToken();
    const pay = () =>
      http(origin(), calls.lockerOrderPayment, {
        query: { access_token: token },
        body: lockerOrderBody(orderid),
      });
    const paymentUrl = async () => {
      const answer = await pay();
      expect(answer.status).toBe(200);
      return (answer.body.data as { payment_url: string }).payment_url;
    };
    const url = await paymentUrl();
    // Midtrans answers 404 about a Snap page no one has started paying on.
    await app().db.query("delete from sandbox_transactions where reference_no = $1", [url.split("/").at(-1)]);
    expect(await paymentUrl()).toBe(url);
    const rows = await app().db.query<{ status: string }>("select status from payments where order_id = $1", [
      orderid,
    ]);
    expect(rows.map((row) => row.status)).toEqual(["PENDING"]);
  });

  it("refuses foreign return URLs, a bad access token, another member's order, and a rent in time", async () => {
    const orderid = await overdueRent();
    const token = await accessToken();
    const foreign = lockerOrderBody(orderid, { success_url: "https://evil.example/steal" });
    expect(
      (await http(origin(), calls.lockerOrderPayment, { query: { access_token: token }, body: foreign }))
        .status,
    ).toBe(400);
    expect(
      (
        await http(origin(), calls.lockerOrderPayment, {
          query: { access_token: "nope" },
          body: lockerOrderBody(orderid),
        })
      ).status,
    ).toBe(401);
    const other = await accessToken(sari);
    expect(
      (
        await http(origin(), calls.lockerOrderPayment, {
          query: { access_token: other },
          body: lockerOrderBody(orderid),
        })
      ).status,
    ).toBe(404);
    const inTime = Number((await scenario(app(), "rent-in-store")).get("orderid"));
    expect(
      (
        await http(origin(), calls.lockerOrderPayment, {
          query: { access_token: token },
          body: lockerOrderBody(inTime),
        })
      ).status,
    ).toBe(409);
  });
});

describe("bank-interface (SNAP) rent payment", () => {
  const snapBody = (expressNumber: string, orderid: number) =>
    bankInterfaceBody(expressNumber, orderid, origin());

  it("opens a checkout over the SNAP protocol and Pay extends the rent once", async () => {
    const orderid = await overdueRent();
    const { expressNumber } = await order(orderid);
    const result = await http(origin(), calls.bankInterfacePayment, {
      body: snapBody(expressNumber, orderid),
      token: budi,
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const data = result.body.data as { checkoutUrl: string; partnerReferenceNo: string };
    expect(data.partnerReferenceNo).toBe(expressNumber);
    const again = await http(origin(), calls.bankInterfacePayment, {
      body: snapBody(expressNumber, orderid),
      token: budi,
    });
    expect((again.body.data as { checkoutUrl: string }).checkoutUrl).toBe(data.checkoutUrl);
    const back = await press(data.checkoutUrl, "pay");
    expect(back.pathname).toBe("/order-status");
    expect(back.searchParams.get("payment_status")).toBe("SUCCESS");
    expect(back.searchParams.get("orderid")).toBe(String(orderid));
    const paid = ok(
      calls.overdueCalculation,
      await call(app(), calls.overdueCalculation, { params: { orderid }, token: budi }),
    );
    expect(paid.total_overdue_fee).toBe(0);
    expect(
      (
        await http(origin(), calls.bankInterfacePayment, {
          body: snapBody(expressNumber, orderid),
          token: budi,
        })
      ).status,
    ).toBe(409);
  });

  it("checks auth first", async () => {
    const orderid = await overdueRent();
    const { expressNumber } = await order(orderid);
    expect(
      (await http(origin(), calls.bankInterfacePayment, { body: snapBody(expressNumber, orderid) })).status,
    ).toBe(401);
    expect(
      (
        await http(origin(), calls.bankInterfacePayment, {
          body: snapBody(expressNumber, orderid),
          token: sari,
        })
      ).status,
    ).toBe(404);
  });
});

describe("notifications", () => {
  async function pendingPayment() {
    const orderid = await overdueRent();
    const token = await accessToken();
    await http(origin(), calls.lockerOrderPayment, {
      query: { access_token: token },
      body: lockerOrderBody(orderid),
    });
    const [payment] = await app().db.query<{ id: string }>("select id from payments where order_id = $1", [
      orderid,
    ]);
    return { orderid, paymentId: payment!.id };
  }

  const serverKey = loadConfig({ NODE_ENV: "test" }).payments.midtransServerKey;
  /** Midtrans' status_code of each transaction_status these tests send (docs.midtrans.com/reference/code-statuses). */
  const statusCodes: Record<string, string> = {
    settlement: "200",
    capture: "200",
    pending: "201",
    deny: "202",
  };
  function midtransNotice(orderId: string, status: string, grossAmount: string, transactionId = "T-1") {
    const code = statusCodes[status] ?? "202";
    return {
      transaction_time: "2026-11-23 10:00:00",
      transaction_status: status,
      transaction_id: transactionId,
      status_code: code,
      signature_key: midtransSignature(orderId, code, grossAmount, serverKey),
      payment_type: "bank_transfer",
      order_id: orderId,
      gross_amount: grossAmount,
      fraud_status: "accept",
    };
  }

  it("a return URL alone marks nothing paid", async () => {
    const { orderid } = await pendingPayment();
    const before = await order(orderid);
    const landed = await fetch(
      `${origin()}/order-status?orderid=${orderid}&payment_status=SUCCESS&overdue=true`,
    );
    expect(landed.status).toBeLessThan(500);
    expect((await order(orderid)).overdueTime).toBe(before.overdueTime);
  });

  it("rejects a bad signature with 401 and answers a duplicate idempotently", async () => {
    const { orderid, paymentId } = await pendingPayment();
    const send = (body: object) =>
      app().inject({ method: "POST", url: calls.paymentNotification.path, payload: body });
    const notice = midtransNotice(paymentId, "settlement", "15000.00");
    failure(await send({ ...notice, signature_key: "0".repeat(128) }), 401);
    failure(await send({ ...notice, status_code: "201" }), 401);
    expect(ok(calls.paymentNotification, await send(notice))).toEqual({
      duplicate: false,
      status: "SUCCESS",
    });
    const extended = (await order(orderid)).overdueTime;
    expect(ok(calls.paymentNotification, await send(notice)).duplicate).toBe(true);
    expect((await order(orderid)).overdueTime).toBe(extended);
    // A signed notification with another amount (a leaked key) changes nothing.
    const tampered = midtransNotice(paymentId, "capture", "1.00");
    const refused = await send(tampered);
    failure(refused, 400);
    expect(refused.json().key).toBe("notifiedAmountMismatch");
    expect((await order(orderid)).overdueTime).toBe(extended);
  });

  it("refuses a pending notification's signature carrying a settlement; the genuine settlement credits", async () => {
    const { orderid, paymentId } = await pendingPayment();
    const send = (body: object) =>
      app().inject({ method: "POST", url: calls.paymentNotification.path, payload: body });
    const pending = midtransNotice(paymentId, "pending", "15000.00", `T-${paymentId}`);
    expect(ok(calls.paymentNotification, await send(pending)).status).toBe("PENDING");
    const before = (await order(orderid)).overdueTime;

    // Midtrans signs status_code, not transaction_status: this is the pending callback's own signature.
    const forged = await send({ ...pending, transaction_status: "settlement" });
    failure(forged, 401);
    expect(forged.json().key).toBe("notificationRefused");
    const [row] = await app().db.query<{ status: string }>("select status from payments where id = $1", [
      paymentId,
    ]);
    expect(row?.status).toBe("PENDING");
    expect((await order(orderid)).overdueTime).toBe(before);

    const settlement = midtransNotice(paymentId, "settlement", "15000.00", `T-${paymentId}`);
    expect(ok(calls.paymentNotification, await send(settlement))).toEqual({
      duplicate: false,
      status: "SUCCESS",
    });
    expect((await order(orderid)).overdueTime).not.toBe(before);
  });

  it("credits the transaction that charged when an earlier one of the same checkout did not (a card denied, then another)", async () => {
    const { orderid, paymentId } = await pendingPayment();
    const send = (body: object) =>
      app().inject({ method: "POST", url: calls.paymentNotification.path, payload: body });
    const before = (await order(orderid)).overdueTime;
    const denied = midtransNotice(paymentId, "deny", "15000.00", `T-${paymentId}-1`);
    expect(ok(calls.paymentNotification, await send(denied)).duplicate).toBe(false);
    const paid = midtransNotice(paymentId, "settlement", "15000.00", `T-${paymentId}-2`);
    expect(ok(calls.paymentNotification, await send(paid))).toEqual({ duplicate: false, status: "SUCCESS" });
    expect((await order(orderid)).overdueTime).not.toBe(before);
    const [row] = await app().db.query<{ reference_no: string }>(
      "select reference_no from payments where id = $1",
      [paymentId],
    );
    expect(row?.reference_no).toBe(`T-${paymentId}-2`);
  });

  it("refuses a notification naming another transaction than the one that charged the payment", async () => {
    const { paymentId } = await pendingPayment();
    const send = (body: object) =>
      app().inject({ method: "POST", url: calls.paymentNotification.path, payload: body });
    const pending = midtransNotice(paymentId, "pending", "15000.00", `T-${paymentId}`);
    expect(ok(calls.paymentNotification, await send(pending)).status).toBe("PENDING");
    const settlement = midtransNotice(paymentId, "settlement", "15000.00", `T-${paymentId}`);
    expect(ok(calls.paymentNotification, await send(settlement)).status).toBe("SUCCESS");
    // The charge's body replayed under another transaction id (the signature does not cover it).
    const other = await send(midtransNotice(paymentId, "settlement", "15000.00", "T-other"));
    failure(other, 401);
    expect(other.json().key).toBe("notificationRefused");
    const [row] = await app().db.query<{ status: string; reference_no: string }>(
      "select status, reference_no from payments where id = $1",
      [paymentId],
    );
    expect(row).toEqual({ status: "SUCCESS", reference_no: `T-${paymentId}` });
    // Nor may it take a transaction another payment already has.
    const second = await pendingPayment();
    const taken = await send(midtransNotice(second.paymentId, "settlement", "15000.00", `T-${paymentId}`));
    failure(taken, 401);
    expect(taken.json().key).toBe("notificationRefused");
  });

  it("rejects a SNAP notification with a bad signature", async () => {
    const response = await app().inject({
      method: "POST",
      url: calls.snapPaymentNotification.path,
      payload: {
        originalPartnerReferenceNo: "x",
        originalReferenceNo: "y",
        latestTransactionStatus: "00",
        amount: { value: "1.00", currency: "IDR" },
        additionalInfo: { eventId: "e" },
      },
      headers: { "x-timestamp": new Date().toISOString(), "x-signature": "forged" },
    });
    failure(response, 401);
  });
});

describe("drop-off overdue payment", () => {
  async function overdueDropoff() {
    const params = await scenario(app(), "dropoff-overdue-need-to-pay");
    return { orderid: Number(params.get("orderid")), token: params.get("token")! };
  }

  const dropoffBody = (orderid: number) => dropoffPaymentBody(orderid, origin());

  /** The order page's overdue detail once the fee is paid: nothing owed, and a pick-up code. */
  async function expectCollectable(orderid: number, token: string) {
    const detail = ok(
      calls.overdueDropoffDetail,
      await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token }),
    ) as { overdueStatus: string; barcode: { id: string } | null };
    expect(detail.overdueStatus).toBe("none");
    expect(detail.barcode?.id).toBeTruthy();
    return detail;
  }

  it("Pay makes the parcel collectable with a one-time pick-up barcode", async () => {
    const { orderid, token } = await overdueDropoff();
    const access = await accessToken(token);
    const created = await http(origin(), calls.createDropoffPayment, {
      query: { access_token: access },
      body: dropoffBody(orderid),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paymentUrl = (created.body.data as { payment_url: string }).payment_url;
    const failed = await press(paymentUrl, "fail");
    expect(failed.searchParams.get("status")).toBe("failed");
    expect(failed.searchParams.get("payment_status")).toBe("FAILED");

    const retry = await http(origin(), calls.createDropoffPayment, {
      query: { access_token: access },
      body: dropoffBody(orderid),
    });
    const retryUrl = (retry.body.data as { payment_url: string }).payment_url;
    expect(retryUrl).not.toBe(paymentUrl);
    const back = await press(retryUrl, "pay");
    expect(back.pathname).toBe("/overduepayment/success-payment");

    const detail = await expectCollectable(orderid, token);
    const image = await call(app(), calls.barcodeImage, {
      params: { product: "paxelbox", barcodeId: detail.barcode!.id },
    });
    expect(image.statusCode).toBe(200);

    const [code] = await app().db.query<{ code: string }>("select code from access_codes where id = $1", [
      detail.barcode!.id,
    ]);
    expect(
      ok(calls.kioskScan, await call(app(), calls.kioskScan, { body: { code: code!.code } })).action,
    ).toBe("pickup");
    failure(await call(app(), calls.kioskScan, { body: { code: code!.code } }), 409);
  });

  it("the pick-up QR of before the payment is refused at the locker as replaced, not as used", async () => {
    const params = await scenario(app(), "dropoff-in-store");
    const orderid = Number(params.get("orderid"));
    const token = params.get("token")!;
    const before = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token }),
    );
    const old = before.barcode.qrcodeCustomerTake!;
    ok(
      calls.advanceOrder,
      await call(app(), calls.advanceOrder, { params: { id: orderid }, body: { minutes: 3 * 24 * 60 } }),
    );
    await payDropoffFee(app(), origin(), orderid, token, "rina.replaced@example.id");
    // The recipient kept the first QR (a screenshot, a page opened before): the parcel is still inside.
    const scan = (code: string) =>
      call(app(), calls.kioskScan, { body: { code }, headers: { "accept-language": "en" } });
    expect(failure(await scan(old), 409)).toBe(
      "This QR code was replaced when the overdue fee was paid. Open your parcel's page for the new pick-up QR code.",
    );
    const after = ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token }));
    expect(after.barcode.qrcodeCustomerTake).toMatch(/^PXB-P-/);
    expect(ok(calls.kioskScan, await scan(after.barcode.qrcodeCustomerTake!)).action).toBe("pickup");
    // Taken: every code of it is simply used.
    expect(failure(await scan(old), 409)).toBe("This code has already been used.");
  });

  it("a fee paid near the link's end keeps the order's page open as long as its pick-up code", async () => {
    const { orderid, token } = await overdueDropoff();
    // The link ends in an hour: the paid pick-up code (24 hours) outlives it.
    await app().db.query("update orders set link_expires_at = now() + interval '1 hour' where id = $1", [
      orderid,
    ]);
    await payDropoffFee(app(), origin(), orderid, token, "rina.link@example.id");

    const [order] = await app().db.query<{ link_expires_at: Date }>(
      "select link_expires_at from orders where id = $1",
      [orderid],
    );
    const [code] = await app().db.query<{ expires_at: Date }>(
      "select expires_at from access_codes where order_id = $1 and purpose = 'pickup' and used_at is null",
      [orderid],
    );
    expect(order!.link_expires_at.getTime()).toBe(code!.expires_at.getTime());
    await expectCollectable(orderid, token);
  });

  it("the snap drop-off payment opens a checkout for the link holder only", async () => {
    const { orderid, token } = await overdueDropoff();
    const body = snapDropoffBody(orderid, `${origin()}/order?orderid=${orderid}&token=${token}`);
    expect((await http(origin(), calls.snapDropoffPayment, { body, token: budi })).status).toBe(404);
    const result = await http(origin(), calls.snapDropoffPayment, { body, token });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const checkout = (result.body.data as { checkout_url: string }).checkout_url;
    const back = await press(checkout, "cancel");
    expect(back.searchParams.get("payment_status")).toBe("CANCELLED");
    const detail = ok(
      calls.overdueDropoffDetail,
      await call(app(), calls.overdueDropoffDetail, { params: { orderid } }),
    );
    expect(detail.overdueStatus).toBe("need_to_pay");
  });
});

describe("the payment return", () => {
  const site = "https://box.example";
  const rentPage = (status: string) =>
    `${site}/order-status?orderid=7&token=t0k3n&payment_status=${status}&overdue=true`;
  const dropoffPage = `${site}/overduepayment?orderid=8&token=t0k3n`;
  /** A payment opened just now, returning to the rent page's three addresses (or one shared). */
  const payment = (status: PaymentRow["status"], urls?: Partial<PaymentRow>): PaymentRow => ({
    id: "PAYTEST",
    order_id: 7,
    purpose: "rent-overdue",
    gateway: "midtrans",
    overdue_key: "rent-overdue:7:0",
    status,
    amount: 15000,
    extends_to: null,
    checkout_url: `${site}/demo/pay/SBX1`,
    reference_no: null,
    partner_reference_no: "RENT7",
    success_url: rentPage("SUCCESS"),
    failed_url: rentPage("FAILED"),
    cancel_url: rentPage("CANCELLED"),
    created_at: new Date(),
    paid_at: status === "SUCCESS" || status === "REFUNDED" ? new Date() : null,
    refunded_at: null,
    check_attempts: 0,
    refund_attempts: 0,
    refund_given_up_at: null,
    ...urls,
  });
  const outcome = (row: PaymentRow, hint: string | null = null) =>
    Object.fromEntries(new URL(returnTarget(row, hint)).searchParams);

  it("sends a payment still pending to the screen's check ('being confirmed'), never to 'time is up'", () => {
    // Midtrans's finish redirect once a virtual account or QRIS is shown: status_code=201, pending.
    for (const hint of ["pending", null, "settlement", "capture", "authorize"]) {
      expect(returnTarget(payment("PENDING"), hint), String(hint)).toBe(rentPage("SUCCESS"));
    }
    // SNAP's one address, back before the bank settled.
    const shared = { success_url: dropoffPage, failed_url: dropoffPage, cancel_url: dropoffPage };
    expect(outcome(payment("PENDING", shared))).toMatchObject({ payment_status: "SUCCESS", overdue: "true" });
    // The gateway could not be asked: its hint of a failure or an end is taken.
    expect(returnTarget(payment("PENDING"), "deny")).toBe(rentPage("FAILED"));
    expect(returnTarget(payment("PENDING"), "failure")).toBe(rentPage("FAILED"));
    expect(returnTarget(payment("PENDING"), "expire")).toBe(rentPage("CANCELLED"));
    expect(returnTarget(payment("PENDING"), "cancel")).toBe(rentPage("CANCELLED"));
  });

  it("says what the gateway settled, whatever the address claims; a refunded charge says it was refunded", () => {
    expect(returnTarget(payment("SUCCESS"), "deny")).toBe(rentPage("SUCCESS"));
    expect(returnTarget(payment("FAILED"), "settlement")).toBe(rentPage("FAILED"));
    expect(returnTarget(payment("CANCELLED"), "settlement")).toBe(rentPage("CANCELLED"));
    expect(returnTarget(payment("EXPIRED"), "settlement")).toBe(rentPage("CANCELLED"));
    expect(returnTarget(payment("REFUNDED"), "settlement")).toBe(rentPage("REFUNDED"));
    // The drop-off's cancel address carries its own status=cancel, which would show 'time is up'.
    const dropoff = {
      success_url: `${site}/overduepayment/success-payment?orderid=8&token=t0k3n&payment_status=SUCCESS&overdue=true`,
      failed_url: `${dropoffPage}&status=failed&payment_status=FAILED&overdue=true`,
      cancel_url: `${dropoffPage}&status=cancel&payment_status=CANCELLED&overdue=true`,
    };
    expect(outcome(payment("REFUNDED", dropoff))).toEqual({
      orderid: "8",
      token: "t0k3n",
      payment_status: "REFUNDED",
      overdue: "true",
    });
    const shared = { success_url: dropoffPage, failed_url: dropoffPage, cancel_url: dropoffPage };
    expect(outcome(payment("REFUNDED", shared))).toMatchObject({
      payment_status: "REFUNDED",
      overdue: "true",
    });
  });

  it("a Midtrans return with a pending VA or QRIS goes to the check, and the payment stays open", async () => {
    const orderid = await overdueRent();
    const page = (status: string) =>
      `${origin()}/order-status?orderid=${orderid}&token=${budi}&payment_status=${status}&overdue=true`;
    const created = await http(origin(), calls.lockerOrderPayment, {
      query: { access_token: await accessToken() },
      body: orderBody(orderid, {
        success: page("SUCCESS"),
        failed: page("FAILED"),
        cancel: page("CANCELLED"),
      }),
    });
    expect(created.status).toBe(200);
    const [row] = await app().db.query<{ id: string }>("select id from payments where order_id = $1", [
      orderid,
    ]);
    const back = await app().inject({
      url: `${calls.paymentReturn.path.replace("{paymentId}", row!.id)}?order_id=${row!.id}&status_code=201&transaction_status=pending`,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(page("SUCCESS"));
    const state = ok(
      calls.checkPayment,
      await call(app(), calls.checkPayment, { params: { orderid }, token: budi }),
    );
    expect(state.status).toBe("PENDING");
  });

  it("an unknown payment sends the browser to the site's first page in its language, not to JSON", async () => {
    const unknown = calls.paymentReturn.path.replace("{paymentId}", "PAYNOSUCHPAYMENT00000");
    const cases = [
      [{}, "/"],
      [{ "accept-language": "id-ID,id;q=0.9,en;q=0.8" }, "/"],
      [{ "accept-language": "en-US,en;q=0.9" }, "/?lang=en"],
      // The language chosen on the site wins over the browser's.
      [{ "accept-language": "en-US", cookie: "theme=dark; language=id" }, "/"],
      [{ "accept-language": "id-ID", cookie: "language=en" }, "/?lang=en"],
    ] as const;
    for (const [headers, landing] of cases) {
      const response = await app().inject({ url: `${unknown}?transaction_status=settlement`, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(303);
      expect(response.headers.location).toBe(landing);
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });
});
