import { describe, expect, it } from "vitest";
import { shortLinkTarget } from "./short-link-target";

const origin = "https://box.example";

describe("short-link target (only http and https are followed)", () => {
  it("follows http(s) targets as they are", () => {
    expect(shortLinkTarget("https://www.example.com/promo?x=1#y", origin)).toBe(
      "https://www.example.com/promo?x=1#y",
    );
    expect(shortLinkTarget("http://example.com/a", origin)).toBe("http://example.com/a");
  });

  it("adds a scheme when there is none", () => {
    expect(shortLinkTarget("example.com/paxelbox/download", origin)).toBe(
      "https://example.com/paxelbox/download",
    );
    expect(shortLinkTarget("  www.example.com ", origin)).toBe("https://www.example.com/");
  });

  it("resolves a path on this site", () => {
    expect(shortLinkTarget("/services#titip-paket", origin)).toBe("https://box.example/services#titip-paket");
  });

  it("refuses every other scheme and anything unparsable", () => {
    for (const url of [
      "javascript:alert(1)",
      " JavaScript:alert(document.cookie)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "mailto:cs@example.com",
      "tel:0811",
      "file:///etc/passwd",
      "https://",
      "",
      "   ",
      null,
      undefined,
    ]) {
      expect(shortLinkTarget(url, origin), String(url)).toBeNull();
    }
  });
});
