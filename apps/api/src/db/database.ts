import { mkdirSync } from "node:fs";
import { Socket } from "node:net";
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

/** The channel the triggers of migration 0006 announce changes on (`db/changes.ts` reads it). */
export const changesChannel = "paxelbox_changes";

/** Told of each notification on the changes channel, and of every cut in their delivery. */
export interface ChangeSubscriber {
  notified(payload: string): void;
  /**
   * Delivery was cut (a lost connection) or has just resumed: a notification may have been missed,
   * so whatever was learnt from them is to be forgotten.
   */
  reset(): void;
}

/** PostgreSQL, embedded (PGlite) or a server (pg pool): the same SQL runs on both. */
export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The embedded database is one connection; a server's pool has up to DATABASE_POOL_SIZE. */
  pool(): PoolState;
  /**
   * Subscribes to the changes channel. A write made through this database has been delivered to
   * the subscribers by the time its query or transaction resolves (read-your-writes for caches).
   */
  subscribe(subscriber: ChangeSubscriber): () => void;
  /** True while every notification reaches the subscribers (always, embedded). */
  listening(): boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Connections of the server's pool (10 unless told). */
  poolSize?: number | undefined;
  /** Folder of the embedded database, or "memory://" for a throw-away one. */
  dataDir: string;
  /**
   * A data directory the embedded database starts as a copy of (a tarball of PGlite's
   * `dumpDataDir()`), instead of an empty one: tests copy one migrated database rather than create
   * and migrate one each.
   */
  template?: Blob | undefined;
  observer?: DatabaseObserver | undefined;
  /** Where the server's connection events are written (the app's logger; the console if none). */
  log?: DatabaseLog | undefined;
  /** How often the listening connection proves it is alive, and how long its answer may take. */
  listenerCheck?: { everyMs: number; timeoutMs: number } | undefined;
}

/** What the database writes about its connections: pino's shape (an object, then the message). */
export interface DatabaseLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const consoleLog: DatabaseLog = {
  info: (details, message) => console.info(message, details),
  warn: (details, message) => console.warn(message, details),
};

/**
 * Bounds of a PostgreSQL server's calls, so that a database that hangs, or a lock held too long,
 * answers a call with an error (503 to the client, `isDatabaseUnavailable`) instead of queuing every
 * call behind it: the wait for a pooled connection (or a new one), a statement, a wait for a lock,
 * and a transaction left idle. Each is far beyond what a healthy call takes (milliseconds); the
 * start-up's schema work lifts the statement and lock bounds for its own transaction.
 */
export const postgresBounds = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 15_000,
  lock_timeout: 5_000,
  idle_in_transaction_session_timeout: 60_000,
} as const;

/**
 * Lifts the statement and lock bounds for the rest of a transaction: the start-up's schema work
 * (migrations, the first seed) waits for another instance's under one lock and may take long.
 */
export async function withoutBounds(tx: Queryable): Promise<void> {
  await tx.query("set local statement_timeout = 0");
  await tx.query("set local lock_timeout = 0");
}

/**
 * The listening connection answers a query this often, within this time, or is taken for lost: a
 * connection a NAT or firewall dropped without a word delivers nothing and says nothing.
 */
const listenerCheckDefault = { everyMs: 10_000, timeoutMs: 5_000 };

const seconds = (since: number) => (performance.now() - since) / 1000;
const unobserved: DatabaseObserver = { waited() {}, used() {} };

/** The subscribers of one database: each notification and reset goes to all of them. */
function subscribers() {
  const all = new Set<ChangeSubscriber>();
  return {
    add(subscriber: ChangeSubscriber) {
      all.add(subscriber);
      return () => {
        all.delete(subscriber);
      };
    },
    notified(payload: string) {
      for (const subscriber of all) subscriber.notified(payload);
    },
    reset() {
      for (const subscriber of all) subscriber.reset();
    },
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const observer = options.observer ?? unobserved;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, observer, {
        log: options.log ?? consoleLog,
        listenerCheck: options.listenerCheck ?? listenerCheckDefault,
      })
    : openPglite(options.dataDir, options.template, observer);
}

/**
 * The embedded database's buffer cache. Its whole data (the demo's included) is a few megabytes;
 * PostgreSQL's default of 128 MB is memory the engine clears at every start (a third of a second
 * of each one) and holds for nothing.
 */
const pgliteSharedBuffers = "32MB";

/**
 * PGlite is one connection that runs one call at a time. Calls queue here, in the order they come
 * (as they would inside PGlite), so that the wait and the use of each can be told apart.
 */
async function openPglite(
  dataDir: string,
  template: Blob | undefined,
  observer: DatabaseObserver,
): Promise<Database> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, {
    ...(template ? { loadDataDir: template } : {}),
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${pgliteSharedBuffers}`],
  });
  const subscribed = subscribers();
  // PGlite hands a transaction's notifications over as it commits, before the call resolves.
  await db.listen(changesChannel, (payload) => subscribed.notified(payload));
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
    subscribe: subscribed.add,
    listening: () => !db.closed,
    async close() {
      await db.close();
    },
  };
}

/**
 * A PostgreSQL server: a pool for the queries, and one connection of its own that listens to the
 * changes channel for as long as the database is open, reconnecting after a loss (each loss and
 * each resumption resets the subscribers). Every pooled connection listens too, for its own
 * writes only: PostgreSQL hands a session the notifications of its own transaction before it
 * answers the COMMIT, so this instance's writes reach the subscribers before their call resolves.
 * Other sessions' notifications come once, through the listener, which skips this pool's own.
 */
async function openPostgres(
  connectionString: string,
  poolSize: number,
  observer: DatabaseObserver,
  { log, listenerCheck }: { log: DatabaseLog; listenerCheck: { everyMs: number; timeoutMs: number } },
): Promise<Database> {
  const subscribed = subscribers();
  // The backends of this instance's pooled connections: their writes reach the subscribers through
  // the connection that made them, so the listener skips its own copy (a second invalidation would
  // make the next read load again what was just loaded).
  const pooledSessions = new Set<number>();
  // `processID`: the session's backend, from PostgreSQL's BackendKeyData (not in pg's types).
  const sessionOf = (client: pg.ClientBase) => (client as pg.ClientBase & { processID: number }).processID;
  const listenOn = async (client: pg.ClientBase, pooled: boolean) => {
    const session = sessionOf(client);
    client.on("notification", (message) => {
      if (message.channel !== changesChannel || message.payload === undefined) return;
      if (pooled ? message.processId !== session : pooledSessions.has(message.processId)) return;
      subscribed.notified(message.payload);
    });
    await client.query(`listen ${changesChannel}`);
    if (pooled) pooledSessions.add(session);
  };
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    keepAlive: true,
    ...postgresBounds,
    onConnect: (client) => listenOn(client, true),
  });
  // Forgotten as the pool lets the connection go, before its backend ends and its id can be reused.
  pool.on("remove", (client) => pooledSessions.delete(sessionOf(client)));
  // An idle connection the server closes (restart, failover, admin command) must not take the API
  // down: the pool drops it and opens a new one on the next query.
  pool.on("error", (error) => {
    log.warn({ err: error.message }, "PostgreSQL closed an idle pooled connection");
  });
  // int8 (counts, sums) as numbers: every value the API stores fits in 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  const client = await pool.connect();
  client.release();
  const listener = changeListener({
    connectionString,
    listenOn: (client) => listenOn(client, false),
    reset: subscribed.reset,
    log,
    check: listenerCheck,
  });
  await listener.started;
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
      // A connection lost while checked out (the server restarts, fails over, ends the session)
      // says so on its client: heard here, it fails this call only, and the client is discarded
      // instead of going back to the pool. Unheard, the event would end the process.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
      };
      connection.on("error", onLost);
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
        connection.off("error", onLost);
        connection.release(lost);
        observer.used("transaction", seconds(started));
      }
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    subscribe: subscribed.add,
    listening: listener.listening,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * The connection that keeps listening: on a loss it resets the subscribers, then tries again every
 * second (each new connection resets them once more, as notifications sent in between are lost).
 * A loss is an error or an end on the connection, or a check it does not answer in time: a
 * connection dropped on the way (a NAT or a firewall forgetting it) says nothing, so every
 * `check.everyMs` it must answer a query within `check.timeoutMs`.
 */
function changeListener({
  connectionString,
  listenOn,
  reset,
  log,
  check,
}: {
  connectionString: string;
  listenOn: (client: pg.Client) => Promise<void>;
  reset: () => void;
  log: DatabaseLog;
  check: { everyMs: number; timeoutMs: number };
}) {
  let current: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let checking: NodeJS.Timeout | undefined;
  let lostAt: number | undefined;
  const sockets = new WeakMap<pg.Client, Socket>();
  const lost = (client: pg.Client, reason: string) => {
    if (current !== client) return;
    current = undefined;
    clearInterval(checking);
    if (live) {
      lostAt = Date.now();
      log.warn({ reason }, "change feed lost: cached answers dropped until it listens again");
    }
    live = false;
    reset();
    // A connection that stopped answering may never end by itself: it is let go.
    if (reason === "unanswered check") {
      client.end().catch(() => undefined);
      sockets.get(client)?.destroy();
    }
    if (!closed) retry = setTimeout(() => void connect(), 1000);
  };
  const checkAlive = (client: pg.Client) =>
    client.query("select 1").catch(() => lost(client, "unanswered check"));
  async function connect(): Promise<void> {
    // Its socket made here (as pg makes it), so that a connection gone silent can be let go.
    const socket = new Socket();
    const client = new pg.Client({
      connectionString,
      application_name: "paxelbox-listener",
      keepAlive: true,
      connectionTimeoutMillis: postgresBounds.connectionTimeoutMillis,
      query_timeout: check.timeoutMs,
      stream: () => socket,
    });
    sockets.set(client, socket);
    current = client;
    client.on("error", (error) => lost(client, error.message));
    client.on("end", () => lost(client, "connection ended"));
    try {
      await client.connect();
      await listenOn(client);
      if (closed || current !== client) return;
      live = true;
      reset();
      if (lostAt !== undefined) {
        log.info({ lostForSeconds: Math.round((Date.now() - lostAt) / 1000) }, "change feed listening again");
        lostAt = undefined;
      }
      checking = setInterval(() => checkAlive(client), check.everyMs);
      checking.unref();
    } catch (error) {
      lost(client, error instanceof Error ? error.message : String(error));
      client.end().catch(() => undefined);
    }
  }
  return {
    started: connect(),
    listening: () => live,
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(checking);
      const client = current;
      current = undefined;
      live = false;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Whether a query failed on the unique index or constraint `name` (SQLSTATE 23505): on a PostgreSQL
 * server as on PGlite, whose errors carry the same fields.
 */
export function isUniqueViolation(error: unknown, name: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === "23505" && constraint === name;
}

/**
 * SQLSTATEs of a database that cannot answer now but may soon: its connection lost or refused
 * (class 08), the server shutting down or starting (57P01–57P03), too many connections (53300),
 * and this instance's bounds (`postgresBounds`): a statement past its time (57014) or a lock waited
 * for too long (55P03).
 */
const unavailableStates = new Set(["57P01", "57P02", "57P03", "53300", "57014", "55P03"]);
/** What pg and Node say of a connection that cannot be made or was cut. */
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const unavailableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/;

/**
 * Whether a call failed because the database could not answer it now (rather than because of the
 * call): the client is told to try again (503), not that the server is at fault.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === "string" &&
    (code.startsWith("08") || unavailableStates.has(code) || unavailableCodes.has(code))
  )
    return true;
  return typeof message === "string" && unavailableMessages.test(message);
}
