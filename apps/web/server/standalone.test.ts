import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitDeadlineMilliseconds, registerProbes } from "./standalone.ts";

/**
 * The web server deployed alone stops as the API does: a process (a real SIGTERM reaches it) with
 * a page in flight, held by a slow API, finishes that page, then exits 0 within the deadline.
 */

const entry = path.join(import.meta.dirname, "../test/standalone-instance.ts");

/** An API whose answers wait until the test releases them; `received` resolves at its first call. */
function slowApi() {
  const held: http.ServerResponse[] = [];
  let received: () => void = () => {};
  const firstCall = new Promise<void>((resolve) => {
    received = resolve;
  });
  const server = http.createServer((_request, response) => {
    held.push(response);
    received();
  });
  return {
    server,
    firstCall,
    release() {
      for (const response of held.splice(0)) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ code: 200, data: "from the API" }));
      }
    },
  };
}

interface Instance {
  child: ChildProcess;
  origin: string;
  /** Its log, one JSON object a line. */
  log: { level: number; msg?: string; signal?: string }[];
  exited: Promise<number | null>;
}

async function startInstance(apiOrigin: string): Promise<Instance> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    API_INTERNAL_URL: apiOrigin,
    NODE_ENV: "production",
  };
  const child = spawn(process.execPath, [entry], { env, stdio: ["ignore", "pipe", "inherit"] });
  const log: Instance["log"] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const origin = await new Promise<string>((resolve, reject) => {
    let pending = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        const entry = JSON.parse(line) as Instance["log"][number];
        log.push(entry);
        const url = /Server listening at (\S+)/.exec(entry.msg ?? "")?.[1];
        if (url) resolve(url);
      }
    });
    exited.then((code) => reject(new Error(`the web server exited with ${code} before it served`)));
  });
  return { child, origin, log, exited };
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** A GET on a connection of its own, given up after 5 s. */
function get(origin: string, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(url, origin), { agent: false, signal: AbortSignal.timeout(5_000) }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("error", reject);
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
        );
      })
      .on("error", reject);
  });
}

/** Whether a new connection is accepted (`connected`) or refused (its error code). */
function connectOutcome(origin: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `predicate` holds, polled; rejects after `ms`. */
async function until(predicate: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe("the web server alone", () => {
  const api = slowApi();
  let apiOrigin = "";
  let instance: Instance | undefined;

  beforeAll(async () => {
    await new Promise<void>((resolve) => api.server.listen(0, "127.0.0.1", resolve));
    apiOrigin = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (instance && instance.child.exitCode === null) instance.child.kill("SIGKILL");
    api.server.closeAllConnections();
    await new Promise((resolve) => api.server.close(resolve));
  });

  it("answers its probes, then on SIGTERM finishes the page in flight, is not ready, and exits 0 within 10 s", {
    timeout: 60_000,
  }, async () => {
    instance = await startInstance(apiOrigin);
    const { origin, log, child, exited } = instance;

    const alive = await get(origin, "/healthz");
    expect(alive.status).toBe(200);
    expect(JSON.parse(alive.body)).toEqual({ code: 200, data: { status: "ok" } });
    expect((await get(origin, "/readyz")).status).toBe(200);

    // A page whose loader waits for the slow API, on a connection of its own.
    const page = get(origin, "/services");
    // Awaited below; a failure before then is that assertion's, not an unhandled rejection.
    page.catch(() => undefined);
    await api.firstCall;
    // A probe on a connection that is in use when the signal comes (its request begun, not ended),
    // as a load balancer's kept-alive probe can be: readiness is asked once shutdown began.
    const probe = net.connect(Number(new URL(origin).port), "127.0.0.1");
    let probeAnswer = "";
    probe.setEncoding("utf8").on("data", (chunk: string) => {
      probeAnswer += chunk;
    });
    const probeClosed = new Promise((resolve) => probe.once("close", resolve));
    await new Promise((resolve) => probe.once("connect", resolve));
    probe.write("GET /readyz HTTP/1.1\r\nHost: web\r\n");
    await sleep(100);

    const signalAt = performance.now();
    child.kill("SIGTERM");
    await until(() => log.some((line) => line.msg === "shutting down"), 5_000, "the shutdown log");
    expect(await connectOutcome(origin)).toBe("ECONNREFUSED");
    probe.write("\r\n");
    await probeClosed;
    expect(probeAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(probeAnswer).toMatch(/\r\nretry-after: 1\r\n/i);
    expect(probeAnswer).toMatch(/\r\nconnection: close\r\n/i);
    expect(probeAnswer).toContain('"key":"shuttingDown"');

    // The API answers a second after the signal; the page still gets its whole answer.
    await sleep(1_000);
    api.release();
    const answered = await page;
    expect(answered.status).toBe(200);
    expect(answered.body).toContain("<p>from the API</p></html>");
    expect(answered.connection).toBe("close");

    const code = await Promise.race([exited, sleep(exitDeadlineMilliseconds + 2_000).then(() => "running")]);
    const exitedAfter = performance.now() - signalAt;
    expect(code).toBe(0);
    expect(exitedAfter).toBeLessThan(exitDeadlineMilliseconds);
    expect(log.find((line) => line.msg === "shutting down")?.signal).toBe("SIGTERM");
    expect(log.some((line) => line.msg === "stopped")).toBe(true);
  });
});

describe("the web server's probes", () => {
  it("say ready until shutdown begins, then 503 shuttingDown with Retry-After, and ask clients to close", async () => {
    const app = Fastify();
    const shutdown = registerProbes(app);
    try {
      const ready = await app.inject({ url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ code: 200, data: { status: "ok" } });
      expect(ready.headers.connection).not.toBe("close");

      shutdown.begin();
      const draining = await app.inject({ url: "/readyz" });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ code: 503, key: "shuttingDown" });
      expect(draining.headers["retry-after"]).toBe("1");
      expect(draining.headers.connection).toBe("close");
      // Still alive: liveness never follows readiness (the process would be restarted mid-drain).
      const alive = await app.inject({ url: "/healthz" });
      expect(alive.statusCode).toBe(200);
      expect(alive.headers.connection).toBe("close");
    } finally {
      await app.close();
    }
  });

  it("begin when the server closes", async () => {
    const app = Fastify();
    const shutdown = registerProbes(app);
    await app.ready();
    await app.close();
    expect(shutdown.begun).toBe(true);
  });
});
