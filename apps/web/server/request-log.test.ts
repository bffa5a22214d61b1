import { describe, expect, it } from "vitest";
import { redactedAddress } from "./request-log.ts";

describe("the web server's request log", () => {
  it("hides every token of an address, however its name is written", () => {
    expect(redactedAddress("/order?orderid=7&token=SECRET")).toBe("/order?orderid=7&token=[redacted]");
    expect(redactedAddress("/overduepayment?TOKEN=SECRET&orderid=7")).toBe(
      "/overduepayment?TOKEN=[redacted]&orderid=7",
    );
    // The pages read names as `URLSearchParams` does: an escaped or spaced name is still the token.
    expect(redactedAddress("/order?orderid=7&%74oken=SECRET")).toBe("/order?orderid=7&%74oken=[redacted]");
    expect(redactedAddress("/order?orderid=7&to%6Ben=SECRET#top")).toBe(
      "/order?orderid=7&to%6Ben=[redacted]#top",
    );
    expect(redactedAddress("/pay?access_token=SECRET")).toBe("/pay?access_token=[redacted]");
    expect(redactedAddress("/order?token")).toBe("/order?token=[redacted]");
  });

  it("leaves other addresses as they are, a broken escape included", () => {
    for (const address of ["/services", "/?lang=en", "/order?orderid=7&tokens=1", "/x?%E0%A4%A=1&a=b"]) {
      expect(redactedAddress(address)).toBe(address);
    }
  });
});
