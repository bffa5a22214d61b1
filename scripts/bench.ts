/**
 * `npm run bench`: API load on loopback with autocannon, bounded in time. Measures the order-poll
 * call (the one every rent screen makes each 5 s) on PGlite and on a PostgreSQL server, unchanged
 * (304, the client holds the ETag) and in full (200), against a bare Fastify hello-world on the same
 * machine in the same run; prints each ratio beside its target, writes the figures into
 * docs/performance.md between the `bench` markers, and reports what misses its target (it exits non-zero only when something could not be measured; ADR 020).
 * Then the order screens' pushed changes: 5,000 open streams on one instance, its memory growth
 * (target ≤ 300 MB) and how soon a change reaches every stream of its order. Then the landing page
 * rendered by the server against the same HTML served as a static file (what a CDN copy saves,
 * ADR 021). Every load figure is the median of `BENCH_RUNS` runs (3), each `BENCH_SECONDS` long,
 * after a 2 s warm-up run that is not counted.
 *
 * `npm run bench -- --browser` instead measures pages in Chromium (layout shifts as the page loads
 * on a slow link, React commits after hydration, a pushed change's way to the screen:
 * `apps/web/e2e/measures`) against the web build,
 * and reports what misses its limit. Timing depends on the machine, so these are benchmarks, not
 * part of `npm test`.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freePort } from "./net.ts";
import { startPostgres } from "./postgres.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const runs = Number(process.env.BENCH_RUNS ?? 3);
if (process.argv.includes("--browser")) {
  const result = spawnSync(path.join(root, "node_modules/.bin/playwright"), ["test"], {
    cwd: path.join(root, "apps/web"),
    stdio: "inherit",
    env: { ...process.env, E2E_SET: "measures" },
  });
  process.exit(result.status ?? 1);
}

const children: ChildProcess[] = [];
const cleanups: (() => void)[] = [];

/** The machine the figures come from, as the docs record it. */
function machine(): string {
  const cores = cpus();
  return `${cores.length} × ${cores[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
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

/** A bare Fastify in its own process (`setup` registers its one route or plugin); its URL. */
async function bareFastify(workspace: string, setup: string): Promise<string> {
  const port = await freePort();
  const source = `import Fastify from "fastify"; const app = Fastify(); ${setup} await app.listen({ port: ${port}, host: "127.0.0.1" });`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", source], {
    cwd: path.join(root, workspace),
    stdio: "ignore",
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return url;
}

function helloWorld(): Promise<string> {
  return bareFastify("apps/api", `app.get("/", async () => ({ hello: "world" }));`);
}

interface Poll {
  url: string;
  headers: Record<string, string>;
  etag: string;
}

/** An API instance with demo data; `poll(language)` opens a rent for that language's demo member. */
interface Api {
  origin: string;
  /** The instance's resident memory now (bytes), as the kernel counts it. */
  rss: () => number;
  open: (language: "id" | "en") => Promise<Poll>;
  stop: () => void;
}

async function api(env: Record<string, string>): Promise<Api> {
  const port = await freePort();
  const child = spawnNode(["apps/api/src/server.ts"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    NODE_ENV: "test",
    // One token polls far beyond a person's 120 calls a minute: lift the limits, keep their counting.
    RATE_LIMIT_FACTOR: "100000",
    ...env,
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/healthz`);
  const open = async (language: "id" | "en"): Promise<Poll> => {
    const response = await fetch(`${origin}/api/demo/scenarios/rent-in-store?language=${language}`, {
      method: "POST",
    });
    const { data } = (await response.json()) as { data: { url: string } };
    const params = new URL(data.url, origin).searchParams;
    const url = `${origin}/api/v1/box/express/info/${params.get("orderid")}/paid`;
    const headers = { authorization: `Bearer ${params.get("token")}` };
    const etag = (await fetch(url, { headers })).headers.get("etag");
    if (!etag) throw new Error("the order poll sent no ETag");
    return { url, headers, etag };
  };
  const rss = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024;
  };
  // Each instance is measured alone: it stops before the next one starts.
  return { origin, rss, open, stop: () => child.kill("SIGKILL") };
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  /** p99 at a fixed 1,000 req/s; null when some answers were errors. */
  fixedP99: number | null;
  /** The least share of hello-world's req/s this target must reach, if it has one. */
  target?: number;
}

const connections = 50;

/**
 * p99 latency at a fixed `rate`, requests evenly spaced (autocannon's fixed rate sends each
 * connection's share in a burst at the start of every second, which measures bursts). Each request's
 * latency counts from when it was due, so a late generator is not forgiven either.
 */
async function pacedP99(url: string, headers: Record<string, string>, rate: number, expected: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = rate * Math.max(4, seconds / 2);
  const latencies: number[] = [];
  let wrong = 0;
  const requests: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
    requests.push(
      new Promise<void>((resolve) => {
        const request = http.get(url, { agent, headers }, (response) => {
          response.resume();
          response.on("end", () => {
            if (response.statusCode !== expected) wrong++;
            latencies.push(performance.now() - due);
            resolve();
          });
        });
        request.on("error", () => {
          wrong++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(requests);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return wrong === 0 ? Math.round(p99 * 10) / 10 : null;
}

/** The middle value (the lower middle of an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

async function run(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  expected = 200,
  target?: number,
  /** Also measure p99 at a fixed 1,000 req/s (pointless where the maximum is far below it). */
  paced = true,
): Promise<Result> {
  // A server in service is warm: a first 2 s run (JIT, caches, connections) is not counted.
  await autocannon({ url, headers, connections, duration: 2 });
  const rounds: { rps: number; p50: number; p99: number }[] = [];
  for (let round = 0; round < runs; round++) {
    const max = await autocannon({ url, headers, connections, duration: seconds });
    const wrong =
      (expected === 304 ? max["2xx"] + max["4xx"] + max["5xx"] : max.non2xx) + max.errors + max.timeouts;
    if (wrong > 0) throw new Error(`${name}: ${wrong} answers were not ${expected}`);
    rounds.push({ rps: max.requests.average, p50: max.latency.p50, p99: max.latency.p99 });
  }
  const fixed: (number | null)[] = [];
  if (paced)
    for (let round = 0; round < runs; round++) fixed.push(await pacedP99(url, headers, 1000, expected));
  return {
    name,
    rps: Math.round(median(rounds.map((round) => round.rps))),
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
    // A round with errors makes the figure an error.
    fixedP99: !paced || fixed.includes(null) ? null : median(fixed as number[]),
    ...(target !== undefined ? { target } : {}),
  };
}

/** The targets of the order poll (ADR 020): shares of hello-world, and p99 at 1,000 req/s. */
const unchangedShare = 0.4;
const fullShare = 0.1;
const fixedP99Ms = 25;

/** Both paths on one instance, each with its own member's token (each under its own call limit). */
async function polls(database: string, { open }: Api): Promise<Result[]> {
  const unchanged = await open("id");
  const full = await open("en");
  const results = [
    await run(
      `Order poll, unchanged (304), ${database}`,
      unchanged.url,
      { ...unchanged.headers, "if-none-match": unchanged.etag },
      304,
      unchangedShare,
    ),
    await run(`Order poll, full (200), ${database}`, full.url, full.headers, 200, fullShare),
  ];
  return results;
}

/** The push target (ADR 020): memory an instance grows by with 5,000 open order streams. */
const streamCount = 5000;
/** Streams per order: a token keeps at most 4 of one order open on an instance (security.md). */
const streamsPerOrder = 4;
const streamOrders = streamCount / streamsPerOrder;
const streamMemoryBytes = 300 * 2 ** 20;

interface StreamResult {
  database: string;
  growth: number;
  /** Milliseconds from a change's write answering until every stream of its order had it: median and max. */
  reachMedian: number;
  reachMax: number;
}

/** One open order stream: resolves `opened` at its first event; counts the events after. */
function openStream(url: string, token: string, agent: http.Agent) {
  let events = 0;
  const waiters: (() => void)[] = [];
  const opened = new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(url, {
      agent,
      headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
    });
    request.on("response", (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        const count = chunk.split("event: order").length - 1;
        if (count === 0) return;
        if (events === 0) resolve(request);
        events += count;
        for (const wake of waiters.splice(0)) wake();
      });
    });
    request.on("error", reject);
  });
  const nextEvent = (after: number) =>
    new Promise<void>((resolve) => {
      const check = () => (events > after ? resolve() : waiters.push(check));
      check();
    });
  return { opened, nextEvent, events: () => events };
}

/** 5,000 streams over 1,250 drop-off parcels on one instance, four each; then 10 of those orders changed. */
async function streams(database: string, instance: Api): Promise<StreamResult> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const orders: { id: string; token: string }[] = [];
  for (let index = 0; index < streamOrders; index++) {
    const language = index % 2 === 0 ? "id" : "en";
    const response = await fetch(
      `${instance.origin}/api/demo/scenarios/dropoff-in-store?language=${language}`,
      {
        method: "POST",
      },
    );
    const { data } = (await response.json()) as { data: { url: string } };
    const params = new URL(data.url, instance.origin).searchParams;
    orders.push({ id: params.get("orderid") ?? "", token: params.get("token") ?? "" });
  }
  const eventsOf = (id: string) => `${instance.origin}/api/v1/box/express/info/${id}/events`;
  // Warm: one stream per order, closed, so the baseline holds what any instance holds once it serves.
  for (const order of orders.slice(0, 10))
    (await openStream(eventsOf(order.id), order.token, agent).opened).destroy();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = instance.rss();
  const open: ReturnType<typeof openStream>[] = [];
  for (let batch = 0; batch < streamCount; batch += 250) {
    const opening = Array.from({ length: Math.min(250, streamCount - batch) }, (_, offset) => {
      const order = orders[(batch + offset) % orders.length]!;
      return openStream(eventsOf(order.id), order.token, agent);
    });
    await Promise.all(opening.map((stream) => stream.opened));
    open.push(...opening);
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const growth = instance.rss() - before;

  const reach: number[] = [];
  for (const [index, order] of orders.slice(0, 10).entries()) {
    const mine = open.filter((_, position) => position % orders.length === index);
    const seen = mine.map((stream) => stream.nextEvent(stream.events()));
    // The demo clock's write: the order's times move an hour back, which its answer shows.
    const response = await fetch(`${instance.origin}/api/demo/orders/${order.id}/advance`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ minutes: 60 }),
    });
    if (!response.ok) throw new Error(`advance ${order.id}: HTTP ${response.status}`);
    const written = performance.now();
    await Promise.all(seen);
    reach.push(performance.now() - written);
  }
  agent.destroy();
  for (const stream of open) void stream.opened.then((request) => request.destroy());
  reach.sort((a, b) => a - b);
  return {
    database,
    growth,
    reachMedian: Math.round(reach[Math.floor(reach.length / 2)] ?? Number.NaN),
    reachMax: Math.round(reach.at(-1) ?? Number.NaN),
  };
}

/**
 * The landing page as `npm start` renders it for each request (web app and API in one process, on
 * PGlite; its loaders ask the API over loopback), against the same HTML, taken from it once, served
 * as a static file by a bare Fastify: what a shared cache's copy saves (ADR 021).
 */
async function landing(): Promise<Result[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "paxelbox-bench-web-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const system = spawnNode(["scripts/start.ts"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_FACTOR: "100000",
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/readyz`);
  const page = await fetch(`${origin}/`);
  if (!/s-maxage/.test(page.headers.get("cache-control") ?? ""))
    throw new Error("/ is not sent for a shared cache");
  writeFileSync(path.join(dataDir, "index.html"), await page.text());
  const staticUrl = await bareFastify(
    "apps/web",
    `const { default: fastifyStatic } = await import("@fastify/static"); await app.register(fastifyStatic, { root: ${JSON.stringify(dataDir)} });`,
  );
  const results = [
    await run("Landing page /, server-rendered", `${origin}/`, {}, 200, undefined, false),
    await run("Landing page /, the same HTML as a static file", staticUrl, {}, 200, undefined, false),
  ];
  system.kill("SIGKILL");
  return results;
}

try {
  const results: Result[] = [];
  results.push(await run("Fastify hello-world", await helloWorld()));
  const dataDir = mkdtempSync(path.join(tmpdir(), "paxelbox-bench-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const pushed: StreamResult[] = [];
  const pglite = await api({ DATA_DIR: dataDir });
  results.push(...(await polls("PGlite", pglite)));
  pushed.push(await streams("PGlite", pglite));
  pglite.stop();
  const server = await startPostgres().catch((error: unknown) => {
    console.error(`No PostgreSQL server (${error instanceof Error ? error.message : error}): PGlite only.`);
    return null;
  });
  if (server) {
    cleanups.push(() => void server.stop());
    const instance = await api({ DATABASE_URL: server.url });
    results.push(...(await polls("PostgreSQL", instance)));
    pushed.push(await streams("PostgreSQL", instance));
    instance.stop();
  }
  const pages = await landing();
  const hello = results[0]?.rps ?? 1;
  const missed: string[] = [];
  const row = (r: Result) => {
    const share = r.rps / hello;
    const shareOk = r.target === undefined || share >= r.target;
    const p99Ok = r.target === undefined || (r.fixedP99 !== null && r.fixedP99 < fixedP99Ms);
    if (!shareOk)
      missed.push(`${r.name}: ${(share * 100).toFixed(1)} % of hello-world, target ${r.target! * 100} %`);
    if (!p99Ok)
      missed.push(`${r.name}: p99 ${r.fixedP99 ?? "errors"} ms at 1,000 req/s, target < ${fixedP99Ms} ms`);
    const target = r.target === undefined ? "" : ` (≥ ${r.target * 100} %)`;
    const fixed = `${r.fixedP99 ?? "errors"}${r.target === undefined ? "" : ` (< ${fixedP99Ms})`}`;
    return `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${(share * 100).toFixed(1)} %${target} | ${fixed} |`;
  };
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()} (median of ${runs} runs of ${seconds} s each after a 2 s warm-up, ${connections} connections, loopback; the last column at a fixed 1,000 req/s; targets in brackets).`,
    "",
    "| Target | req/s | p50 ms | p99 ms | % of hello-world | p99 ms at 1,000 req/s |",
    "|---|---:|---:|---:|---:|---:|",
    ...results.map(row),
    "",
    `Order streams (pushed changes): ${streamCount.toLocaleString("en")} open on one instance over ${streamOrders.toLocaleString("en")} orders; memory is the instance's resident set, before and with them open; reach is from a change's answer until every stream of that order had it (10 orders).`,
    "",
    "| Database | memory growth (≤ 300 MB) | per stream | reach median ms | reach max ms |",
    "|---|---:|---:|---:|---:|",
    ...pushed.map((p) => {
      if (p.growth > streamMemoryBytes)
        missed.push(
          `${p.database}: ${streamCount} streams grew memory by ${Math.round(p.growth / 2 ** 20)} MB, target ≤ 300 MB`,
        );
      return `| ${p.database} | ${Math.round(p.growth / 2 ** 20)} MB | ${Math.round(p.growth / streamCount / 1024)} KB | ${p.reachMedian} | ${p.reachMax} |`;
    }),
    "",
    "The landing page (`/`, Indonesian, no cookie): rendered by the server for every request (`npm start`, PGlite), and the same HTML served as a static file, which is what a shared cache's copy costs (ADR 021).",
    "",
    "| Page | req/s | p50 ms | p99 ms | % of static |",
    "|---|---:|---:|---:|---:|",
    ...pages.map(
      (p) =>
        `| ${p.name} | ${p.rps} | ${p.p50} | ${p.p99} | ${Math.round((p.rps / (pages[1]?.rps || 1)) * 1000) / 10} % |`,
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
  // Timing depends on the machine: a missed target is reported, and the exit code stays 0 (only an
  // error, which ends the run before this point, makes it non-zero), as `npm run audit` does.
  if (missed.length > 0) {
    console.warn(`\nTargets missed (reported, not a gate):\n${missed.map((line) => `  ${line}`).join("\n")}`);
  } else {
    console.log("\nTargets: all met.");
  }
} finally {
  for (const child of children) child.kill("SIGKILL");
  for (const cleanup of cleanups) cleanup();
}
