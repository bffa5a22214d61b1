import { createServer, type Server, Socket } from "node:net";
import Fastify from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changesChannel,
  type DatabaseLog,
  isDatabaseUnavailable,
  openDatabase,
  postgresBounds,
} from "../src/db/database.ts";
import { migrate, schemaLockKey } from "../src/db/migrate.ts";
import { registerErrorHandler } from "../src/plugins/error-handler.ts";
import { freshDatabase } from "./helpers.ts";

/**
 * A PostgreSQL server that restarts, fails over or drops a connection on the way: each call that
 * meets it fails, not the process; the client is told to try again; a listening connection gone
 * silent is found out and replaced. The server's cases run where CI gives one (`DATABASE_URL`).
 */
const onServer = Boolean(process.env.DATABASE_URL);

/** Written down rather than printed: what the database says of its connections. */
function heardLog() {
  const lines: { level: "info" | "warn"; message: string }[] = [];
  const log: DatabaseLog = {
    info: (_details, message) => lines.push({ level: "info", message }),
    warn: (_details, message) => lines.push({ level: "warn", message }),
  };
  return { lines, log };
}

describe("a database that cannot answer now", () => {
  it("is told to the client as 503 with a retry, not as a server fault", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    // What pg says of a server shutting down, of a cut connection, and of a full pool.
    const failures: Record<string, unknown> = {
      shutdown: Object.assign(new Error("terminating connection due to administrator command"), {
        code: "57P01",
      }),
      cut: new Error("Connection terminated unexpectedly"),
      refused: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      full: new Error("timeout exceeded when trying to connect"),
      slow: Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
      fault: Object.assign(new Error('relation "nothing" does not exist'), { code: "42P01" }),
    };
    app.get("/:case", async (request) => {
      throw failures[(request.params as { case: string }).case];
    });
    try {
      for (const name of ["shutdown", "cut", "refused", "full", "slow"]) {
        const answer = await app.inject({ url: `/${name}`, headers: { "accept-language": "en" } });
        expect(answer.statusCode, name).toBe(503);
        expect(answer.headers["retry-after"], name).toBe("5");
        expect(answer.json(), name).toMatchObject({ code: 503, key: "databaseUnavailable" });
      }
      const fault = await app.inject({ url: "/fault" });
      expect(fault.statusCode).toBe(500);
      expect(fault.json()).toMatchObject({ key: "serverFault" });
    } finally {
      await app.close();
    }
  });
});

describe.runIf(onServer)("a PostgreSQL server that drops connections", () => {
  let databaseUrl: string;
  let drop: () => Promise<void> = async () => {};
  let admin: pg.Client;
  beforeAll(async () => {
    const database = await freshDatabase();
    databaseUrl = database.url as string;
    drop = database.drop;
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await drop();
  });

  it("a connection lost inside a transaction fails that call only", async () => {
    const uncaught: unknown[] = [];
    const hear = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", hear);
    const db = await openDatabase({ databaseUrl, dataDir: "memory://", log: heardLog().log });
    try {
      // The session ends while the transaction holds its connection between two statements.
      const running = db.transaction(async (tx) => {
        const [session] = await tx.query<{ pid: number }>("select pg_backend_pid() as pid");
        await admin.query("select pg_terminate_backend($1)", [session?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query("select 1");
      });
      await expect(running).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(uncaught).toEqual([]);
      // The lost connection went out of the pool; the next calls run on a new one.
      expect(await db.query("select 1 as one")).toEqual([{ one: 1 }]);
      expect(await db.transaction((tx) => tx.query("select 2 as two"))).toEqual([{ two: 2 }]);
    } finally {
      process.off("uncaughtException", hear);
      await db.close();
    }
  });

  it("a lock held past its bound fails the call that waits for it, as unavailable", async () => {
    const db = await openDatabase({ databaseUrl, dataDir: "memory://", log: heardLog().log });
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("lock table boxes in access exclusive mode");
      const waiting = db.transaction((tx) => tx.query("select count(*) from boxes"));
      const error = await waiting.then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toMatchObject({ code: "55P03" });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await holder.query("rollback");
      await holder.end();
      await db.close();
    }
  });

  it("the start-up's schema work waits for another instance's past the bounds", async () => {
    const db = await openDatabase({ databaseUrl, dataDir: "memory://", log: heardLog().log });
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock($1)", [schemaLockKey]);
      const released = setTimeout(
        () => void other.query("select pg_advisory_unlock($1)", [schemaLockKey]),
        postgresBounds.lock_timeout + 500,
      );
      try {
        expect(await migrate(db)).toEqual([]);
      } finally {
        clearTimeout(released);
      }
    } finally {
      await other.end();
      await db.close();
    }
  });

  it("a listening connection gone silent on the way is found out, replaced, and heard again", async () => {
    const proxy = await silenceableProxy(new URL(databaseUrl));
    const { lines, log } = heardLog();
    const through = new URL(databaseUrl);
    through.host = `127.0.0.1:${proxy.port}`;
    const db = await openDatabase({
      databaseUrl: through.toString(),
      dataDir: "memory://",
      log,
      listenerCheck: { everyMs: 200, timeoutMs: 300 },
    });
    const heard: string[] = [];
    const resets: number[] = [];
    const stop = db.subscribe({ notified: (payload) => heard.push(payload), reset: () => resets.push(1) });
    try {
      expect(db.listening()).toBe(true);
      // Every connection open now goes silent, as behind a NAT that forgot it: nothing arrives,
      // nothing closes.
      proxy.silence();
      await expect.poll(() => db.listening(), { timeout: 3_000, interval: 50 }).toBe(false);
      expect(resets.length).toBeGreaterThan(0);
      await expect.poll(() => db.listening(), { timeout: 5_000, interval: 50 }).toBe(true);
      // Another session's change reaches the subscribers through the new connection.
      await admin.query("select pg_notify($1, 'catalog')", [changesChannel]);
      await expect.poll(() => heard, { timeout: 2_000, interval: 50 }).toContain("catalog");
      expect(lines.map((line) => line.level)).toEqual(["warn", "info"]);
    } finally {
      stop();
      proxy.close();
      await db.close();
    }
  });
});

/**
 * A TCP proxy to the server whose connections can be made silent: both ways stop carrying bytes,
 * and neither end is told. Connections opened after that pass again.
 */
async function silenceableProxy(target: URL) {
  const pairs: [Socket, Socket][] = [];
  const silenced: Socket[] = [];
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream);
    upstream.pipe(client);
    const ignore = () => undefined;
    client.on("error", ignore);
    upstream.on("error", ignore);
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    silence() {
      for (const [client, upstream] of pairs.splice(0)) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
        silenced.push(client, upstream);
      }
    },
    close() {
      for (const socket of [...silenced, ...pairs.flat()]) socket.destroy();
      server.close();
    },
  };
}

describe("the embedded database", () => {
  it("starts with a buffer cache sized to its data, not PostgreSQL's default 128 MB", async () => {
    const db = await openDatabase({ dataDir: "memory://", template: (await freshDatabase()).template });
    try {
      const [row] = await db.query<{ shared_buffers: string }>("show shared_buffers");
      expect(row?.shared_buffers).toBe("32MB");
    } finally {
      await db.close();
    }
  });
});
