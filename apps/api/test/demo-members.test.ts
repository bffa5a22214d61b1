import { StartUpError } from "@paxelbox/contract/start-up";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { type Database, openDatabase } from "../src/db/database.ts";
import { configOn, freshDatabase } from "./helpers.ts";

/**
 * A database once started as a demo keeps the demo members, whose tokens are published: production
 * (without DEMO=1) does not start on it until they are gone.
 */

const production = {
  NODE_ENV: "production",
  DATA_DIR: "memory://",
  LOG_LEVEL: "silent",
  PUBLIC_BASE_URL: "https://paxelbox.example",
  PAYMENT_SECRET: "production-payment-secret-0123",
  CAPTCHA_SECRET: "production-captcha-secret-0123",
};

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Database;
beforeAll(async () => {
  database = await freshDatabase();
  db = await openDatabase({ databaseUrl: database.url, dataDir: "memory://", template: database.template });
  // The demo's first start seeds its members.
  await (
    await buildApp(configOn(database.url, { NODE_ENV: "test", DATA_DIR: "memory://" }), { database: db })
  ).close();
});
afterAll(async () => {
  await db.close();
  await database.drop();
});

/** Builds the API on the shared database; what it stops with, or null when it starts. */
async function started(env: Record<string, string>): Promise<Error | null> {
  try {
    await (await buildApp(configOn(database.url, env), { database: db })).close();
    return null;
  } catch (error) {
    return error as Error;
  }
}

describe("the demo members in production", () => {
  it("stop the start, named, with the way to remove them", async () => {
    const refused = await started(production);
    expect(refused).toBeInstanceOf(StartUpError);
    expect(refused?.message).toMatch(
      /^The database (of DATABASE_URL \(postgres[^)]*\) )?holds the demo members of demo-token-budi and demo-token-sari, whose tokens are published: production does not start with them\. Revoke their tokens \(update members set token_hash = .*\), or delete them with their orders$/,
    );
    // Demo mode, in production too, is where they belong.
    expect(await started({ ...production, DEMO: "1" })).toBeNull();
    expect(await started({ NODE_ENV: "test", DATA_DIR: "memory://" })).toBeNull();
  });

  it("let it start once the message's statement has revoked their tokens", async () => {
    const statement = /\((update members .*)\), or delete them/.exec(
      (await started(production))?.message ?? "",
    );
    if (!statement?.[1]) throw new Error("the message gives no statement");
    await db.query(statement[1]);
    expect(await started(production)).toBeNull();
    const [left] = await db.query<{ count: number }>(
      "select count(*)::int as count from members where token_hash like 'revoked:%'",
    );
    expect(left?.count).toBe(2);
  });
});
