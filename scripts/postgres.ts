/**
 * A throwaway PostgreSQL server on loopback, for the tests that need a real server rather than
 * PGlite (two API instances on one database). Uses the machine's PostgreSQL binaries (Debian
 * package `postgresql`); as root, runs them as the `postgres` user, since PostgreSQL refuses root.
 *
 *   node scripts/postgres.ts -- <command…>   runs the command with DATABASE_URL set, then stops it.
 */
import { execFile, spawn } from "node:child_process";
import { constants } from "node:fs";
import { access, chown, mkdtemp, readdir, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./net.ts";

const run = promisify(execFile);

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  stop(): Promise<void>;
}

/** The directory of `initdb` and `pg_ctl`: on the PATH, or Debian's newest `/usr/lib/postgresql/<n>/bin`. */
async function binaries(): Promise<string> {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const initdb = path.join(dir, "initdb");
    const found = await access(initdb, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (found) return path.dirname(await realpath(initdb));
  }
  const versions = await readdir("/usr/lib/postgresql").catch(() => [] as string[]);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("PostgreSQL is not installed: apt-get install postgresql");
  return `/usr/lib/postgresql/${newest}/bin`;
}

/** Runs a PostgreSQL binary, as the `postgres` user when this process is root. */
function asPostgres(command: string, args: string[]) {
  if (process.getuid?.() !== 0) return run(command, args);
  const quoted = [command, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(" ");
  return run("su", ["postgres", "-s", "/bin/bash", "-c", quoted]);
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = await binaries();
  const dataDir = await mkdtemp(path.join(tmpdir(), "paxelbox-pg-"));
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    await chown(dataDir, Number(stdout), Number(group));
  }
  const port = await freePort();
  await asPostgres(path.join(bin, "initdb"), ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${tmpdir()} -c fsync=off`;
  await asPostgres(path.join(bin, "pg_ctl"), [
    "-D",
    dataDir,
    "-l",
    path.join(dataDir, "server.log"),
    "-w",
    "-o",
    options,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await asPostgres(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "stop"]).catch(
        () => undefined,
      );
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

if (import.meta.main) {
  const separator = process.argv.indexOf("--");
  const [command, ...args] = separator === -1 ? [] : process.argv.slice(separator + 1);
  if (!command) {
    console.error("usage: node scripts/postgres.ts -- <command…>");
    process.exit(2);
  }
  const server = await startPostgres();
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, DATABASE_URL: server.url } });
  const code = await new Promise<number>((resolve) =>
    child.once("exit", (exitCode) => resolve(exitCode ?? 1)),
  );
  await server.stop();
  process.exit(code);
}
