import { describe, expect, it } from "vitest";
import { decodedHash } from "./use-scroll-to-hash";

describe("the id an address's hash names", () => {
  it("is decoded", () => {
    expect(decodedHash("#contact")).toBe("contact");
    expect(decodedHash("#kontak%20kami")).toBe("kontak kami");
    expect(decodedHash("")).toBe("");
  });

  it("is taken as it is when it is no valid escape, instead of failing the page", () => {
    expect(decodedHash("#50%")).toBe("50%");
    expect(decodedHash("#promo%2")).toBe("promo%2");
  });
});
