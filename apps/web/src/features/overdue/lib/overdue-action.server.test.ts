import { type CallDef, calls } from "@paxelbox/contract";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { testApiRefusal } from "../../../../test/test-api-refusal";
import { parseWebEnv } from "../../../config/env";
import { ApiError } from "../../../lib/http/api-error";
import { overduePaymentAction } from "./overdue-action.server";

/** What the API answers, by call id (a function may throw an `ApiError`), and what was asked. */
const api = vi.hoisted(() => ({
  answers: {} as Record<string, (options: Record<string, unknown>) => unknown>,
  asked: [] as { call: string; options: Record<string, unknown> }[],
  clients: [] as { token: string | null; language: string | undefined }[],
}));

vi.mock("../../../lib/http/api-client.server", () => ({
  serverApiClient: (_config: unknown, token: string | null, _request?: Request, language?: string) => {
    api.clients.push({ token, language });
    return {
      request: async (call: CallDef, options: Record<string, unknown>) => {
        api.asked.push({ call: call.id, options });
        const answer = api.answers[call.id];
        if (!answer) throw new Error(`unexpected call ${call.id}`);
        return answer(options);
      },
    };
  },
}));

/** The site's public address (PUBLIC_BASE_URL): the return addresses' origin, whatever Host says. */
const origin = "https://box.example";
const config = parseWebEnv({ PUBLIC_BASE_URL: origin });
const detail = {
  id: 9,
  status: "IN_STORE",
  overdueStatus: "need_to_pay",
  expressNumber: "PBD-9",
  senderName: "Toko",
  recipientName: "Rina Kartika",
  takeUserPhoneNumber: "0811222233333",
  createTime: 1,
  overdueTime: 2,
  overdueDays: 3,
  overdueBasePrice: 5000,
  overdueTotalPrice: 15000,
  mouth: { number: "5", mouthType: { name: "M" }, box: { id: 4, name: "Seasons City" } },
  barcode: null,
  invoiceNumber: "INV-DOL-ABC123-DE45",
  receiverEmail: null,
};
const settings = (snap: boolean) => ({
  paxelbox_content: [],
  enabled_userapp_feature: [{ name: "snap_bi_dropoff", setting_value: snap ? "enabled" : "disabled" }],
});

/** Posts the form as a browser would (urlencoded), to the page's address. */
async function post(
  fields: Record<string, string>,
  query = "orderid=9&token=link-token",
  headers: Record<string, string> = {},
) {
  // The request arrives under another name (a forged or internal Host): it is never the origin used.
  const request = new Request(`http://forged.example/overduepayment?index&${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
  try {
    return await overduePaymentAction(config, request);
  } catch (thrown) {
    return thrown;
  }
}
const form = {
  receiver_name: "Rina Kartika",
  phone: "0811222233333",
  email: " rina@example.com ",
  language: "en",
};
const asked = (id: string) => api.asked.filter((entry) => entry.call === id).map((entry) => entry.options);

/** A refused form: what the action answers with its status. */
function refused(result: unknown) {
  expect(result).toMatchObject({ type: "DataWithResponseInit" });
  const answer = result as {
    data: { values: Record<string, string>; errors: object; formError?: string };
    init: ResponseInit | null;
  };
  return { status: answer.init?.status, ...answer.data };
}
/** A redirect: its status, target and whether the browser loads it as a document. */
function redirected(result: unknown) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  return {
    status: response.status,
    location: response.headers.get("location"),
    document: response.headers.get("x-remix-reload-document") === "true",
  };
}

beforeEach(() => {
  api.asked = [];
  api.clients = [];
  api.answers = {
    [calls.overdueDropoffDetail.id]: () => detail,
    [calls.settings.id]: () => settings(true),
    [calls.overdueDropoffSubmit.id]: () => ({ code: 200 }),
    [calls.snapDropoffPayment.id]: () => ({ checkout_url: "https://pay.example/checkout/1" }),
    [calls.paymentToken.id]: () => ({ access_token: "access-1", expires_in: 600 }),
    [calls.createDropoffPayment.id]: () => ({ payment_url: "https://pay.example/midtrans/1" }),
    [calls.checkPayment.id]: () => ({ status: "PENDING" }),
  };
});

describe("the overdue page's action (Select Payment)", () => {
  it("refuses what the form's schema refuses, keeping what was typed, and asks the API nothing", async () => {
    const answer = refused(await post({ ...form, email: "rina@example" }));
    expect(answer.status).toBe(400);
    expect(answer.values).toEqual({
      receiver_name: "Rina Kartika",
      phone: "0811222233333",
      email: "rina@example",
    });
    // The schema's words: the page shows them in its language.
    expect(answer.errors).toEqual({ email: "Email is not valid" });
    expect(answer.formError).toBeUndefined();

    const empty = refused(await post({ ...form, receiver_name: " ", phone: "0811", email: "" }));
    expect(empty.errors).toEqual({
      receiver_name: "dropOff.overdue.messages.receiverName",
      phone: "dropOff.overdue.messages.phoneFormat",
      email: "Email is not valid",
    });
    expect(api.asked).toEqual([]);
  });

  it("pays through the bank interface with the fee and the receiver as the API has them, then loads the checkout as a document", async () => {
    // The receiver's fields are read-only on the page: a post that changes them changes nothing.
    const result = redirected(await post({ ...form, receiver_name: "Orang Lain", phone: "089999999999" }));
    expect(result).toEqual({ status: 302, location: "https://pay.example/checkout/1", document: true });
    // The page's token and language go with every call.
    expect(api.clients).toEqual([{ token: "link-token", language: "en" }]);
    expect(api.asked.map((entry) => entry.call)).toEqual([
      calls.overdueDropoffDetail.id,
      calls.settings.id,
      calls.overdueDropoffSubmit.id,
      calls.snapDropoffPayment.id,
    ]);
    expect(asked(calls.overdueDropoffSubmit.id)[0]).toMatchObject({
      params: { orderid: 9 },
      body: {
        email: "rina@example.com",
        invoice_number: "INV-DOL-ABC123-DE45",
        overdue_time: 2,
        overdue_days: 3,
        overdue_total_price: 15000,
      },
    });
    const [snap] = asked(calls.snapDropoffPayment.id);
    expect(snap?.idempotencyKey).toMatch(/^[\w-]{16,}$/);
    expect(snap?.body).toEqual({
      order_id: 9,
      order_number: "PBD-9",
      email: "rina@example.com",
      invoice_number: "INV-DOL-ABC123-DE45",
      overdue_time: 2,
      overdue_days: 3,
      overdue_total_price: 15000,
      recipient_name: "Rina Kartika",
      phone: "0811222233333",
      url_param: `${origin}/overduepayment?orderid=9&token=link-token&lang=en`,
      language: "en",
    });
  });

  it("without the bank interface: the payment token, then the order with the three return URLs", async () => {
    api.answers[calls.settings.id] = () => settings(false);
    const result = redirected(await post({ ...form, language: "id" }));
    expect(result).toEqual({ status: 302, location: "https://pay.example/midtrans/1", document: true });
    expect(asked(calls.snapDropoffPayment.id)).toEqual([]);
    const [order] = asked(calls.createDropoffPayment.id);
    expect(order?.query).toEqual({ access_token: "access-1" });
    expect(order?.idempotencyKey).toMatch(/^[\w-]{16,}$/);
    const link = "orderid=9&token=link-token";
    expect(order?.body).toMatchObject({
      client: "overdue_dropoff_locker",
      email: "rina@example.com",
      invoice_number: "INV-DOL-ABC123-DE45",
      cashier_name: "Rina Kartika",
      phone_number: "0811222233333",
      success_url: `${origin}/overduepayment/success-payment?${link}&payment_status=SUCCESS&overdue=true`,
      failed_url: `${origin}/overduepayment?${link}&status=failed&payment_status=FAILED&overdue=true`,
      cancel_url: `${origin}/overduepayment?${link}&status=cancel&payment_status=CANCELLED&overdue=true`,
      locker_order_type: "Drop Off",
      order_info: [
        expect.objectContaining({ order_id: 9, box_id: 4, door_number: "5", size: "M", duration: 3 }),
      ],
    });
  });

  it("takes the posted token when the address no longer has it, and the cookie's language without a posted one", async () => {
    const { language: _, ...noLanguage } = form;
    redirected(await post({ ...noLanguage, token: "member-token" }, "orderid=9", { cookie: "language=en" }));
    expect(api.clients).toEqual([{ token: "member-token", language: "en" }]);
    expect(asked(calls.snapDropoffPayment.id)[0]?.body).toMatchObject({
      url_param: `${origin}/overduepayment?orderid=9&token=member-token&lang=en`,
      language: "en",
    });
  });

  it("answers the API's refusal with its message, keeping what was typed", async () => {
    api.answers[calls.snapDropoffPayment.id] = () => {
      throw testApiRefusal(503, "Pembayaran sedang tidak tersedia.");
    };
    const answer = refused(await post({ ...form, language: "id" }));
    expect(answer.formError).toBe("Pembayaran sedang tidak tersedia.");
    expect(answer.values.email).toBe(" rina@example.com ");
    expect(answer.errors).toEqual({});
    expect(answer.status).toBe(502);

    api.answers[calls.overdueDropoffDetail.id] = () => {
      throw new ApiError({ status: 0, code: 0, message: "network", kind: "network", callId: "x" });
    };
    const lost = refused(await post(form));
    // No message of the server's: the page says its own 'something wrong'.
    expect(lost.formError).toBe("");
  });

  it("answers the API's 429 with its Retry-After, so the browser knows when to try again", async () => {
    api.answers[calls.snapDropoffPayment.id] = () => {
      throw new ApiError({
        status: 429,
        code: 429,
        message: "Terlalu banyak permintaan.",
        serverMessage: "Terlalu banyak permintaan.",
        kind: "http",
        callId: "x",
        retryAfter: "37",
      });
    };
    const answer = (await post(form)) as { init: ResponseInit };
    expect(answer.init.status).toBe(429);
    expect(new Headers(answer.init.headers).get("retry-after")).toBe("37");
  });

  it("goes to success-payment when the fee turns out paid meanwhile (409, confirmed by the check)", async () => {
    api.answers[calls.snapDropoffPayment.id] = () => {
      throw testApiRefusal(409, "Sudah dibayar.");
    };
    api.answers[calls.checkPayment.id] = () => ({ status: "SUCCESS" });
    expect(redirected(await post(form))).toEqual({
      status: 302,
      location: `${origin}/overduepayment/success-payment?orderid=9&token=link-token&lang=en&payment_status=SUCCESS&overdue=true`,
      document: false,
    });

    // A 409 the check does not confirm is a refusal like any other.
    api.answers[calls.checkPayment.id] = () => ({ status: "PENDING" });
    expect(refused(await post(form)).formError).toBe("Sudah dibayar.");
  });

  it("follows no checkout address that is not http(s), nor one a browser reads as another site", async () => {
    for (const checkout_url of ["javascript:alert(1)", "//evil.example/pay", "/\t/evil.example/pay"]) {
      api.answers[calls.snapDropoffPayment.id] = () => ({ checkout_url });
      const answer = refused(await post(form));
      expect(answer.status).toBe(502);
      expect(answer.values.email).toBe(form.email);
    }
  });

  it("only stops when the submit answers another code (spec §8)", async () => {
    api.answers[calls.overdueDropoffSubmit.id] = () => ({ code: 500 });
    const answer = refused(await post(form));
    expect(answer.errors).toEqual({});
    expect(answer.formError).toBeUndefined();
    expect(asked(calls.snapDropoffPayment.id)).toEqual([]);
  });

  it("follows the entry rules when the fee is no longer due, and needs an order", async () => {
    api.answers[calls.overdueDropoffDetail.id] = () => ({
      id: 9,
      status: "IN_STORE",
      overdueStatus: "expired",
    });
    // The expired link's page has no token to learn the language from: it goes in its address.
    expect(redirected(await post(form)).location).toBe("/overduepayment/expire?lang=en");
    expect(redirected(await post({ ...form, language: "id" })).location).toBe("/overduepayment/expire");
    api.answers[calls.overdueDropoffDetail.id] = () => ({
      ...detail,
      status: "CUSTOMER_TAKEN",
      overdueStatus: "none",
      invoiceNumber: null,
    });
    expect(redirected(await post(form)).location).toBe("/order?orderid=9&token=link-token");
    // Paid meanwhile on another device: the paid QR.
    api.answers[calls.overdueDropoffDetail.id] = () => ({
      ...detail,
      overdueStatus: "none",
      invoiceNumber: null,
    });
    api.answers[calls.checkPayment.id] = () => ({ status: "SUCCESS" });
    expect(redirected(await post({ ...form, language: "id" })).location).toBe(
      `${origin}/overduepayment/success-payment?orderid=9&token=link-token&payment_status=SUCCESS&overdue=true`,
    );
    // Asked with the page's token.
    expect(asked(calls.checkPayment.id).at(-1)).toMatchObject({
      params: { orderid: 9 },
      token: "link-token",
    });
    expect(asked(calls.overdueDropoffSubmit.id)).toEqual([]);
    expect(redirected(await post(form, "token=link-token")).location).toBe("/");
  });
});
