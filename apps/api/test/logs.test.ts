import { calls, type Order } from "@paxelbox/contract";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterEach, describe, expect, it } from "vitest";
import { budi, call, http, lockerOrderBody, ok, press, scenario, useApp, useServer } from "./helpers.ts";

/**
 * A journey that goes as it should logs nothing at error (pino level 50) or above: an error line
 * is a fault someone will be paged for. The app logs to a stream this file reads, line by line.
 */

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  err?: { message?: string };
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

const lines: LogLine[] = [];
// At debug, so the test also sees the lines `info` leaves out.
const app = useApp(
  { LOG_LEVEL: "debug" },
  { logStream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
);
const origin = useServer(app);

afterEach(() => {
  const errors = lines.filter((line) => line.level >= 50);
  lines.length = 0;
  expect(errors.map((line) => `${line.msg}: ${line.err?.message ?? ""}`)).toEqual([]);
});

const png =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

async function orderOf(orderid: number, token = budi): Promise<Order> {
  return ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token }));
}

const scan = (code: string) => call(app(), calls.kioskScan, { body: { code } });

describe("happy journeys log nothing at error", () => {
  it("logs one line per request, with its status and time and the tokens of its address redacted", async () => {
    await app().inject("/healthz");
    await app().inject("/readyz");
    await call(app(), calls.validateUser, { query: { token: budi } });
    const requests = lines.filter((line) => line.req);
    expect(requests.map((line) => `${line.req?.method} ${line.req?.url} ${line.res?.statusCode}`)).toEqual([
      "GET /healthz 200",
      "GET /readyz 200",
      "GET /api/webview/v1/members/auth?token=[redacted] 200",
    ]);
    expect(requests.every((line) => line.level === 30 && line.msg === "request completed")).toBe(true);
    expect(requests.every((line) => typeof line.responseTime === "number")).toBe(true);
    // Bound to its request (the request's logger is made on its first line, ADR 020).
    expect(new Set(requests.map((line) => line.reqId)).size).toBe(3);
    expect(requests.every((line) => typeof line.reqId === "string")).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(budi);
    expect(lines.some((line) => line.msg === "incoming request")).toBe(false);
  });

  it("logs pictures and other assets at debug", async () => {
    const picture = await app().inject("/api/v1/media/misc/no-content.svg");
    expect(picture.statusCode).toBe(200);
    const [line] = lines.filter((entry) => entry.req?.url === "/api/v1/media/misc/no-content.svg");
    expect(line?.level).toBe(20);
  });

  it("rent: open the door, then stop with the overdue QR once nothing is owed", async () => {
    const orderid = Number((await scenario(app(), "rent-in-store")).get("orderid"));
    const order = await orderOf(orderid);
    const open = ok(
      calls.temporaryQr,
      await call(app(), calls.temporaryQr, { body: { expressNumber: order.expressNumber }, token: budi }),
    );
    expect(ok(calls.kioskScan, await scan(open.temporaryQrcode)).action).toBe("open");

    const free = Number((await scenario(app(), "rent-in-store-overdue-free")).get("orderid"));
    const stop = await call(app(), calls.overdueQr, { body: { id: free, status: "IN_STORE" }, token: budi });
    const qr = ok(calls.overdueQr, stop);
    expect(ok(calls.kioskScan, await scan(qr.qrcode)).orderStatus).toBe("CUSTOMER_TAKEN");
    expect((await orderOf(free)).status).toBe("CUSTOMER_TAKEN");
  });

  it("rent: cancel before storing", async () => {
    const orderid = Number((await scenario(app(), "rent-to-store")).get("orderid"));
    ok(calls.cancelRent, await call(app(), calls.cancelRent, { body: { id: orderid }, token: budi }));
  });

  it("drop-off: send the package, store it, the recipient opens the link", async () => {
    const form = await scenario(app(), "package-form");
    const boxId = Number(form.get("boxId"));
    const sizes = ok(calls.lockerSizes, await call(app(), calls.lockerSizes, { params: { boxId } }));
    const sent = await call(app(), calls.sendPackageData, {
      body: {
        takeUserPhoneNumber: "0811222233333",
        box: { id: boxId },
        mouth: { mouthType: { name: sizes[0]!.name } },
        photo: png,
        recipientName: "Rina",
        takeUserLanguage: "Indonesia",
        senderName: "Kurir Kilat",
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [code] = await app().db.query<{ code: string }>(
      "select code from access_codes where purpose = 'dropoff-store' order by created_at desc limit 1",
    );
    const stored = ok(calls.kioskScan, await scan(code!.code));
    const link = new URL(stored.recipientLink!, "http://x");
    const token = link.searchParams.get("token")!;
    ok(calls.validateUser, await call(app(), calls.validateUser, { query: { token } }));
    expect((await orderOf(stored.orderId, token)).status).toBe("IN_STORE");
  });

  it("guest book: solve the captcha and send", async () => {
    const setup = ok(calls.captcha, await app().inject(calls.captcha.path));
    if (setup.provider !== "altcha") throw new Error("expected ALTCHA");
    const challenge = setup.challenge as unknown as Parameters<typeof solveChallenge>[0]["challenge"];
    const solution = await solveChallenge({ challenge, deriveKey });
    const fields: Record<string, string> = {
      sender_name: "Sari Wijaya",
      sender_contact: "081234567890",
      sender_email: "sari@example.id",
      requested_value: "paxelbox_locker",
      message: "We manage three apartment towers.",
      token: btoa(JSON.stringify({ challenge, solution })),
    };
    const boundary = "----paxelbox-log-test";
    const payload = `${Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("")}--${boundary}--\r\n`;
    const response = await app().inject({
      method: "POST",
      url: calls.sendGuestBook.path,
      payload,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    ok(calls.sendGuestBook, response);
  });

  it("rent overdue: pay at the sandbox and check the payment", async () => {
    const orderid = Number((await scenario(app(), "rent-in-store-overdue")).get("orderid"));
    const access = await http(origin(), calls.paymentToken, { token: budi });
    const page = `${origin()}/order-status?orderid=${orderid}&status=overdue`;
    const created = await http(origin(), calls.lockerOrderPayment, {
      query: { access_token: (access.body.data as { access_token: string }).access_token },
      body: lockerOrderBody(orderid, page),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const back = await press((created.body.data as { payment_url: string }).payment_url, "pay");
    expect(back.searchParams.get("payment_status")).toBe("SUCCESS");
    // The return's id opens the order page while the payer comes back: its address is logged without it.
    const [payment] = await app().db.query<{ id: string }>("select id from payments where order_id = $1", [
      orderid,
    ]);
    const returns = lines.filter((line) => line.req?.url.includes("/return"));
    expect(returns.map((line) => line.req?.url)).toEqual([
      "/api/v1/payments/[redacted]/return?merchant_id=M-SANDBOX&order_id=[redacted]&status_code=200&transaction_status=settlement",
    ]);
    expect(lines.filter((line) => line.req?.url.includes(payment!.id))).toEqual([]);
    const state = ok(
      calls.checkPayment,
      await call(app(), calls.checkPayment, { params: { orderid }, token: budi }),
    );
    expect(state.status).toBe("SUCCESS");
  });

  it("drop-off overdue: submit, pay through SNAP and draw the pick-up barcode", async () => {
    const params = await scenario(app(), "dropoff-overdue-need-to-pay");
    const orderid = Number(params.get("orderid"));
    const token = params.get("token")!;
    const detail = ok(
      calls.overdueDropoffDetail,
      await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token }),
    );
    if (!("expressNumber" in detail) || !detail.invoiceNumber) throw new Error("expected the full detail");
    const invoice = detail.invoiceNumber;
    ok(
      calls.overdueDropoffSubmit,
      await call(app(), calls.overdueDropoffSubmit, {
        params: { orderid },
        token,
        body: {
          email: "rina@example.id",
          invoice_number: invoice,
          overdue_time: detail.overdueTime,
          overdue_days: detail.overdueDays,
          overdue_total_price: detail.overdueTotalPrice,
        },
      }),
    );
    const result = await http(origin(), calls.snapDropoffPayment, {
      token,
      body: {
        order_id: orderid,
        order_number: detail.expressNumber,
        email: "rina@example.id",
        invoice_number: invoice,
        overdue_time: detail.overdueTime,
        overdue_days: detail.overdueDays,
        overdue_total_price: detail.overdueTotalPrice,
        recipient_name: detail.recipientName,
        phone: detail.takeUserPhoneNumber,
        url_param: `${origin()}/overduepayment/success-payment?orderid=${orderid}`,
        language: "id",
      },
    });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const back = await press((result.body.data as { checkout_url: string }).checkout_url, "pay");
    expect(back.searchParams.get("payment_status")).toBe("SUCCESS");
    const paid = ok(
      calls.overdueDropoffDetail,
      await call(app(), calls.overdueDropoffDetail, { params: { orderid }, token }),
    ) as { barcode: { id: string } | null };
    const image = await call(app(), calls.barcodeImage, {
      params: { product: "paxelbox", barcodeId: paid.barcode!.id },
    });
    expect(image.statusCode).toBe(200);
  });

  it("content: settings, banners, services, lockers and pictures", async () => {
    ok(calls.settings, await call(app(), calls.settings));
    ok(calls.banners, await call(app(), calls.banners, { query: { language: "id", limit: 1 } }));
    ok(calls.services, await call(app(), calls.services, { query: { language: "en", limit: -1 } }));
    ok(calls.lockerLocations, await call(app(), calls.lockerLocations, { query: { limit: 5 } }));
    const short = await scenario(app(), "short-link");
    const code = short.url.split("/").at(-1)!;
    ok(calls.shortLink, await call(app(), calls.shortLink, { params: { code } }));
    const picture = await app().inject("/api/v1/media/misc/no-content.svg");
    expect(picture.statusCode).toBe(200);
  });
});
