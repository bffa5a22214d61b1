import { describe, expect, it } from "vitest";
import { isSafeUrl, withScheme } from "./safe-url";

describe("links a page follows", () => {
  it("follows http(s) and paths of this site", () => {
    for (const url of ["https://paxel.co/x", "http://example.com", " /order?orderid=1", "/"]) {
      expect(isSafeUrl(url)).toBe(true);
    }
  });

  it("follows no other scheme, and no address a browser reads as another site", () => {
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "https://paxel.co/\u0000x",
      "#top",
      "mailto:a@b.c",
      "",
      null,
    ]) {
      expect(isSafeUrl(url)).toBe(false);
    }
  });
});

describe("an address given without its scheme", () => {
  it("gets https, also with a port; one with its scheme, or a path, is kept", () => {
    const addresses: [given: string, kept: string][] = [
      [" paxel.co/promo ", "https://paxel.co/promo"],
      ["example.com:8080/x", "https://example.com:8080/x"],
      ["localhost:3000", "https://localhost:3000"],
      ["http://example.com:8080", "http://example.com:8080"],
      ["tel:08112223333", "tel:08112223333"],
      ["javascript:alert(1)", "javascript:alert(1)"],
      ["/order", "/order"],
    ];
    for (const [given, kept] of addresses) expect(withScheme(given), given).toBe(kept);
  });
});
