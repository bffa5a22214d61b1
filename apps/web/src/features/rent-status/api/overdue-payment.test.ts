import { BankInterfacePaymentBody, LockerOrderBody } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { testOrder } from "../lib/test-order";
import {
  bankInterfacePaymentBody,
  lockerOrderBody,
  type OverduePaymentInput,
  paymentReturnUrl,
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
  returnUrl: paymentReturnUrl("http://localhost:3000", 42, "demo-token-budi"),
  productBoxName: "PaxelBox",
  token: "demo-token-budi",
};

describe("overdue payment payloads (spec §7)", () => {
  it("returns to the order page with order id and token", () => {
    expect(input.returnUrl).toBe("http://localhost:3000/order-status?orderid=42&token=demo-token-budi");
  });

  it("sends the full bank-interface payload the contract accepts", () => {
    const body = BankInterfacePaymentBody.parse(bankInterfacePaymentBody(input));
    expect(body).toMatchObject({
      isOverdue: true,
      overdueDuration: 3,
      partnerReferenceNo: "PBR250101ABCDEF",
      urlParam: [{ url: input.returnUrl, type: "PAY_RETURN", isDeeplink: "N" }],
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
      cancel_url: input.returnUrl,
      success_url: input.returnUrl,
      failed_url: input.returnUrl,
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
