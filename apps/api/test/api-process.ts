import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Database, openDatabase } from "../src/db/database.ts";
import { freePort, freshDatabase } from "./helpers.ts";

/**
 * The API as a real process, for the tests that kill it (SIGKILL) and start it again on the same
 * data: `src/server.ts` in a child process, on a database of the calling file's own that outlives
 * each process — a PGlite data directory made from the run's migrated database, or, when
 * DATABASE_URL is set, a database created for the file on that PostgreSQL server and dropped after
 * it (never the server's main one).
 */
export interface ApiProcess {
  /** `http://127.0.0.1:<port>`: one port for every start. */
  origin(): string;
  /**
   * Starts the API with `env` over the file's settings (database, port, NODE_ENV=test,
   * LOG_LEVEL=fatal); resolves once it answers `/healthz`.
   */
  start(env?: Record<string, string>): Promise<ChildProcess>;
  /** The last 64 kB the processes wrote (their logs), for a failure's message. */
  output(): string;
  /** The file's database, opened by the test: on PGlite only while no API process runs. */
  openDatabase(): Promise<Database>;
}

/** The database the processes run on, for test names and reports. */
export function databaseLabel(): string {
  return process.env.DATABASE_URL ? "PostgreSQL server" : "PGlite";
}

/**
 * How a test runs the API: `src/server.ts` with PGlite's WebAssembly left at V8's baseline tier
 * (`--liftoff-only`). A test's process lives seconds: the optimising tier would spend about a core
 * second at each start compiling Postgres's largest functions on a background thread, and Node
 * waits for that compilation before it exits (1.5 s added to each stop). A deployment keeps V8's
 * defaults.
 */
export const serverArgs = ["--liftoff-only", path.resolve(import.meta.dirname, "../src/server.ts")];
const outputLimit = 64 * 1024;

/** Sets up the calling file's database and port before its tests; kills the process and drops the database after them. */
export function useApiProcess(): ApiProcess {
  let folder = "";
  let dataDir = "";
  let databaseUrl: string | undefined;
  let drop: () => Promise<void> = async () => {};
  let port = 0;
  let child: ChildProcess | undefined;
  let output = "";

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "paxelbox-process-"));
    dataDir = path.join(folder, "data");
    const database = await freshDatabase();
    databaseUrl = database.url;
    drop = database.drop;
    // On PGlite the first start finds its data directory made: a copy of the run's migrated database.
    if (!databaseUrl) await (await openDatabase({ dataDir, template: database.template })).close();
    port = await freePort();
  });

  afterAll(async () => {
    child?.kill("SIGKILL");
    if (child) await exited(child, 5_000);
    await drop();
    rmSync(folder, { recursive: true, force: true });
  });

  const origin = () => `http://127.0.0.1:${port}`;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-outputLimit);
  };

  return {
    origin,
    output: () => output,
    openDatabase: () => openDatabase({ databaseUrl, dataDir }),
    async start(env = {}) {
      const base: Record<string, string> = {
        ...(process.env as Record<string, string>),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        NODE_ENV: "test",
        LOG_LEVEL: "fatal",
        // Node's compile cache: every start after the first loads the API's modules from it.
        NODE_COMPILE_CACHE: path.join(folder, "compile-cache"),
      };
      delete base.CRASH_AT;
      if (databaseUrl) base.DATABASE_URL = databaseUrl;
      else delete base.DATABASE_URL;
      const started = spawn(process.execPath, serverArgs, {
        env: { ...base, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      started.stdout.on("data", keep);
      started.stderr.on("data", keep);
      // A first start migrates and seeds; on a busy 2-core machine that can take half a minute.
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (started.exitCode !== null || started.signalCode !== null) {
          throw new Error(`the API stopped while starting:\n${output.slice(-4000)}`);
        }
        try {
          if ((await fetch(`${origin()}/healthz`)).ok) return started;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("the API did not start");
    },
  };
}

/** Resolves with the process's exit signal or code once it has exited; null if it is still running after `ms`. */
export function exited(child: ChildProcess, ms: number): Promise<NodeJS.Signals | number | null> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(child.signalCode ?? child.exitCode);
  }
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(signal ?? code);
    });
  });
}

/** Kills the process with SIGKILL and waits until it is gone. */
export async function kill(child: ChildProcess): Promise<void> {
  child.kill("SIGKILL");
  await exited(child, 10_000);
}

/** Stops the process as an orchestrator does (SIGTERM: requests and the message in flight finish), with SIGKILL after 10 s. */
export async function stop(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM");
  if ((await exited(child, 10_000)) === null) child.kill("SIGKILL");
  await exited(child, 5_000);
}
