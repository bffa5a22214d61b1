import { describe, expect, it } from "vitest";
import { isSharedPage, sharedPageVary } from "./shared-cache";

const at = (path: string) => new URL(path, "https://paxelbox.example");

describe("marketing pages a shared cache may keep", () => {
  it("the landing and services pages, with no query or only the language", () => {
    // `/services/` too: the spec's service links lead there, and it is the same page.
    for (const path of [
      "/",
      "/?lang=en",
      "/services",
      "/services?lang=id",
      "/services/",
      "/services/?lang=en",
    ])
      expect(isSharedPage(at(path)), path).toBe(true);
  });

  it("never an order's address, another page, another query or another method", () => {
    for (const path of [
      "/?orderid=7&token=abc",
      "/?orderid=7",
      "/package",
      "/package/",
      "/?utm_source=x",
      "/guest-book",
      // A `lang` that names no language: the page is in the cookie's language, which the address
      // does not say (one visitor's English copy would be everyone's).
      "/?lang=EN",
      "/services?lang=",
      "/?lang=en-US",
    ])
      expect(isSharedPage(at(path)), path).toBe(false);
    expect(isSharedPage(at("/"), "POST")).toBe(false);
    expect(isSharedPage(at("/"), "HEAD")).toBe(false);
  });

  it("varies on the cookie only when the address does not name the language", () => {
    expect(sharedPageVary(at("/"))).toBe("Cookie");
    expect(sharedPageVary(at("/services?lang=en"))).toBeNull();
  });
});
