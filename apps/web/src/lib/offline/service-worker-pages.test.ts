import { describe, expect, it } from "vitest";
import { isWebViewPath, keepsAsFetched, pageCacheKey } from "../../../service-worker/pages";

describe("kept pages", () => {
  it("keeps web-view pages by path alone, so tokens and ids never become keys", () => {
    expect(pageCacheKey("https://box.example/order?orderid=7&token=secret")).toBe(
      "https://box.example/order",
    );
    expect(pageCacheKey("https://box.example/order-status/action?act=open_locker&orderid=3")).toBe(
      "https://box.example/order-status/action",
    );
    expect(pageCacheKey("https://box.example/overduepayment/success-payment?orderid=1")).toBe(
      "https://box.example/overduepayment/success-payment",
    );
  });

  it("keeps other pages by path and language link only", () => {
    expect(pageCacheKey("https://box.example/?lang=en&utm_source=x")).toBe("https://box.example/?lang=en");
    expect(pageCacheKey("https://box.example/services?token=x")).toBe("https://box.example/services");
  });

  it("leaves out a language the site does not serve: that page is drawn in the stored language", () => {
    expect(pageCacheKey("https://box.example/services?lang=EN")).toBe("https://box.example/services");
    expect(pageCacheKey("https://box.example/?lang=fr")).toBe("https://box.example/");
  });

  it("keeps the package form per locker: a copy drawn for one box never opens for another", () => {
    const kept = pageCacheKey("https://box.example/package?boxId=7&name=Lobby&utm_source=x");
    expect(kept).toBe("https://box.example/package?boxId=7&name=Lobby");
    expect(pageCacheKey("https://box.example/package?name=Lobby&boxId=7")).toBe(kept);
    expect(pageCacheKey("https://box.example/package?boxId=8&name=Lobby")).not.toBe(kept);
  });

  it("keeps the guest-book form per business type: the copy shows the type it was drawn for", () => {
    const business = pageCacheKey("https://box.example/guest-book?business_type=Business&utm_source=x");
    expect(business).toBe("https://box.example/guest-book?business_type=Business");
    expect(pageCacheKey("https://box.example/guest-book/?business_type=Business")).toBe(
      "https://box.example/guest-book/?business_type=Business",
    );
    expect(pageCacheKey("https://box.example/guest-book?business_type=Individu")).not.toBe(business);
    expect(pageCacheKey("https://box.example/guest-book")).toBe("https://box.example/guest-book");
    expect(pageCacheKey("https://box.example/guest-book/submitted?business_type=Business")).toBe(
      "https://box.example/guest-book/submitted",
    );
  });

  const shared = "public, max-age=0, s-maxage=300";
  const page = "private, no-cache";

  it("keeps no page its server said to keep nowhere: an order link's landing, one send's confirmation", () => {
    expect(keepsAsFetched("https://box.example/?orderid=12", "private, no-store")).toBe(false);
    expect(keepsAsFetched("https://box.example/guest-book/submitted", "private, no-store")).toBe(false);
    expect(keepsAsFetched("https://box.example/guest-book/submitted", "no-store")).toBe(false);
    expect(keepsAsFetched("https://box.example/", page)).toBe(true);
    expect(keepsAsFetched("https://box.example/", null)).toBe(true);
  });

  it("keeps no page drawn for a token or for a visitor's search, so the page's own copy stays", () => {
    expect(keepsAsFetched("https://box.example/?lang=en", shared)).toBe(true);
    expect(keepsAsFetched("https://box.example/services?token=x", shared)).toBe(false);
    expect(keepsAsFetched("https://box.example/?q=blok+m", page)).toBe(false);
    expect(keepsAsFetched("https://box.example/?shown=16", page)).toBe(false);
    // Only the landing is searched by these.
    expect(keepsAsFetched("https://box.example/guest-book?q=x", page)).toBe(true);
  });

  it("knows the web-view paths", () => {
    expect(isWebViewPath("/order")).toBe(true);
    expect(isWebViewPath("/order-status")).toBe(true);
    expect(isWebViewPath("/orders")).toBe(false);
    expect(isWebViewPath("/services")).toBe(false);
  });
});
