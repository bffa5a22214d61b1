import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { calls, fillPath } from "@paxelbox/contract";
import { afterAll, describe, expect, it } from "vitest";

/**
 * A rolling restart loses no request: an instance of the composition root (a child process, so a
 * real SIGTERM reaches it) is stopped in the middle of a burst of order polls, the call every open
 * rent screen makes. Requests it had taken all get their full answer; the client then finds its
 * connections closed or refused and, as a load balancer would, retries on a second instance.
 */

const entry = path.join(import.meta.dirname, "test-instance.ts");
const auth = { authorization: "Bearer demo-token-budi" };
const pollers = 12;

interface Instance {
  child: ChildProcess;
  port: number;
  /** Its log, one JSON object a line. */
  log: { level: number; msg?: string }[];
  exited: Promise<number | null>;
}

const started: Instance[] = [];
afterAll(() => {
  for (const instance of started) if (instance.child.exitCode === null) instance.child.kill("SIGKILL");
});

async function startInstance(): Promise<Instance> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: "memory://",
    NODE_ENV: "test",
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
    RATE_LIMIT_FACTOR: "1000",
  };
  delete env.DATABASE_URL;
  delete env.API_INTERNAL_URL;
  const child = spawn(process.execPath, [entry], { env, stdio: ["ignore", "pipe", "inherit"] });
  const log: Instance["log"] = [];
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let pending = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const url = /PaxelBox is running at (\S+)/.exec(line)?.[1];
        if (url) resolve(Number(new URL(url).port));
        else if (line.startsWith("{")) log.push(JSON.parse(line) as Instance["log"][number]);
      }
    });
    exited.then((code) => reject(new Error(`the instance exited with ${code} before it served`)));
  });
  const instance = { child, port, log, exited };
  started.push(instance);
  return instance;
}

interface Outcome {
  /** The whole answer arrived: a status and, for 200, a complete `{ code: 200, data }` body. */
  status?: number;
  complete?: boolean;
  connection?: string;
  retryAfter?: string;
  /** ECONNREFUSED, ECONNRESET…: no answer. */
  error?: string;
  sentAt: number;
  answeredAt: number;
}

function get(agent: http.Agent, port: number, url: string, headers: Record<string, string> = {}) {
  return new Promise<Outcome>((resolve) => {
    const sentAt = performance.now();
    const fail = (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, sentAt, answeredAt: performance.now() });
    const request = http.request({ host: "127.0.0.1", port, path: url, agent, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("error", fail);
      response.on("end", () => {
        let complete = false;
        try {
          complete = (JSON.parse(body) as { code: number }).code === response.statusCode;
        } catch {
          // cut short
        }
        resolve({
          status: response.statusCode,
          complete,
          connection: response.headers.connection,
          retryAfter: response.headers["retry-after"],
          sentAt,
          answeredAt: performance.now(),
        });
      });
    });
    request.on("error", fail);
    request.end();
  });
}

/** No answer, or a 503 that says when to try again: another instance should take the request. */
const retriable = (outcome: Outcome) =>
  outcome.error !== undefined || (outcome.status === 503 && outcome.retryAfter !== undefined);

/** Whether a new connection to this port is refused. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function rentOrderPath(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/demo/scenarios/rent-in-store`, {
    method: "POST",
  });
  const { data } = (await response.json()) as { data: { url: string } };
  const orderid = new URL(data.url, "http://x").searchParams.get("orderid") ?? "";
  return fillPath(calls.orderDetail.path, { orderid });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("graceful shutdown", () => {
  it("answers every request it took before SIGTERM, refuses new ones and exits 0 within 10 s", {
    timeout: 180_000,
  }, async () => {
    const [a, b] = await Promise.all([startInstance(), startInstance()]);
    if (!a || !b) throw new Error("two instances expected");
    const [pathA, pathB] = await Promise.all([rentOrderPath(a.port), rentOrderPath(b.port)]);
    const agentA = new http.Agent({ keepAlive: true, maxSockets: pollers });
    const agentB = new http.Agent({ keepAlive: true, maxSockets: pollers });

    const polls: { first: Outcome; retried?: Outcome }[] = [];
    const readiness: Outcome[] = [];
    let stop = false;
    let refusedProbe: Promise<string> | undefined;
    const poller = async () => {
      while (!stop) {
        const first = await get(agentA, a.port, pathA, auth);
        const poll: (typeof polls)[number] = { first };
        polls.push(poll);
        // The first `connection: close` means shutdown began: no new connection may be accepted now.
        if (first.connection === "close") refusedProbe ??= connectOutcome(a.port);
        if (retriable(first)) poll.retried = await get(agentB, b.port, pathB, auth);
      }
    };
    const readinessProbe = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!stop) {
        const outcome = await get(agent, a.port, "/readyz");
        readiness.push(outcome);
        if (outcome.error) return;
        await sleep(5);
      }
    };
    // Slow requests (400 ms) are in flight whenever the signal comes.
    const slow: Outcome[] = [];
    const slowPoller = async () => {
      while (!stop) {
        const outcome = await get(agentA, a.port, "/slow");
        slow.push(outcome);
        if (outcome.connection === "close") refusedProbe ??= connectOutcome(a.port);
        if (retriable(outcome)) return;
      }
    };
    const running = [
      ...Array.from({ length: pollers }, poller),
      slowPoller(),
      slowPoller(),
      readinessProbe(),
    ];

    // Polls flow (a loaded machine may take a while to answer the first ones), then the signal.
    const warmUp = Date.now() + 60_000;
    while (polls.filter(({ first }) => first.status === 200).length < 2 * pollers && Date.now() < warmUp) {
      await sleep(50);
    }
    const signalAt = performance.now();
    a.child.kill("SIGTERM");
    const code = await Promise.race([a.exited, sleep(15_000).then(() => "still running")]);
    const exitedAfter = performance.now() - signalAt;
    await sleep(300);
    stop = true;
    await Promise.all(running);
    agentA.destroy();
    agentB.destroy();
    b.child.kill("SIGTERM");
    expect(await b.exited).toBe(0);

    // Answered after the signal, sent before it: in flight when it came.
    const inFlight = polls.filter(
      ({ first }) => first.sentAt < signalAt && first.answeredAt > signalAt && first.status !== undefined,
    );
    console.log(
      `polls: ${polls.length}, in flight at SIGTERM: ${inFlight.length}, retried: ${polls.filter((p) => p.retried).length} (${polls.filter((p) => p.first.error && p.first.sentAt < signalAt).length} sent before the signal; ${[...new Set(polls.map((p) => p.first.error).filter(Boolean))].join(", ")}), readiness 503 seen: ${readiness.some((r) => r.status === 503)}, exit after ${Math.round(exitedAfter)} ms`,
    );
    expect(code).toBe(0);
    expect(exitedAfter).toBeLessThan(10_000);
    // Not vacuous: requests were being served when the signal came; every one got its full 200.
    expect(polls.filter(({ first }) => first.answeredAt < signalAt).length).toBeGreaterThanOrEqual(
      2 * pollers,
    );
    expect(inFlight.length).toBeGreaterThan(0);
    expect(
      slow.filter((o) => o.sentAt < signalAt && o.answeredAt > signalAt && o.status === 200).length,
    ).toBeGreaterThan(0);
    const answeredByA = [...polls.map(({ first }) => first), ...slow].filter(
      (outcome) => outcome.status !== undefined,
    );
    expect(answeredByA.filter((outcome) => outcome.status !== 200 || !outcome.complete)).toEqual([]);
    // Responses once shutdown began sent the clients elsewhere; the listener was closed by then.
    expect(answeredByA.some((outcome) => outcome.connection === "close")).toBe(true);
    expect(await refusedProbe).toBe("ECONNREFUSED");
    // After the signal the client retried on the other instance, and every poll ended in a full 200.
    expect(polls.filter((poll) => poll.retried).length).toBeGreaterThan(0);
    const failed = polls.filter(({ first, retried }) => {
      const final = retried ?? first;
      return final.status !== 200 || !final.complete;
    });
    expect(failed).toEqual([]);
    // Readiness went off once shutdown began, whenever a probe saw it.
    for (const outcome of readiness.filter((entry) => entry.status === 503)) {
      expect(outcome.connection).toBe("close");
    }
    // The instance logged its shutdown, no error, and did not need the deadline.
    expect(a.log.some((line) => line.msg === "shutting down")).toBe(true);
    expect(a.log.filter((line) => line.level >= 50)).toEqual([]);
    expect(a.log.some((line) => line.msg?.startsWith("closing the connections still open"))).toBe(false);
  });
});
