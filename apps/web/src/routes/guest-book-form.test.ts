import { describe, expect, it } from "vitest";
import { requestContexts } from "../config/config.server";
import { parseWebEnv } from "../config/env";
import type { Route } from "./+types/guest-book-form";
import { headers, loader } from "./guest-book-form";

const load = (search: string) =>
  loader({
    request: new Request(`https://paxelbox.test/guest-book${search}`),
    context: requestContexts(parseWebEnv({}))(),
  } as unknown as Route.LoaderArgs);

describe("guest-book form route", () => {
  it("treats an unknown business_type as none: the page is the same as without the parameter", async () => {
    const none = await load("");
    expect(none.businessType).toBeUndefined();
    expect(await load("?business_type=Hacker")).toEqual(none);
    expect(await load("?business_type=%3Cscript%3E")).toEqual(none);
    expect((await load("?business_type=Individu")).businessType).toBe("Individu");
  });

  it("puts the Retry-After of a send refused by the API's limit on the page", () => {
    const page = (actionHeaders: Headers) =>
      new Headers(headers({ actionHeaders } as unknown as Route.HeadersArgs));
    expect(page(new Headers({ "retry-after": "540" })).get("retry-after")).toBe("540");
    expect(page(new Headers()).has("retry-after")).toBe(false);
  });
});
