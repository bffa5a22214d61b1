import { describe, expect, it } from "vitest";
import { overdueRedirectPath } from "./overdue-redirect";

describe("landing orderid redirect (spec §2)", () => {
  it("sends need_to_pay to the overdue payment page with the order id and token", () => {
    expect(overdueRedirectPath("need_to_pay", "12", "s3cret")).toBe(
      "/overduepayment?orderid=12&token=s3cret",
    );
    expect(overdueRedirectPath("need_to_pay", "12")).toBe("/overduepayment?orderid=12");
  });

  it("sends none to the success page and expired to the expire page, without the order or its token", () => {
    expect(overdueRedirectPath("none", "7", "t")).toBe("/overduepayment/success");
    expect(overdueRedirectPath("expired", "7", "t")).toBe("/overduepayment/expire");
  });

  it("keeps the landing's English on the way, for a link holder whose choice is not stored", () => {
    expect(overdueRedirectPath("need_to_pay", "12", "s3cret", "en")).toBe(
      "/overduepayment?orderid=12&token=s3cret&lang=en",
    );
    expect(overdueRedirectPath("none", "7", "t", "en")).toBe("/overduepayment/success?lang=en");
    expect(overdueRedirectPath("expired", "7", "t", "en")).toBe("/overduepayment/expire?lang=en");
    expect(overdueRedirectPath(null, "7", "t", "en")).toBe("/?lang=en");
  });

  it("sends anything else, or a failed lookup, home", () => {
    expect(overdueRedirectPath("something", "7")).toBe("/");
    expect(overdueRedirectPath(null, "7", "t")).toBe("/");
  });
});
