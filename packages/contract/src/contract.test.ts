import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  ApiErrorBody,
  buildOpenApiDocument,
  type CallDef,
  calls,
  declaredStatuses,
  envelope,
  fillPath,
  GuestBookForm,
  guestBookMessages,
  InvoiceNumber,
  NumericId,
  nationalMobileNumber,
  OrderStatusValue,
  OverdueDropoffSubmitBody,
  PackageData,
  referenceOrder,
  toColonPath,
  UserData,
  WebVitalsReport,
} from "./index.ts";

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("response wrapper", () => {
  it("accepts code 200 with data and rejects another code", () => {
    const schema = envelope(UserData);
    const data = {
      email: "a@b.id",
      first_name: "Budi",
      last_name: "S",
      member_code: "M1",
      phone: "0812",
      language: "id",
    };
    expect(schema.parse({ code: 200, data }).data.first_name).toBe("Budi");
    expect(schema.safeParse({ code: 500, data }).success).toBe(false);
    expect(ApiErrorBody.parse({ code: 404, message: "Order not found" }).message).toBe("Order not found");
  });
});

describe("guest-book form", () => {
  const valid = {
    sender_name: "  Sari  ",
    sender_contact: "0812-3456-7890",
    email_address: " sari@example.id ",
    purpose: "paxelbox_locker",
    message: "Halo",
    term_check: true,
  };

  it("trims, strips non-digits and accepts a valid form", () => {
    const parsed = GuestBookForm.parse(valid);
    expect(parsed.sender_name).toBe("Sari");
    expect(parsed.sender_contact).toBe("081234567890");
    expect(parsed.email_address).toBe("sari@example.id");
  });

  it("gives every spec message word for word", () => {
    const empty = GuestBookForm.safeParse({
      sender_name: " ",
      sender_contact: "",
      email_address: "",
      purpose: "",
      message: "",
      term_check: false,
    });
    expect(messages(empty)).toEqual({
      sender_name: guestBookMessages.senderNameRequired,
      sender_contact: guestBookMessages.senderContactRequired,
      email_address: guestBookMessages.emailRequired,
      purpose: guestBookMessages.purposeRequired,
      message: guestBookMessages.messageRequired,
      term_check: guestBookMessages.termRequired,
    });
    const wrong = GuestBookForm.safeParse({ ...valid, sender_contact: "12345", email_address: "nope" });
    expect(messages(wrong)).toEqual({
      sender_contact: "Sender Contact should started 0 and between 8 to 13 numbers",
      email_address: "Email Address not valid",
    });
  });

  it("bounds the phone at 8 to 13 digits after the leading 0 or 6", () => {
    const phone = (value: string) => GuestBookForm.safeParse({ ...valid, sender_contact: value }).success;
    expect(phone("0".concat("1".repeat(7)))).toBe(false);
    expect(phone("0".concat("1".repeat(8)))).toBe(true);
    expect(phone("6".concat("1".repeat(13)))).toBe(true);
    expect(phone("6".concat("1".repeat(14)))).toBe(false);
    expect(phone("7".concat("1".repeat(10)))).toBe(false);
  });
});

describe("drop-off", () => {
  const photo = "data:image/png;base64,iVBORw0KGgo=";
  const valid = {
    takeUserPhoneNumber: "0811222233333",
    box: { id: 1 },
    mouth: { mouthType: { name: "M" } },
    photo,
    recipientName: "Rina",
    senderName: "Kurir",
  };

  it("gives every number the form accepts a national form of 8 to 13 digits, as the overdue page takes it", () => {
    for (const phone of ["0811222233333", "62811222233333", "6281122223333", "08112222333"]) {
      expect(PackageData.safeParse({ ...valid, takeUserPhoneNumber: phone }).success).toBe(true);
      expect(nationalMobileNumber(phone)).toMatch(/^08\d{6,11}$/);
    }
    expect(nationalMobileNumber("62811222233333")).toBe("0811222233333");
    expect(nationalMobileNumber("0811222233333")).toBe("0811222233333");
    expect(nationalMobileNumber("+62 811")).toBe("+62 811");
  });

  it("accepts the spec's example phone and defaults the language", () => {
    expect(PackageData.parse(valid).takeUserLanguage).toBe("Indonesia");
  });

  it("refuses a non-image photo and an unknown size", () => {
    const result = PackageData.safeParse({
      ...valid,
      photo: "data:text/html;base64,PGI+",
      mouth: { mouthType: { name: "XXL" } },
    });
    expect(Object.keys(messages(result)).sort()).toEqual(["mouth.mouthType.name", "photo"]);
  });

  it("checks the invoice number shape and the overdue email message", () => {
    expect(InvoiceNumber.safeParse("INV-DOL-AB12CD-9Z8Y").success).toBe(true);
    expect(InvoiceNumber.safeParse("INV-123").success).toBe(false);
    const result = OverdueDropoffSubmitBody.safeParse({
      email: "x",
      invoice_number: "INV-DOL-AB12CD-9Z8Y",
      overdue_time: 1,
      overdue_days: 1,
      overdue_total_price: 1,
    });
    expect(messages(result)).toEqual({ email: "Email is not valid" });
  });

  it("refuses an empty email as the document says, and trims one with blanks around it", () => {
    const body = {
      invoice_number: "INV-DOL-AB12CD-9Z8Y",
      overdue_time: 1,
      overdue_days: 1,
      overdue_total_price: 1,
    };
    for (const email of ["", "  "]) {
      expect(messages(OverdueDropoffSubmitBody.safeParse({ ...body, email }))).toEqual({
        email: "Email is not valid",
      });
    }
    expect(OverdueDropoffSubmitBody.parse({ ...body, email: " rina@example.id " }).email).toBe(
      "rina@example.id",
    );
    // The document carries the pattern the API checks: the empty email is refused there too.
    const document = z.toJSONSchema(OverdueDropoffSubmitBody, { io: "input" }) as unknown as {
      properties: { email: { pattern: string } };
    };
    const pattern = new RegExp(document.properties.email.pattern);
    expect(["", " rina@example.id ", "x"].map((email) => pattern.test(email))).toEqual([false, true, false]);
  });
});

describe("ids", () => {
  it("reads an id written in decimal digits, as a number or a string", () => {
    expect(NumericId.parse(12)).toBe(12);
    expect(NumericId.parse("12")).toBe(12);
    expect(NumericId.parse("2147483647")).toBe(2_147_483_647);
    // Spaces around, as a link copied out of a message may carry.
    expect(NumericId.parse(" 12 ")).toBe(12);
  });

  it("refuses every other spelling a number can have, so one order is not read from many spellings", () => {
    for (const value of ["0x10", "1e3", "1 2", "+12", "12.0", "", "0", "-3", "2147483648", 1.5, 0, null]) {
      expect(NumericId.safeParse(value).success, String(value)).toBe(false);
    }
  });
});

describe("order status", () => {
  it("keeps unknown statuses so screens can show them raw", () => {
    expect(OrderStatusValue.parse("SOMETHING_NEW")).toBe("SOMETHING_NEW");
  });
});

describe("Web Vitals report", () => {
  const metric = { name: "LCP", value: 2100.5, rating: "good", navigationType: "navigate" };

  it("takes a route pattern and known metrics only", () => {
    expect(WebVitalsReport.safeParse({ route: "/o/:code", metrics: [metric] }).success).toBe(true);
    expect(WebVitalsReport.safeParse({ route: "/", metrics: [metric] }).success).toBe(true);
    const address = WebVitalsReport.safeParse({ route: "/order?orderid=1&token=t", metrics: [metric] });
    expect(messages(address)).toEqual({ route: "route must be a route pattern" });
    const unknown = WebVitalsReport.safeParse({ route: "/", metrics: [{ ...metric, name: "FID" }] });
    expect(messages(unknown)).toEqual({ "metrics.0.name": "unknown metric" });
  });
});

describe("paths", () => {
  it("fills and converts placeholders", () => {
    expect(fillPath(calls.orderDetail.path, { orderid: 12 })).toBe("/api/v1/box/express/info/12/paid");
    expect(toColonPath(calls.barcodeImage.path)).toBe("/ebox/api/v1/barcode/:product/:barcodeId");
    expect(() => fillPath(calls.orderDetail.path, {})).toThrow(/orderid/);
  });
});

describe("declared statuses", () => {
  it("follow from a call's shape and its own statuses", () => {
    expect(declaredStatuses(calls.orderDetail)).toEqual([200, 304, 400, 401, 404, 410, 414, 429]);
    expect(declaredStatuses(calls.paymentReturn)).toEqual([303, 400, 404, 414]);
    expect(declaredStatuses(calls.reportWebVitals)).toEqual([204, 400, 413, 415, 429]);
    expect(declaredStatuses(calls.settings)).toEqual([200, 400]);
    expect(declaredStatuses(calls.lockerOrderPayment)).toEqual([
      200, 400, 401, 404, 409, 413, 415, 422, 429, 502, 503,
    ]);
  });
});

describe("queries", () => {
  it("are strict: a parameter a call does not declare is refused, but on the gateway's way back", () => {
    for (const call of Object.values(calls) as CallDef[]) {
      if (!call.query || call === calls.paymentReturn) continue;
      const schema = z.toJSONSchema(call.query, { io: "input" }) as { additionalProperties?: unknown };
      expect(schema.additionalProperties, call.id).toBe(false);
    }
    expect(calls.banners.query.safeParse({ language: "en", v: "1" }).success).toBe(false);
    expect(
      calls.paymentReturn.query.safeParse({ order_id: "PAY1", transaction_status: "settlement", extra: "1" })
        .success,
    ).toBe(true);
    // …and the document says it takes any other parameter.
    const returnCall = buildOpenApiDocument(calls, { title: "t", version: "1" }) as {
      paths: Record<string, Record<string, { parameters: { name: string; schema: { type?: string } }[] }>>;
    };
    const parameters = returnCall.paths[calls.paymentReturn.path]?.get?.parameters ?? [];
    expect(parameters.find((parameter) => parameter.name === "other")?.schema.type).toBe("object");
  });
});

describe("OpenAPI document", () => {
  const document = buildOpenApiDocument(calls, { title: "Locker API", version: "1" }) as {
    paths: Record<
      string,
      Record<
        string,
        {
          operationId: string;
          parameters: { name: string }[];
          responses: Record<string, { content?: Record<string, unknown> }>;
        }
      >
    >;
  };

  it("declares exactly the statuses of each call, the event stream as text/event-stream", () => {
    for (const call of Object.values(calls) as CallDef[]) {
      const operation = document.paths[call.path]?.[call.method.toLowerCase()];
      expect(Object.keys(operation?.responses ?? {}).map(Number), call.id).toEqual(declaredStatuses(call));
    }
    const events = document.paths[calls.orderEvents.path]?.get?.responses["200"]?.content ?? {};
    expect(Object.keys(events)).toEqual(["text/event-stream"]);
    // The WhatsApp handshake answers its challenge as Meta expects it: plain text, no envelope.
    const handshake =
      document.paths[calls.whatsappWebhookVerification.path]?.get?.responses["200"]?.content ?? {};
    expect(Object.keys(handshake)).toEqual(["text/plain"]);
  });

  it("has one operation per call, with its parameters", () => {
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.map((operation) => operation.operationId).sort()).toEqual(Object.keys(calls).sort());
    const order = document.paths["/api/v1/box/express/info/{orderid}/paid"]?.get;
    expect(order?.parameters.map((parameter) => parameter.name)).toEqual(["orderid"]);
  });

  it("lists every call once in the reference order", () => {
    expect([...referenceOrder].sort()).toEqual(Object.keys(calls).sort());
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.slice(0, 4)).toEqual(["validateUser", "orderDetail", "orderEvents", "boxLocationDetail"]);
  });
});
