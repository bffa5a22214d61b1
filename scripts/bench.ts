/**
 * `npm run bench`: API load on loopback with autocannon, bounded in time. Measures the order-poll
 * call (the one every rent screen makes each 5 s) on PGlite and on a PostgreSQL server, and a bare
 * Fastify hello-world on the same machine in the same run, then writes the figures into
 * docs/performance.md between the `bench` markers.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const children: ChildProcess[] = [];
const cleanups: (() => void)[] = [];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

function spawnNode(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "ignore",
  });
  children.push(child);
  return child;
}

async function helloWorld(): Promise<string> {
  const port = await freePort();
  const source = `import Fastify from "fastify"; const app = Fastify(); app.get("/", async () => ({ hello: "world" })); await app.listen({ port: ${port}, host: "127.0.0.1" });`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", source], {
    cwd: path.join(root, "apps/api"),
    stdio: "ignore",
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return url;
}

async function api(env: Record<string, string>): Promise<{ url: string; headers: Record<string, string> }> {
  const port = await freePort();
  spawnNode(["apps/api/src/server.ts"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    // One token polls far beyond a person's 120 calls a minute: lift the limits, keep their queries.
    RATE_LIMIT_FACTOR: "1000",
    ...env,
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/healthz`);
  const response = await fetch(`${origin}/api/demo/scenarios/rent-in-store`, { method: "POST" });
  const { data } = (await response.json()) as { data: { url: string } };
  const orderid = new URL(data.url, origin).searchParams.get("orderid");
  return {
    url: `${origin}/api/v1/box/express/info/${orderid}/paid`,
    headers: { authorization: "Bearer demo-token-budi" },
  };
}

function postgres(): string | null {
  try {
    const bin = path.dirname(
      execFileSync("readlink", ["-f", execFileSync("which", ["initdb"]).toString().trim()])
        .toString()
        .trim(),
    );
    const dir = mkdtempSync(path.join(tmpdir(), "paxelbox-bench-pg-"));
    const asPostgres = (command: string) =>
      process.getuid?.() === 0
        ? execFileSync("su", ["postgres", "-s", "/bin/bash", "-c", command], { stdio: "ignore" })
        : execFileSync("bash", ["-c", command], { stdio: "ignore" });
    execFileSync("chown", ["postgres:postgres", dir]);
    asPostgres(`'${bin}/initdb' -D '${dir}' -A trust -U postgres --no-sync`);
    const port = 55000 + Math.floor(Math.random() * 400);
    asPostgres(
      `'${bin}/pg_ctl' -D '${dir}' -l '${dir}/log' -w -o "-c listen_addresses=127.0.0.1 -p ${port} -k /tmp" start`,
    );
    cleanups.push(() => {
      asPostgres(`'${bin}/pg_ctl' -D '${dir}' -m fast stop`);
      rmSync(dir, { recursive: true, force: true });
    });
    return `postgres://postgres@127.0.0.1:${port}/postgres`;
  } catch {
    return null;
  }
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  fixedP99: number | null;
}

async function run(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const max = await autocannon({ url, headers, connections: 20, duration: seconds });
  const fixed = await autocannon({
    url,
    headers,
    connections: 20,
    duration: Math.max(4, seconds / 2),
    overallRate: 1000,
  });
  return {
    name,
    rps: Math.round(max.requests.average),
    p50: max.latency.p50,
    p99: max.latency.p99,
    fixedP99: fixed.non2xx === 0 ? fixed.latency.p99 : null,
  };
}

try {
  const results: Result[] = [];
  results.push(await run("Fastify hello-world", await helloWorld()));
  const dataDir = mkdtempSync(path.join(tmpdir(), "paxelbox-bench-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const pglite = await api({ DATA_DIR: dataDir });
  results.push(await run("Order poll, PGlite", pglite.url, pglite.headers));
  const databaseUrl = postgres();
  if (databaseUrl) {
    const server = await api({ DATABASE_URL: databaseUrl });
    results.push(await run("Order poll, PostgreSQL", server.url, server.headers));
  }
  const hello = results[0]?.rps ?? 1;
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${seconds} s each, 20 connections, loopback; fixed rate 1,000 req/s for the last column).`,
    "",
    "| Target | req/s | p50 ms | p99 ms | % of hello-world | p99 ms at 1,000 req/s |",
    "|---|---:|---:|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${Math.round((r.rps / hello) * 100)} % | ${r.fixedP99 ?? "errors"} |`,
    ),
  ];
  console.log(lines.join("\n"));
  const file = path.join(root, "docs/performance.md");
  let doc = "";
  try {
    doc = readFileSync(file, "utf8");
  } catch {
    doc = "# Performance\n";
  }
  const block = `<!-- bench:start -->\n${lines.join("\n")}\n<!-- bench:end -->`;
  doc = doc.includes("<!-- bench:start -->")
    ? doc.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, block)
    : `${doc.trimEnd()}\n\n## API load (npm run bench)\n\n${block}\n`;
  writeFileSync(file, doc);
} finally {
  for (const child of children) child.kill("SIGKILL");
  for (const cleanup of cleanups) cleanup();
}
