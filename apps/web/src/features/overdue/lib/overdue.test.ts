import { describe, expect, it } from "vitest";
import { orderIdOf } from "../../../domain/order/order-id";
import { overdueEntryTarget, paymentReturn } from "../../../domain/order/overdue-entry";
import en from "../../../locales/en/drop-off";
import id from "../../../locales/id/drop-off";
import {
  type OverdueFormInput,
  overdueFormResolver,
  overdueMessageKey,
  prefilledErrors,
  refusedErrors,
} from "./overdue-form";
import { returnUrls } from "./pay-overdue.server";

describe("overdue page entry (spec §4)", () => {
  const detail = (status: string, overdueStatus: "need_to_pay" | "none" | "expired") => ({
    id: 9,
    status,
    overdueStatus,
  });
  it("routes each case", () => {
    expect(overdueEntryTarget(detail("IN_STORE", "need_to_pay"), null, null)).toBe("/");
    expect(overdueEntryTarget(null, 9, "t")).toBe("/");
    expect(overdueEntryTarget(detail("IN_STORE", "none"), 9, "t")).toBe("/order?orderid=9&token=t");
    expect(overdueEntryTarget(detail("IN_STORE", "expired"), 9, "t")).toBe("/overduepayment/expire");
    expect(overdueEntryTarget(detail("CUSTOMER_TAKEN", "none"), 9, null)).toBe("/order?orderid=9");
    expect(overdueEntryTarget(detail("IN_STORE", "need_to_pay"), 9, "t")).toBeNull();
  });

  it("reads the order id of the address", () => {
    expect(orderIdOf(new URLSearchParams("orderid=9&token=t"))).toBe(9);
    expect(orderIdOf(new URLSearchParams("orderid=x"))).toBeNull();
    expect(orderIdOf(new URLSearchParams(""))).toBeNull();
  });

  it("reads the payment return", () => {
    expect(paymentReturn(new URLSearchParams("status=cancel"))).toBe("cancel");
    expect(paymentReturn(new URLSearchParams("status=failed&payment_status=FAILED"))).toBe("failed");
    expect(paymentReturn(new URLSearchParams("payment_status=CANCELLED&overdue=true"))).toBe("cancel");
    expect(paymentReturn(new URLSearchParams("payment_status=SUCCESS&overdue=true"))).toBe("success");
    expect(paymentReturn(new URLSearchParams("payment_status=REFUNDED&overdue=true"))).toBe("refunded");
    expect(paymentReturn(new URLSearchParams(""))).toBeNull();
  });

  it("returns to pages of this site with payment_status and overdue=true, failed and cancelled with the spec's status", () => {
    const urls = returnUrls("https://box.test", 9, "t");
    expect(urls.success).toBe(
      "https://box.test/overduepayment/success-payment?orderid=9&token=t&payment_status=SUCCESS&overdue=true",
    );
    expect(urls.failed).toBe(
      "https://box.test/overduepayment?orderid=9&token=t&status=failed&payment_status=FAILED&overdue=true",
    );
    expect(urls.cancel).toBe(
      "https://box.test/overduepayment?orderid=9&token=t&status=cancel&payment_status=CANCELLED&overdue=true",
    );
    for (const url of [urls.success, urls.failed, urls.cancel]) {
      expect(paymentReturn(new URL(url).searchParams)).toBe(
        url === urls.success ? "success" : url === urls.failed ? "failed" : "cancel",
      );
    }
  });

  it("gives the bank interface the order link with its token (url_param)", () => {
    expect(returnUrls("https://box.test", 9, "link-token").single).toBe(
      "https://box.test/overduepayment?orderid=9&token=link-token",
    );
  });

  it("comes back to an English page in English", () => {
    const urls = returnUrls("https://box.test", 9, "t", "en");
    expect(urls.single).toBe("https://box.test/overduepayment?orderid=9&token=t&lang=en");
    expect(urls.cancel).toBe(
      "https://box.test/overduepayment?orderid=9&token=t&lang=en&status=cancel&payment_status=CANCELLED&overdue=true",
    );
    expect(returnUrls("https://box.test", 9, "t", "id").single).toBe(
      "https://box.test/overduepayment?orderid=9&token=t",
    );
  });
});

describe("overdue form (spec §5)", () => {
  const valid = { receiver_name: "Rina", phone: "0811222233333", email: "rina@example.com" };
  /** What react-hook-form gets from the form's resolver. */
  const resolve = (values: OverdueFormInput) =>
    overdueFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  /** The message key per field, from the resolver's errors. */
  const overdueFormErrors = async (values: OverdueFormInput) => {
    const result = await resolve(values);
    return Object.fromEntries(
      Object.entries(result.errors).map(([field, error]) => [field, overdueMessageKey(error?.message)]),
    );
  };
  it("accepts prefilled name and phone with a valid email, sent trimmed", async () => {
    expect(await overdueFormErrors(valid)).toEqual({});
    expect(await resolve({ ...valid, email: "  rina@example.com " })).toEqual({ values: valid, errors: {} });
  });
  it("starts with what is wrong with the prefilled name and phone, and nothing for the email", () => {
    expect(prefilledErrors(valid)).toBeUndefined();
    expect(prefilledErrors({ receiver_name: " ", phone: "0811223" })).toEqual({
      receiver_name: expect.objectContaining({ message: "dropOff.overdue.messages.receiverName" }),
      phone: expect.objectContaining({ message: "dropOff.overdue.messages.phoneFormat" }),
    });
  });
  it("names each problem", async () => {
    expect(await overdueFormErrors({ ...valid, email: "rina@" })).toEqual({
      email: "dropOff.overdue.messages.email",
    });
    expect(await overdueFormErrors({ ...valid, email: "" })).toEqual({
      email: "dropOff.overdue.messages.email",
    });
    expect(await overdueFormErrors({ ...valid, receiver_name: " " })).toEqual({
      receiver_name: "dropOff.overdue.messages.receiverName",
    });
    expect(await overdueFormErrors({ ...valid, phone: "" })).toEqual({
      phone: "dropOff.overdue.messages.phone",
    });
    expect(await overdueFormErrors({ ...valid, phone: "0811223" })).toEqual({
      phone: "dropOff.overdue.messages.phoneFormat",
    });
    expect(await overdueFormErrors({ ...valid, phone: "08112233445566" })).toEqual({
      phone: "dropOff.overdue.messages.phoneFormat",
    });
  });
  it("shows what the action refused beside what is wrong with the prefilled fields", () => {
    expect(refusedErrors(undefined, valid)).toBeUndefined();
    expect(refusedErrors({}, valid)).toBeUndefined();
    expect(refusedErrors({ email: "Email is not valid" }, { receiver_name: "", phone: valid.phone })).toEqual(
      {
        receiver_name: expect.objectContaining({ message: "dropOff.overdue.messages.receiverName" }),
        email: { type: "server", message: "Email is not valid" },
      },
    );
    expect(overdueMessageKey("Email is not valid")).toBe("dropOff.overdue.messages.email");
  });
  it("uses the spec's wording", () => {
    expect(en.overdue.messages.email).toBe("Email is not valid");
    expect(id.overdue.messages.email).toBe("Email tidak valid");
    expect(en.overdue.messages.receiverName).toBe("Receiver name cannot be empty");
    expect(en.overdue.messages.phone).toBe("Phone number cannot be empty");
    expect(id.overdue.cancelled).toBe("Waktu pembayaran habis. Silakan coba lagi.");
    expect(id.overdue.failed).toBe("Pembayaran gagal. Silakan periksa saldomu dan coba kembali.");
    expect(en.overdue.cancelled).toBe("Payment time is up. Please try again.");
    expect(en.overdue.failed).toBe("Payment failed. Please check your balance and try again.");
    expect(id.results.expireTitle).toBe("Link Kadaluwarsa");
    expect(en.package.noLocker).toBe("No locker available");
    expect(en.package.title).toBe("Data Package");
    expect(id.overdue.selectPayment).toBe("Pilih Pembayaran");
    expect(en.overdue.selectPayment).toBe("Select Payment");
  });
});
