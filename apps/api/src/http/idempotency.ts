import { hash } from "node:crypto";
import { MessageKey } from "@paxelbox/contract";
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../db/database.ts";
import { badRequest, conflict, HttpError } from "./errors.ts";
import type { AnyParams } from "./messages.ts";

/** Seconds after which a request that never finished (its process died) may be run again. */
const abandonedSeconds = 60;

/**
 * Writes a call's answer under its key in the transaction that did the call's work: work done in
 * one transaction then commits with its answer, and a process killed (or a database lost) right
 * after the commit cannot leave the work done and the key free for a retry to do it again.
 */
export type RecordAnswer<T> = (tx: Queryable, answer: T) => Promise<void>;

/**
 * Honours an `Idempotency-Key` header on a call that creates something: the same key and body get
 * the first answer again (success or refusal); the same key with another body is refused with 422;
 * while the first is still running, a second gets 409. Keys are scoped to the caller and the call,
 * kept in PostgreSQL (shared by every instance) and forgotten after a day. `run` records its answer
 * in its own transaction with `record` when its work is one transaction; otherwise (a gateway's
 * call between writes) the answer is recorded after it.
 *
 * A key whose run has not answered after `abandonedSeconds` may be taken by a retry, though the
 * first may still be running (a payment waiting on a slow gateway). Each run owns its claim (the
 * claim's time): it records its answer, or frees the key, only while the claim is still its own, so
 * a first run that ends late neither overwrites the retry's answer nor frees the key under the
 * retry while that one runs.
 */
export async function idempotent<T>(
  db: Queryable,
  request: FastifyRequest,
  scope: string,
  body: unknown,
  run: (record: RecordAnswer<T>) => Promise<T>,
): Promise<T> {
  const header = request.headers["idempotency-key"];
  if (header === undefined) return run(async () => {});
  if (
    typeof header !== "string" ||
    header.length < 1 ||
    header.length > 255 ||
    !/^[\x21-\x7e]+$/.test(header)
  ) {
    throw badRequest("idempotencyKeyInvalid");
  }
  const requestHash = hash("sha256", JSON.stringify(body), "hex");
  // clock_timestamp(), not now(): the claim's time, not its transaction's. A claim taken over is
  // at least `abandonedSeconds` younger than the one it replaces, so two runs' claims never share a
  // time, on PostgreSQL's clock (microseconds) or PGlite's (milliseconds).
  const [claimed] = await db.query<{ claim: string }>(
    `insert into idempotency_keys (scope, key, request_hash, created_at) values ($1, $2, $3, clock_timestamp())
     on conflict (scope, key) do update set created_at = clock_timestamp()
       where idempotency_keys.status_code is null and idempotency_keys.request_hash = $3
         and idempotency_keys.created_at < now() - make_interval(secs => $4)
     returning created_at::text as claim`,
    [scope, header, requestHash, abandonedSeconds],
  );
  if (!claimed) {
    const [row] = await db.query<{ request_hash: string; status_code: number | null; response: unknown }>(
      "select request_hash, status_code, response from idempotency_keys where scope = $1 and key = $2",
      [scope, header],
    );
    if (!row || row.request_hash !== requestHash) {
      throw new HttpError(422, "idempotencyKeyReused");
    }
    if (row.status_code === null) {
      throw conflict("idempotencyKeyRunning");
    }
    if (row.status_code === 200) return row.response as T;
    // The first refusal again, in this caller's language (rows from before message keys: a generic text).
    const refusal = row.response as { key?: string; params?: AnyParams };
    const key = MessageKey.safeParse(refusal.key);
    throw key.success
      ? new HttpError(row.status_code, key.data, refusal.params)
      : new HttpError(row.status_code, "requestRefusedBefore");
  }
  const { claim } = claimed;
  /** This run's row: its key, while its claim is its own. */
  const own = "scope = $1 and key = $2 and created_at = $3::timestamptz";
  let recorded = false;
  const record: RecordAnswer<T> = async (tx, answer) => {
    await tx.query(`update idempotency_keys set status_code = 200, response = $4 where ${own}`, [
      scope,
      header,
      claim,
      JSON.stringify(answer),
    ]);
    recorded = true;
  };
  try {
    const result = await run(record);
    if (!recorded) await record(db, result);
    return result;
  } catch (error) {
    // An answer `run` recorded in a transaction that committed before the failure stays: its work is done.
    // A 429 says "later", not "no": the key stays free for the try after the wait.
    if (error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 429) {
      await db.query(
        `update idempotency_keys set status_code = $4, response = $5 where ${own} and status_code is null`,
        [
          scope,
          header,
          claim,
          error.statusCode,
          JSON.stringify({ message: error.message, key: error.key, params: error.params }),
        ],
      );
    } else {
      // A failure worth retrying (gateway down, crash, a limit): the key is free for the next attempt.
      await db.query(`delete from idempotency_keys where ${own} and status_code is null`, [
        scope,
        header,
        claim,
      ]);
    }
    throw error;
  }
}
