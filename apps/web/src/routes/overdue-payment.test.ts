import { describe, expect, it } from "vitest";
import type { Route } from "./+types/overdue-payment";
import { headers } from "./overdue-payment";

describe("overdue payment route", () => {
  it("is someone's own page, and a Select Payment refused for too many requests says when to try again", () => {
    const page = (actionHeaders: Headers) =>
      new Headers(headers({ actionHeaders } as unknown as Route.HeadersArgs));
    const limited = page(new Headers({ "retry-after": "37" }));
    expect(limited.get("retry-after")).toBe("37");
    expect(limited.get("cache-control")).toBe("private, no-store");
    const plain = page(new Headers());
    expect(plain.has("retry-after")).toBe(false);
    expect(plain.get("cache-control")).toBe("private, no-store");
  });
});
