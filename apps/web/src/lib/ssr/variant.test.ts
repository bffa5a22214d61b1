import { describe, expect, it } from "vitest";
import { isMobileBrowser, isMobileUserAgent, selectVariant } from "./variant";

const android =
  "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const desktop =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const ipadOs =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

describe("variant rule (mobile device AND width below 1024)", () => {
  it("is mobile only when both hold", () => {
    expect(selectVariant({ mobileDevice: true, width: 390 })).toBe("mobile");
    expect(selectVariant({ mobileDevice: true, width: 1023 })).toBe("mobile");
    expect(selectVariant({ mobileDevice: true, width: 1024 })).toBe("desktop");
    expect(selectVariant({ mobileDevice: false, width: 390 })).toBe("desktop");
    expect(selectVariant({ mobileDevice: false, width: 1280 })).toBe("desktop");
  });

  it("recognises mobile user agents", () => {
    expect(isMobileUserAgent(android)).toBe(true);
    expect(isMobileUserAgent(iphone)).toBe(true);
    expect(isMobileUserAgent(desktop)).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
  });

  it("counts iPadOS (a Mac with touch) as mobile", () => {
    expect(isMobileBrowser({ userAgent: ipadOs, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileBrowser({ userAgent: ipadOs, maxTouchPoints: 0 })).toBe(false);
  });
});
