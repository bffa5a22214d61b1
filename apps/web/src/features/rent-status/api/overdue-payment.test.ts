import { BankInterfacePaymentBody, LockerOrderBody } from "@paxelbox/contract";
import { describe, expect, it, vi } from "vitest";
import { testOrder } from "../../../../test/test-order";
import { ApiError } from "../../../lib/http/api-client";
import {
  bankInterfacePaymentBody,
  createOverduePayment,
  lockerOrderBody,
  type OverduePaymentInput,
  paymentReturnUrls,
} from "./overdue-payment";

const input: OverduePaymentInput = {
  order: testOrder(),
  calculation: {
    total_overdue_fee: 15000,
    next_overdue_time: 1_700_020_800_000,
    increase_duration: 3,
    overdue_fee_per_unit: 5000,
    rent_unit: "hours",
    rent_unit_bahasa: "jam",
  },
  user: {
    email: "budi@example.com",
    first_name: "Budi",
    last_name: "Santoso",
    member_code: "M-1",
    phone: "081234567890",
    language: "id",
  },
  language: "en",
  bankInterface: true,
  returnUrls: paymentReturnUrls("http://localhost:3000", 42, "demo-token-budi"),
  productBoxName: "PaxelBox",
  token: "demo-token-budi",
};

describe("overdue payment payloads (spec §7)", () => {
  it("returns to the order page with order id and token; the three non-interface URLs say their result", () => {
    const page = "http://localhost:3000/order-status?orderid=42&token=demo-token-budi";
    expect(input.returnUrls).toEqual({
      bankInterface: page,
      success: `${page}&payment_status=SUCCESS&overdue=true`,
      failed: `${page}&payment_status=FAILED&overdue=true`,
      cancel: `${page}&payment_status=CANCELLED&overdue=true`,
    });
  });

  it("names the item in the page's language", () => {
    const itemName = (language: "id" | "en") =>
      bankInterfacePaymentBody({ ...input, language }).additionalInfo?.items?.[0]?.name;
    expect(itemName("en")).toMatch(/ · 3 hours$/);
    expect(itemName("id")).toMatch(/ · 3 jam$/);
  });

  it("sends the full bank-interface payload the contract accepts", () => {
    const body = BankInterfacePaymentBody.parse(bankInterfacePaymentBody(input));
    expect(body).toMatchObject({
      isOverdue: true,
      overdueDuration: 3,
      partnerReferenceNo: "PBR250101ABCDEF",
      urlParam: [{ url: input.returnUrls.bankInterface, type: "PAY_RETURN", isDeeplink: "N" }],
      additionalInfo: {
        customerDetails: {
          firstName: "Budi",
          lastName: "Santoso",
          email: "budi@example.com",
          phone: "081234567890",
        },
        language: "en",
        payOptionDetails: [],
      },
    });
    expect(body.additionalInfo.items).toEqual([
      expect.objectContaining({
        brand: "PaxelBox",
        id: "PBR250101ABCDEF",
        price: { currency: "IDR", value: "15000" },
        quantity: 1,
      }),
    ]);
  });

  it("sends the locker order of the non-interface flow", () => {
    const body = LockerOrderBody.parse(lockerOrderBody({ ...input, bankInterface: false }));
    expect(body.order_info).toEqual({
      name: "Budi Santoso",
      box_name: "Stasiun Sudirman",
      phone_number: "081234567890",
      cancel_url: input.returnUrls.cancel,
      success_url: input.returnUrls.success,
      failed_url: input.returnUrls.failed,
      payment_type: "extention",
      localization: "indonesia",
      box_id: 3,
      door_number: "12",
      order_id: 42,
      price: 15000,
      size: "M",
      loker_order_type: "rental",
      duration: 3,
      currency: "Rp",
      client: "userapp_locker",
    });
  });

  it("falls back to the order's name without member data", () => {
    const body = bankInterfacePaymentBody({ ...input, user: null });
    expect(body.additionalInfo.customerDetails).toEqual({ firstName: "Budi Santoso", phone: "" });
  });
});

type Answer = { status: number; body: unknown };
const ok = (data: unknown): Answer => ({ status: 200, body: { code: 200, data } });
const paymentState = (status: string) =>
  ok({ status, purpose: "rent-overdue", amount: 15000, createdAt: 1, paidAt: null });

/** Answers the API calls in order and records what the page sent. */
function stubApi(...answers: Answer[]) {
  const sent: { url: string; method: string; headers: Headers }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method ?? "GET", headers: new Headers(init.headers) });
      const answer = answers.shift() ?? { status: 500, body: { code: 500, message: "unexpected" } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return sent;
}

describe("creating the overdue payment", () => {
  it("sends a fresh Idempotency-Key with each payment call, none with the token call", async () => {
    const sent = stubApi(
      ok({ checkoutUrl: "https://pay.example/1", partnerReferenceNo: "P1", referenceNo: "R1" }),
    );
    expect(await createOverduePayment(input)).toBe("https://pay.example/1");
    const first = sent[0]?.headers.get("idempotency-key");
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);

    const again = stubApi(
      ok({ access_token: "AT", expires_in: 300 }),
      ok({ payment_url: "https://pay.example/2" }),
    );
    expect(await createOverduePayment({ ...input, bankInterface: false })).toBe("https://pay.example/2");
    expect(again[0]?.headers.get("idempotency-key")).toBeNull();
    expect(again[1]?.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(again[1]?.headers.get("idempotency-key")).not.toBe(first);
  });

  it("goes to the success return when the fee turns out paid (409, and the check says SUCCESS)", async () => {
    const sent = stubApi(
      { status: 409, body: { code: 409, message: "This overdue fee has already been paid." } },
      paymentState("SUCCESS"),
    );
    expect(await createOverduePayment(input)).toBe(input.returnUrls.success);
    expect(sent.map((call) => `${call.method} ${call.url}`)).toEqual([
      "POST /api/v1/box/payments",
      "POST /api/v1/box/payments/42/check",
    ]);
    expect(sent[1]?.headers.get("authorization")).toBe("Bearer demo-token-budi");
  });

  it("passes on a 409 the check does not confirm, and other failures as they are", async () => {
    stubApi({ status: 409, body: { code: 409, message: "Still running" } }, paymentState("PENDING"));
    await expect(createOverduePayment(input)).rejects.toMatchObject({
      status: 409,
      serverMessage: "Still running",
    });
    stubApi({ status: 503, body: { code: 503, message: "Busy" } });
    const failure = await createOverduePayment(input).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503 });
  });
});
