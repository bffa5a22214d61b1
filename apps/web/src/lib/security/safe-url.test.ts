import { describe, expect, it } from "vitest";
import { isSafeUrl } from "./safe-url";

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
