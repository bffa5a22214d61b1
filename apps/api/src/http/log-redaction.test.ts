import { describe, expect, it } from "vitest";
import { errorLogFields, redactUrl, withoutContacts } from "./log-redaction.ts";

describe("redactUrl", () => {
  it("hides tokens in the query and keeps everything else", () => {
    expect(redactUrl("/api/webview/v1/members/auth?token=demo-token-budi")).toBe(
      "/api/webview/v1/members/auth?token=[redacted]",
    );
    expect(redactUrl("/api/v1/order/locker?a=1&access_token=abc&b=2#x")).toBe(
      "/api/v1/order/locker?a=1&access_token=[redacted]&b=2#x",
    );
    expect(redactUrl("/order-status?orderid=5&TOKEN=s3cret")).toBe(
      "/order-status?orderid=5&TOKEN=[redacted]",
    );
    expect(redactUrl("/api/v1/settings?mytoken=kept")).toBe("/api/v1/settings?mytoken=kept");
  });

  it("hides a token whose parameter name is percent-encoded, as the server reads it", () => {
    expect(redactUrl("/api/webview/v1/members/auth?%74oken=s3cret")).toBe(
      "/api/webview/v1/members/auth?%74oken=[redacted]",
    );
    expect(redactUrl("/api/v1/order/locker?a=%20b&access%5Ftoken=abc&b=%zz#x")).toBe(
      "/api/v1/order/locker?a=%20b&access%5Ftoken=[redacted]&b=%zz#x",
    );
    expect(redactUrl("https://gateway.example/v2?%54OKEN=s3cret&c")).toBe(
      "https://gateway.example/v2?%54OKEN=[redacted]&c",
    );
  });

  it("never throws on a malformed address", () => {
    for (const url of ["/x?%=1&token%=2&%E0%A4%A=3", "/x?token", "/x?&&=&token=", "/%zz/y?%"]) {
      expect(() => redactUrl(url)).not.toThrow();
    }
    expect(redactUrl("/x?%zz=1&token=2")).toBe("/x?%zz=1&token=[redacted]");
  });

  it("hides the payment id of a payment's return address", () => {
    expect(
      redactUrl("/api/v1/payments/PAYABC123/return?order_id=PAYABC123&transaction_status=settlement"),
    ).toBe("/api/v1/payments/[redacted]/return?order_id=[redacted]&transaction_status=settlement");
    expect(redactUrl("/api/v1/orders?order_id=7")).toBe("/api/v1/orders?order_id=7");
    expect(redactUrl("http://localhost:3000/api/v1/payments/PAYABC123/return")).toBe(
      "http://localhost:3000/api/v1/payments/[redacted]/return",
    );
    expect(redactUrl("/api/v1/payments/%50AYABC123/return")).toBe("/api/v1/payments/[redacted]/return");
    expect(redactUrl("/api/v1/payments/notify")).toBe("/api/v1/payments/notify");
  });

  it("hides the position the locker finder sends, whatever else the search says", () => {
    expect(redactUrl("/api/v1/box/lockers?lat=-6.175392&lng=106.827153&limit=20")).toBe(
      "/api/v1/box/lockers?lat=[redacted]&lng=[redacted]&limit=20",
    );
    expect(redactUrl("/api/v1/box/lockers?q=Blok%20M")).toBe("/api/v1/box/lockers?q=Blok%20M");
  });

  it("hides the id of a pick-up QR's picture, which hands out the code of the parcel's door", () => {
    expect(redactUrl("/ebox/api/v1/barcode/paxelbox/Qw3rTy7uIoP9aSdF1gHj")).toBe(
      "/ebox/api/v1/barcode/paxelbox/[redacted]",
    );
    expect(redactUrl("http://localhost:3000/ebox/api/v1/barcode/paxelbox/Qw3rTy7uIoP9aSdF1gHj?x=1")).toBe(
      "http://localhost:3000/ebox/api/v1/barcode/paxelbox/[redacted]?x=1",
    );
    expect(redactUrl("/ebox/api/v1/barcode/paxelbox")).toBe("/ebox/api/v1/barcode/paxelbox");
    expect(redactUrl("/api/v1/media/misc/no-content.svg")).toBe("/api/v1/media/misc/no-content.svg");
  });
});

describe("errorLogFields", () => {
  const databaseError = (message: string) =>
    Object.assign(new Error(message), {
      code: "23505",
      constraint: "members_email_key",
      detail: "Key (email)=(sari@example.id) already exists.",
      params: ["sari@example.id", "081234567890"],
      query: "insert into members (email, phone) values ($1, $2)",
    });

  it("keeps what failed and drops the values, in errors held inside the logged one too", () => {
    const inner = databaseError("duplicate key value violates unique constraint");
    const outer = Object.assign(new AggregateError([inner], "both failed"), { first: inner });
    const fields = errorLogFields(outer);
    const text = JSON.stringify(fields);
    expect(text).not.toContain("sari@example.id");
    expect(text).not.toContain("081234567890");
    const [aggregated] = fields.aggregateErrors as Record<string, unknown>[];
    expect(aggregated).toMatchObject({ code: "23505", constraint: "members_email_key" });
    expect(aggregated?.query).toBe("insert into members (email, phone) values ($1, $2)");
    expect(fields.first).toMatchObject({ message: "duplicate key value violates unique constraint" });
  });

  it("leaves what is no error as it is", () => {
    expect(errorLogFields("a string" as unknown as Error)).toBe("a string");
  });
});

describe("withoutContacts", () => {
  it("replaces the addresses and numbers a provider quotes, and nothing else", () => {
    expect(withoutContacts("550 5.1.1 <sari.w+x@example.co.id>: Recipient address rejected")).toBe(
      "550 5.1.1 <[e-mail]>: Recipient address rejected",
    );
    expect(withoutContacts("invalid destination +6281234567890 (EC 131026)")).toBe(
      "invalid destination [phone] (EC 131026)",
    );
    for (const text of ["timeout: Connection timeout", "network: ECONNREFUSED 127.0.0.1:25", "429 rate"]) {
      expect(withoutContacts(text)).toBe(text);
    }
  });
});
