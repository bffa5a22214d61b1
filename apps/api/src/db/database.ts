import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** What repositories need from a connection: parameterised queries. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** Connections right now: all of them, the idle ones, and the calls waiting for one. */
export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

/** Told how long each call waited for a connection and how long it held it (metrics). */
export interface DatabaseObserver {
  waited(seconds: number): void;
  used(operation: "query" | "transaction", seconds: number): void;
}

/** PostgreSQL, embedded (PGlite) or a server (pg pool): the same SQL runs on both. */
export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The embedded database is one connection; a server's pool has up to DATABASE_POOL_SIZE. */
  pool(): PoolState;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or "memory://" for a throw-away one. */
  dataDir: string;
  observer?: DatabaseObserver | undefined;
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const unobserved: DatabaseObserver = { waited() {}, used() {} };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const observer = options.observer ?? unobserved;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, observer)
    : openPglite(options.dataDir, observer);
}

/**
 * PGlite is one connection that runs one call at a time. Calls queue here, in the order they come
 * (as they would inside PGlite), so that the wait and the use of each can be told apart.
 */
async function openPglite(dataDir: string, observer: DatabaseObserver): Promise<Database> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  let queue: Promise<void> = Promise.resolve();
  let inFlight = 0;
  async function exclusive<T>(operation: "query" | "transaction", work: () => Promise<T>): Promise<T> {
    const queued = performance.now();
    const previous = queue;
    let release = () => {};
    queue = new Promise((resolve) => {
      release = resolve;
    });
    inFlight++;
    try {
      await previous;
      observer.waited(seconds(queued));
      const started = performance.now();
      try {
        return await work();
      } finally {
        observer.used(operation, seconds(started));
      }
    } finally {
      inFlight--;
      release();
    }
  }
  return {
    kind: "pglite",
    query<Row>(sql: string, params: readonly unknown[] = []) {
      return exclusive("query", async () => (await db.query<Row>(sql, params as unknown[])).rows);
    },
    transaction(work) {
      return exclusive("transaction", () =>
        db.transaction((tx) =>
          work({
            async query<Row>(sql: string, params: readonly unknown[] = []) {
              return (await tx.query<Row>(sql, params as unknown[])).rows;
            },
          }),
        ),
      );
    },
    pool: () => ({ total: 1, idle: inFlight > 0 ? 0 : 1, waiting: Math.max(0, inFlight - 1) }),
    async close() {
      await db.close();
    },
  };
}

async function openPostgres(connectionString: string, observer: DatabaseObserver): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection the server closes (restart, failover, admin command) must not take the API
  // down: the pool drops it and opens a new one on the next query.
  pool.on("error", (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  // int8 (counts, sums) as numbers: every value the API stores fits in 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  const client = await pool.connect();
  client.release();
  return {
    kind: "postgres",
    // A single statement takes its connection inside pg: its wait shows as the pool's `waiting`.
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const started = performance.now();
      try {
        const result = await pool.query(sql, params as unknown[]);
        return result.rows as Row[];
      } finally {
        observer.used("query", seconds(started));
      }
    },
    async transaction(work) {
      const queued = performance.now();
      const connection = await pool.connect();
      observer.waited(seconds(queued));
      const started = performance.now();
      try {
        await connection.query("begin");
        const result = await work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await connection.query(sql, params as unknown[])).rows as Row[];
          },
        });
        await connection.query("commit");
        return result;
      } catch (error) {
        await connection.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        connection.release();
        observer.used("transaction", seconds(started));
      }
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await pool.end();
    },
  };
}
