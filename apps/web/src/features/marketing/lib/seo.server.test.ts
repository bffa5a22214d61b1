import { afterEach, describe, expect, it, vi } from "vitest";

const keys = {
  title: "marketing.seo.guestBookTitle",
  description: "marketing.seo.guestBookDescription",
} as const;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the pages' canonical and alternate addresses", () => {
  it("are at the configured public address, whatever Host the request named", async () => {
    vi.stubEnv("PUBLIC_BASE_URL", "https://box.example");
    const { pageSeo } = await import("./seo.server");
    const request = new Request("http://attacker.example/guest-book?lang=en&utm_source=x", {
      headers: { host: "attacker.example", "x-forwarded-host": "attacker.example" },
    });
    const { seo } = await pageSeo(request, keys);
    expect(seo.url).toBe("https://box.example/guest-book?lang=en");
    expect(seo.alternates).toEqual({
      id: "https://box.example/guest-book?lang=id",
      en: "https://box.example/guest-book?lang=en",
      "x-default": "https://box.example/guest-book",
    });
  });
});
