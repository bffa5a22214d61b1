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
});
