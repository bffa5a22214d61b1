import { describe, expect, it } from "vitest";
import { withLanguage } from "./language-link";

describe("withLanguage", () => {
  it("adds the language to a path of this site, before its anchor, keeping its query", () => {
    expect(withLanguage("/", "en")).toBe("/?lang=en");
    expect(withLanguage("/services/#loker-sewa", "en")).toBe("/services/?lang=en#loker-sewa");
    expect(withLanguage("/#location", "en")).toBe("/?lang=en#location");
    expect(withLanguage("/guest-book?business_type=Business", "id")).toBe(
      "/guest-book?business_type=Business&lang=id",
    );
  });

  it("leaves an address that names a language, and any other site's, as they are", () => {
    expect(withLanguage("/?lang=id", "en")).toBe("/?lang=id");
    expect(withLanguage("https://paxel.example/track", "en")).toBe("https://paxel.example/track");
    expect(withLanguage("//other.example/", "en")).toBe("//other.example/");
    expect(withLanguage("mailto:hi@paxel.example", "en")).toBe("mailto:hi@paxel.example");
  });
});
