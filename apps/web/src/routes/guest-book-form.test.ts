import { describe, expect, it } from "vitest";
import type { Route } from "./+types/guest-book-form";
import { loader } from "./guest-book-form";

const load = (search: string) =>
  loader({ request: new Request(`https://paxelbox.test/guest-book${search}`) } as Route.LoaderArgs);

describe("guest-book form route", () => {
  it("treats an unknown business_type as none: the page is the same as without the parameter", async () => {
    const none = await load("");
    expect(none.businessType).toBeUndefined();
    expect(await load("?business_type=Hacker")).toEqual(none);
    expect(await load("?business_type=%3Cscript%3E")).toEqual(none);
    expect((await load("?business_type=Individu")).businessType).toBe("Individu");
  });
});
