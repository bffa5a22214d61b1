import { describe, expect, it } from "vitest";
import { parseWebEnv } from "../../../config/env";
import { pageSeo } from "./seo.server";

const keys = {
  title: "marketing.seo.guestBookTitle",
  description: "marketing.seo.guestBookDescription",
} as const;

describe("the pages' canonical and alternate addresses", () => {
  it("are at the configured public address, whatever Host the request named", async () => {
    const config = parseWebEnv({ PUBLIC_BASE_URL: "https://box.example" });
    const request = new Request("http://attacker.example/guest-book?lang=en&utm_source=x", {
      headers: { host: "attacker.example", "x-forwarded-host": "attacker.example" },
    });
    const { seo } = await pageSeo(config, request, keys);
    expect(seo.url).toBe("https://box.example/guest-book?lang=en");
    expect(seo.alternates).toEqual({
      id: "https://box.example/guest-book?lang=id",
      en: "https://box.example/guest-book?lang=en",
      "x-default": "https://box.example/guest-book",
    });
  });
});
