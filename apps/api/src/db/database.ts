import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** What repositories need from a connection: parameterised queries. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** PostgreSQL, embedded (PGlite) or a server (pg pool): the same SQL runs on both. */
export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database, or "memory://" for a throw-away one. */
  dataDir: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  return {
    kind: "pglite",
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await db.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
    transaction(work) {
      return db.transaction((tx) =>
        work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<Row>(sql, params as unknown[])).rows;
          },
        }),
      );
    },
    async close() {
      await db.close();
    },
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
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
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as Row[];
    },
    async transaction(work) {
      const connection = await pool.connect();
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
      }
    },
    async close() {
      await pool.end();
    },
  };
}
