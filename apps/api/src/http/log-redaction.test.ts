import { describe, expect, it } from "vitest";
import { redactUrl } from "./log-redaction.ts";

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
});
