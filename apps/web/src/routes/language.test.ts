import { describe, expect, it } from "vitest";
import { requestContexts } from "../config/config.server";
import { parseWebEnv } from "../config/env";
import type { Route } from "./+types/language";
import { action } from "./language";

/** Posts the switch's form as a browser without scripts does, to a site at `origin`. */
async function post(fields: Record<string, string>, origin = "https://box.example") {
  const request = new Request(`${origin}/language`, { method: "POST", body: new URLSearchParams(fields) });
  const context = requestContexts(parseWebEnv({ PUBLIC_BASE_URL: origin }))();
  const answer = (await action({ request, context } as unknown as Route.ActionArgs)) as Response;
  return {
    status: answer.status,
    location: answer.headers.get("location"),
    cookie: answer.headers.get("set-cookie"),
  };
}

describe("language switch without scripts", () => {
  it("stores the choice in the language cookie and goes back to the page, without its own lang", async () => {
    const answer = await post({ language: "en", to: "/services?lang=id&x=1" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/services?x=1");
    expect(answer.cookie).toBe("language=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    // A site served over plain HTTP (development) cannot keep a Secure cookie.
    expect((await post({ language: "id", to: "/" }, "http://localhost:3000")).cookie).toBe(
      "language=id; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });

  it("goes back only to a path of this site, and stores no language it does not know", async () => {
    for (const to of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      // Dot segments a browser resolves to `//evil.example`.
      "/%2e//evil.example/path",
      "/.//evil.example/path",
      "/x/..//evil.example",
      "javascript:alert(1)",
      "",
    ]) {
      expect((await post({ language: "en", to })).location).toBe("/");
    }
    const unknown = await post({ language: "fr", to: "/services" });
    expect(unknown).toMatchObject({ status: 303, location: "/services", cookie: null });
  });

  it("refuses a body larger than any form of text fields sends", async () => {
    const huge = { language: "en", to: "/", x: "a".repeat(1_000_000) };
    await expect(post(huge)).rejects.toMatchObject({ status: 413 });
  });
});
