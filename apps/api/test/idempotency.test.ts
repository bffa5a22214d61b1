import { setTimeout as sleep } from "node:timers/promises";
import { calls } from "@paxelbox/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, loadConfig } from "../src/app.ts";
import { type Database, openDatabase, type Queryable } from "../src/db/database.ts";
import { HttpError } from "../src/http/errors.ts";
import { idempotent, type RecordAnswer } from "../src/http/idempotency.ts";
import { call, freshDatabase, packageBody, scenario } from "./helpers.ts";

/**
 * A send under an `Idempotency-Key` whose work commits and whose database is lost at once (the
 * instance's connection dropped, or the instance killed, before anything else is written): its
 * answer was written with its work, so the retry gets the first QR and one parcel is registered;
 * and an answer so written is kept when the call fails after its commit. On PGlite under
 * `npm test`; on a PostgreSQL server when DATABASE_URL is set.
 */
let app: FastifyInstance;
let drop: () => Promise<void> = async () => {};
/** Set: the database fails every call, as after a lost connection. */
let down = false;
/** Set: the database goes down as soon as a transaction that registered a parcel commits. */
let armed = false;

beforeAll(async () => {
  const database = await freshDatabase();
  drop = database.drop;
  const db = await openDatabase({
    databaseUrl: database.url,
    dataDir: "memory://",
    template: database.template,
  });
  const lost = () => new Error("connection lost");
  const failing: Database = {
    ...db,
    async query(sql, params) {
      if (down) throw lost();
      return db.query(sql, params);
    },
    async transaction(work) {
      if (down) throw lost();
      let registered = false;
      const result = await db.transaction((tx) => {
        const watched: Queryable = {
          query(sql, params) {
            if (/insert into dropoff_packages/.test(sql)) registered = true;
            return tx.query(sql, params);
          },
        };
        return work(watched);
      });
      if (armed && registered) down = true;
      return result;
    },
  };
  app = await buildApp(loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", NOTIFICATIONS: "off" }), {
    database: failing,
  });
  app.addHook("onClose", () => db.close());
});

afterAll(async () => {
  await app?.close();
  await drop();
});

describe("a send whose database is lost right after its work commits", () => {
  it("answers with its QR, and the retry gets the same QR without registering another parcel", async () => {
    const params = await scenario(app, "package-form");
    const body = packageBody(Number(params.get("boxId")), { recipientName: "Hilang Sambungan" });
    const headers = { "idempotency-key": "package-form-lost-connection" };
    armed = true;
    const first = await call(app, calls.sendPackageData, { body, headers });
    armed = false;
    expect(down).toBe(true);
    down = false;
    expect(first.statusCode, first.body).toBe(200);

    const again = await call(app, calls.sendPackageData, { body, headers });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // Past the time after which a key whose send never answered is free again: still the first QR.
    await app.db.query(
      "update idempotency_keys set created_at = created_at - interval '2 minutes' where key = $1",
      [headers["idempotency-key"]],
    );
    const later = await call(app, calls.sendPackageData, { body, headers });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.rawPayload.equals(first.rawPayload)).toBe(true);

    const [row] = await app.db.query<{ count: number }>(
      "select count(*)::int as count from dropoff_packages where recipient_name = $1",
      [body.recipientName],
    );
    expect(row?.count).toBe(1);
  });
});

describe("an answer recorded with its work", () => {
  it("stays when the call fails after its transaction committed: the retry gets it, the work is not run again", async () => {
    const request = { headers: { "idempotency-key": "recorded-then-failed" } } as unknown as FastifyRequest;
    let runs = 0;
    const work = async (record: RecordAnswer<string>) => {
      runs++;
      await app.db.transaction((tx) => record(tx, "done"));
      throw new Error("failed after the commit");
    };
    await expect(idempotent(app.db, request, "test", { a: 1 }, work)).rejects.toThrow(/after the commit/);
    await expect(idempotent(app.db, request, "test", { a: 1 }, work)).resolves.toBe("done");
    expect(runs).toBe(1);
  });
});

describe("a key taken over by a retry while its first run still runs (a gateway slower than the key's wait)", () => {
  const request = (key: string) => ({ headers: { "idempotency-key": key } }) as unknown as FastifyRequest;
  /** A run held until `release` is called; it then answers `answer` or fails with `error`. */
  function heldRun(outcome: { answer?: string; error?: Error }) {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const began = new Promise<void>((resolve) => {
      started = resolve;
    });
    const run = async () => {
      started();
      await released;
      if (outcome.error) throw outcome.error;
      return outcome.answer ?? "";
    };
    return { run, began, release };
  }
  const backdate = (key: string) =>
    app.db.query(
      "update idempotency_keys set created_at = created_at - interval '61 seconds' where key = $1",
      [key],
    );

  /**
   * A first run under `key` held (to end with `outcome`), its claim run out, and a retry's run
   * holding the key, also held.
   */
  async function takenOver(key: string, outcome: { answer?: string; error?: Error }) {
    const first = heldRun(outcome);
    const firstDone = idempotent(app.db, request(key), "test", { a: 1 }, first.run);
    await first.began;
    await backdate(key);
    // A real retry comes a minute later: past the first's claim on a clock that counts in
    // milliseconds (PGlite's), which the backdating alone does not give.
    await sleep(2);
    const retry = heldRun({ answer: "the retry's" });
    const retryDone = idempotent(app.db, request(key), "test", { a: 1 }, retry.run);
    await retry.began;
    return { first, firstDone, retry, retryDone };
  }
  /** A third try with the key. */
  const third = (key: string) => idempotent(app.db, request(key), "test", { a: 1 }, async () => "a third");

  it("the first's failure leaves the retry's claim: a third try is told it is running, then gets the retry's answer", async () => {
    const key = "taken-over-then-first-failed";
    const { first, firstDone, retry, retryDone } = await takenOver(key, {
      error: new HttpError(502, "paymentServiceUnreachable"),
    });
    first.release();
    await expect(firstDone).rejects.toThrow(HttpError);
    await expect(third(key)).rejects.toMatchObject({ statusCode: 409 });
    retry.release();
    await expect(retryDone).resolves.toBe("the retry's");
    await expect(third(key)).resolves.toBe("the retry's");
  });

  it("the first's late answer does not overwrite the retry's", async () => {
    const key = "taken-over-then-first-answered";
    const { first, firstDone, retry, retryDone } = await takenOver(key, { answer: "the first's" });
    retry.release();
    await expect(retryDone).resolves.toBe("the retry's");
    first.release();
    await expect(firstDone).resolves.toBe("the first's");
    await expect(third(key)).resolves.toBe("the retry's");
  });
});
