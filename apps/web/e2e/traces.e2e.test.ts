import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "./support/fixtures.ts";

/**
 * OpenTelemetry traces of the whole system (`npm start` with `OTEL_EXPORTER_OTLP_ENDPOINT`), read by a
 * small OTLP/HTTP receiver: one order poll (HTTP → database) and one web-view page render (web
 * server → API → database) each form one trace, and no span carries a token.
 */

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

const serverKind = 2;
const clientKind = 3;
const root = path.resolve(import.meta.dirname, "../../..");

const spans: Span[] = [];
let receiver: http.Server;
let system: ChildProcess;
let baseUrl = "";
let dataDir = "";
/** What the system printed (its stdout and stderr). */
let output = "";

function attributeValue(value: Record<string, unknown>): unknown {
  return value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
}

/** Collects the spans of every `POST /v1/traces` (OTLP/HTTP, JSON encoding). */
function startReceiver(): Promise<string> {
  receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      if (request.url === "/v1/traces") {
        const payload = JSON.parse(body) as {
          resourceSpans: {
            scopeSpans: {
              spans: (Omit<Span, "attributes"> & {
                attributes?: { key: string; value: Record<string, unknown> }[];
              })[];
            }[];
          }[];
        };
        for (const resource of payload.resourceSpans)
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans)
              spans.push({
                ...span,
                attributes: Object.fromEntries(
                  (span.attributes ?? []).map((a) => [a.key, attributeValue(a.value)]),
                ),
              });
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`),
    ),
  );
}

// One system for the file, stopped by its last test: the tests run in order, in one worker.
describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const endpoint = await startReceiver();
  dataDir = await mkdtemp(path.join(tmpdir(), "paxelbox-traces-"));
  // Not the browser tests' own system: this one publishes its own address to its web server.
  const { API_INTERNAL_URL: _, ...env } = process.env;
  system = spawn(process.execPath, ["scripts/start.ts"], {
    cwd: root,
    env: {
      ...env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "100",
      OTEL_SERVICE_NAME: "paxelbox-traces-test",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  baseUrl = await new Promise<string>((resolve, reject) => {
    system.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    system.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });

    system.once("exit", (code) => reject(new Error(`the system exited (${code}) before it ran:\n${output}`)));
  });
});

test.afterAll(async () => {
  if (system && system.exitCode === null) {
    const exited = new Promise((resolve) => system.once("exit", resolve));
    system.kill("SIGTERM");
    await exited;
  }
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function scenario(id: string): Promise<{ url: string; orderId: string; token: string }> {
  const response = await fetch(`${baseUrl}/api/demo/scenarios/${id}`, { method: "POST" });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { url: string } };
  const params = new URL(data.url, baseUrl).searchParams;
  return { url: data.url, orderId: params.get("orderid") ?? "", token: params.get("token") ?? "" };
}

/** Every span of the trace `traceId`, once the spans matching `ready` have arrived. */
async function traceOf(traceId: string, ready: (trace: Span[]) => boolean): Promise<Span[]> {
  let trace: Span[] = [];
  await expect
    .poll(
      () => {
        trace = spans.filter((span) => span.traceId === traceId);
        return ready(trace);
      },
      { timeout: 15_000, intervals: [100] },
    )
    .toBe(true);
  return trace;
}

/** Whether `span` descends from `ancestor` within `trace`. */
function descendsFrom(span: Span, ancestor: Span, trace: Span[]): boolean {
  let current: Span | undefined = span;
  while (current?.parentSpanId) {
    if (current.parentSpanId === ancestor.spanId) return true;
    const parentId: string = current.parentSpanId;
    current = trace.find((candidate) => candidate.spanId === parentId);
  }
  return false;
}

function serverSpan(match: (path: string) => boolean): Span | undefined {
  return spans.find(
    (span) =>
      span.kind === serverKind &&
      match(String(span.attributes["url.path"] ?? span.attributes["http.target"] ?? "")),
  );
}

describe("traces (OTLP)", () => {
  test("an order poll is one trace: the HTTP request and the database queries under it", async () => {
    const order = await scenario("rent-in-store");
    const pollPath = `/api/v1/box/express/info/${order.orderId}/paid`;
    const response = await fetch(`${baseUrl}${pollPath}`, {
      headers: { authorization: `Bearer ${order.token}` },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();

    await expect.poll(() => serverSpan((p) => p === pollPath), { timeout: 15_000 }).toBeDefined();
    const request = serverSpan((p) => p === pollPath) as Span;
    const trace = await traceOf(request.traceId, (t) =>
      t.some((s) => s.attributes["db.system.name"] === "postgresql"),
    );
    const queries = trace.filter((span) => span.attributes["db.system.name"] === "postgresql");
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(descendsFrom(query, request, trace)).toBe(true);
    // Fastify's span names the route pattern, not the address.
    expect(
      trace.some((span) => span.attributes["http.route"] === "/api/v1/box/express/info/:orderid/paid"),
    ).toBe(true);
  });

  test("a web-view page render is one trace: the web server, its calls to the API and the API's queries", async () => {
    const rent = await scenario("rent-in-store");
    const page = await fetch(new URL(rent.url, baseUrl));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");

    await expect.poll(() => serverSpan((p) => p === "/order-status"), { timeout: 15_000 }).toBeDefined();
    const render = serverSpan((p) => p === "/order-status") as Span;
    const trace = await traceOf(render.traceId, (t) =>
      t.some((s) => s.kind === serverKind && String(s.attributes["url.path"]).startsWith("/api/")),
    );
    const calls = trace.filter(
      (span) => span.kind === clientKind && String(span.attributes["url.path"]).startsWith("/api/"),
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(descendsFrom(call, render, trace)).toBe(true);
    // The API's side of a loader call continues the web server's trace (`traceparent` propagated).
    const apiRequests = trace.filter(
      (span) => span.kind === serverKind && String(span.attributes["url.path"]).startsWith("/api/"),
    );
    expect(apiRequests.some((request) => calls.some((call) => request.parentSpanId === call.spanId))).toBe(
      true,
    );
    expect(trace.some((span) => span.attributes["db.system.name"] === "postgresql")).toBe(true);
  });

  test("no span carries a token or a query's parameter values", async () => {
    const rent = await scenario("rent-to-store");
    // Read to the end: a response left unread would still be in flight when the last test stops the system.
    await (await fetch(new URL(rent.url, baseUrl))).text();
    await expect
      .poll(
        () =>
          spans.some(
            (span) =>
              span.attributes["url.query"]?.toString().includes("REDACTED") ||
              String(span.attributes["url.query"] ?? "").includes("[redacted]"),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    const recorded = JSON.stringify(spans);
    expect(recorded).not.toContain(rent.token);
  });

  test("no span carries a payment return's or pick-up QR's id, a verify token or an escaped token", async () => {
    const paymentId = "PAYtracesZ9x8c7v6b5";
    const barcodeId = "tracesBarcodeQ1w2E3r4";
    const secrets = [paymentId, barcodeId, "tracesVerifySecret42", "tracesEscapedSecret42"];
    const addresses = [
      `/api/v1/payments/${paymentId}/return?order_id=${paymentId}`,
      `/ebox/api/v1/barcode/paxelbox/${barcodeId}`,
      "/api/v1/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=tracesVerifySecret42&hub.challenge=1",
      "/api/webview/v1/members/auth?%74oken=tracesEscapedSecret42",
    ];
    for (const address of addresses) {
      await (await fetch(new URL(address, baseUrl), { redirect: "manual" })).text();
    }
    const prefixes = ["/api/v1/payments/", "/ebox/api/v1/barcode/", "/api/v1/notifications/whatsapp/webhook"];
    await expect
      .poll(() => prefixes.every((prefix) => serverSpan((p) => p.startsWith(prefix))), { timeout: 15_000 })
      .toBe(true);
    // Each secret's places, named `span name: attribute` (an event's attributes too).
    const places = (secret: string) =>
      spans.flatMap((span) =>
        Object.entries(span.attributes)
          .filter(([, value]) => String(value).includes(secret))
          .map(([key]) => `${span.name}: ${key}`)
          .concat(
            JSON.stringify(span).includes(secret) && !JSON.stringify(span.attributes).includes(secret)
              ? [`${span.name}: (events)`]
              : [],
          ),
      );
    for (const secret of secrets) expect(places(secret), secret).toEqual([]);
  });

  test("stops cleanly on SIGTERM when the collector is gone, with spans still queued", async () => {
    test.setTimeout(20_000);
    await new Promise((resolve) => receiver.close(resolve));
    const order = await scenario("rent-to-store");
    expect(order.token).not.toBe("");
    const exited = new Promise<number | null>((resolve) => system.once("exit", resolve));
    const signalled = Date.now();
    system.kill("SIGTERM");
    // On a failure, the system's last words say which step of the shutdown took the time.
    expect(await exited, output.slice(-3000)).toBe(0);
    // Within the shutdown's 10 s, however long the exporter would go on retrying.
    expect(Date.now() - signalled, output.slice(-3000)).toBeLessThan(10_000);
    expect(output).not.toMatch(/Unhandled|triggerUncaughtException/);
  });
});
