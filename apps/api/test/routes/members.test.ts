import { calls } from "@paxelbox/contract";
import { describe, expect, it } from "vitest";
import { budi, call, failure, ok, sari, scenario, useApp } from "../helpers.ts";

const app = useApp();

describe("members auth", () => {
  it("returns the member's data and language for a valid token", async () => {
    const user = ok(calls.validateUser, await call(app(), calls.validateUser, { query: { token: budi } }));
    expect(user).toMatchObject({ first_name: "Budi", language: "id", member_code: "PXM-000101" });
    const other = ok(calls.validateUser, await call(app(), calls.validateUser, { query: { token: sari } }));
    expect(other.language).toBe("en");
  });

  it("accepts the secret of a drop-off order link as the recipient", async () => {
    const params = await scenario(app(), "dropoff-in-store");
    const user = ok(
      calls.validateUser,
      await call(app(), calls.validateUser, { query: { token: params.get("token")! } }),
    );
    expect(user.first_name).toBe("Rina Kartika");
    expect(user.phone).toBe("0811222233333");
  });

  it("answers 401 for an unknown token and 400 without one", async () => {
    const message = failure(
      await call(app(), calls.validateUser, {
        query: { token: "nope" },
        headers: { "accept-language": "en" },
      }),
      401,
    );
    expect(message).toMatch(/not valid/);
    expect(failure(await call(app(), calls.validateUser), 400)).toMatch(/token/);
  });
});
