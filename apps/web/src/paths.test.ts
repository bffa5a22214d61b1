import { describe, expect, it } from "vitest";
import { namedRoutes, paths } from "./paths";

describe("paths", () => {
  it("builds every named route of spec §2", () => {
    expect(Object.keys(namedRoutes).sort()).toEqual(
      [
        "index",
        "order",
        "order-status",
        "order-status-action",
        "overdue",
        "overdue-success",
        "overdue-expire",
        "overdue-success-payment",
        "debug",
        "guest-book-form",
        "guest-book-submitted",
      ].sort(),
    );
    expect(namedRoutes.index()).toBe("/");
    expect(namedRoutes["overdue-expire"]()).toBe("/overduepayment/expire");
    expect(namedRoutes["guest-book-submitted"]()).toBe("/guest-book/submitted");
    expect(namedRoutes.debug()).toBe("/debug");
  });

  it("adds query parameters and leaves out empty ones", () => {
    expect(paths.orderStatus.page.href({ orderid: 12, token: "t", status: "overdue" })).toBe(
      "/order-status?orderid=12&token=t&status=overdue",
    );
    expect(paths.orderStatus.action.href({ act: "stop_count", orderid: 3, token: undefined })).toBe(
      "/order-status/action?act=stop_count&orderid=3",
    );
    expect(paths.overdue.payment.href({ orderid: 5 })).toBe("/overduepayment?orderid=5");
    expect(paths.home.href({ orderid: "" })).toBe("/");
    expect(paths.package.href({ boxId: 3, name: "Monas & Co" })).toBe("/package?boxId=3&name=Monas+%26+Co");
  });

  it("builds anchors, service slugs and short links", () => {
    expect(paths.home.anchor("location")).toBe("/#location");
    expect(paths.services.href("sewa-loker")).toBe("/services/#sewa-loker");
    expect(paths.shortLink.href("a b")).toBe("/o/a%20b");
  });
});
