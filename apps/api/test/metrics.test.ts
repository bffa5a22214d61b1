import { readFileSync } from "node:fs";
import path from "node:path";
import { calls } from "@paxelbox/contract";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config.ts";
import { type MetricsServer, serveMetrics } from "../src/plugins/metrics.ts";
import { webVitalsLimit } from "../src/routes/web-vitals.ts";
import { budi, call, http, lockerOrderBody, ok, scenario, useApp, useServer } from "./helpers.ts";

/**
 * Prometheus metrics: every series the operations guide lists is there after a few calls, with
 * values that follow what was done, and only on the metrics port.
 */
const app = useApp({
  PAYMENT_RECONCILE_AGE: "1",
  PAYMENT_RECONCILE_INTERVAL: "1",
  SANDBOX_NOTIFICATIONS: "off",
});
let metricsServer: MetricsServer | undefined;
beforeAll(async () => {
  metricsServer = await serveMetrics(app(), { host: "127.0.0.1", port: 0 });
});
const origin = useServer(app);

async function scrape(): Promise<string> {
  const response = await fetch(metricsServer?.url ?? "");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one sample, `undefined` when the series has no such sample. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const orderPoll = "/api/v1/box/express/info/:orderid/paid";

describe("Prometheus metrics", () => {
  it("are served on the metrics port only, never on the API's own", async () => {
    expect(metricsServer?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await app().inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    expect((await fetch(`${origin()}/metrics`)).status).toBe(404);
    expect((await fetch(new URL("/", metricsServer?.url))).status).toBe(404);
  });

  it("list every series with values that follow the calls made", async () => {
    // An order poll, twice: the route pattern is the label, never the order's address.
    const orderid = Number((await scenario(app(), "rent-in-store")).get("orderid"));
    for (let i = 0; i < 2; i++) {
      ok(calls.orderDetail, await call(app(), calls.orderDetail, { params: { orderid }, token: budi }));
    }
    // A kiosk scan the locker accepts, and one it refuses.
    const order = ok(
      calls.orderDetail,
      await call(app(), calls.orderDetail, { params: { orderid }, token: budi }),
    );
    const qr = ok(
      calls.temporaryQr,
      await call(app(), calls.temporaryQr, { body: { expressNumber: order.expressNumber }, token: budi }),
    );
    expect(
      ok(calls.kioskScan, await call(app(), calls.kioskScan, { body: { code: qr.temporaryQrcode } })).action,
    ).toBe("open");
    expect((await call(app(), calls.kioskScan, { body: { code: "PXB-O-UNKNOWN" } })).statusCode).toBe(404);
    // Web Vitals beacons until the limit refuses one.
    const beacon = {
      route: "/order-status/action",
      metrics: [
        { name: "LCP", value: 1800, rating: "good", navigationType: "navigate" },
        { name: "CLS", value: 0.12, rating: "needs-improvement", navigationType: "navigate" },
      ],
    };
    for (let i = 0; i < webVitalsLimit.max; i++) {
      expect((await call(app(), calls.reportWebVitals, { body: beacon })).statusCode).toBe(204);
    }
    expect((await call(app(), calls.reportWebVitals, { body: beacon })).statusCode).toBe(429);
    // A payment left pending (no notification): the reconciliation job checks it within a few seconds.
    const overdue = Number((await scenario(app(), "rent-in-store-overdue")).get("orderid"));
    const token = await http(origin(), calls.paymentToken, { token: budi });
    const created = await http(origin(), calls.lockerOrderPayment, {
      query: { access_token: (token.body.data as { access_token: string }).access_token },
      body: lockerOrderBody(overdue, `${origin()}/order-status?orderid=${overdue}`),
    });
    expect(created.status).toBe(200);
    await expect
      .poll(
        async () => sample(await scrape(), "paxelbox_payment_reconciliations_total", { outcome: "pending" }),
        {
          timeout: 15_000,
          interval: 500,
        },
      )
      .toBeGreaterThanOrEqual(1);

    const text = await scrape();
    expect(
      sample(text, "paxelbox_http_request_duration_seconds_count", {
        method: "GET",
        route: orderPoll,
        status_code: "200",
      }),
    ).toBe(3);
    expect(text).not.toContain(`/api/v1/box/express/info/${orderid}/`);
    expect(
      sample(text, "paxelbox_http_request_duration_seconds_bucket", {
        route: "/api/v1/web-vitals",
        status_code: "429",
        le: "+Inf",
      }),
    ).toBe(1);
    expect(sample(text, "paxelbox_kiosk_scans_total", { action: "open", outcome: "accepted" })).toBe(1);
    expect(sample(text, "paxelbox_kiosk_scans_total", { action: "none", outcome: "refused" })).toBe(1);
    expect(sample(text, "paxelbox_rate_limit_rejections_total", { limit: "web-vitals" })).toBe(1);
    expect(sample(text, "paxelbox_web_vitals_seconds_count", { route: beacon.route, metric: "LCP" })).toBe(
      webVitalsLimit.max,
    );
    expect(sample(text, "paxelbox_web_vitals_seconds_bucket", { metric: "LCP", le: "1.8" })).toBe(
      webVitalsLimit.max,
    );
    expect(sample(text, "paxelbox_web_vitals_seconds_bucket", { metric: "LCP", le: "1" })).toBe(0);
    expect(sample(text, "paxelbox_web_vitals_cls_bucket", { route: beacon.route, le: "0.15" })).toBe(
      webVitalsLimit.max,
    );
    expect(sample(text, "paxelbox_open_event_streams")).toBe(0);
    expect(sample(text, "paxelbox_payments", { state: "PENDING" })).toBe(1);
    expect(sample(text, "paxelbox_payments", { state: "SUCCESS" })).toBe(0);
    expect(sample(text, "paxelbox_payment_oldest_pending_age_seconds")).toBeGreaterThan(0);
    expect(sample(text, "paxelbox_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "paxelbox_db_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(0);
    expect(sample(text, "paxelbox_db_pool_waiting")).toBe(0);
    expect(sample(text, "paxelbox_change_feed_listening")).toBe(1);
    expect(sample(text, "paxelbox_db_query_duration_seconds_count", { operation: "query" })).toBeGreaterThan(
      10,
    );
    expect(
      sample(text, "paxelbox_db_query_duration_seconds_count", { operation: "transaction" }),
    ).toBeGreaterThan(0);
    if (app().db.kind === "pglite")
      expect(sample(text, "paxelbox_db_pool_wait_seconds_count")).toBeGreaterThan(10);
    // prom-client's process metrics, on the same registry and prefix.
    expect(sample(text, "paxelbox_process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(sample(text, "paxelbox_nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "paxelbox_payment_refunds_left_to_people")).toBe(0);
  });

  it("count the refunds left to people, and an operator is alerted", async () => {
    const [payment] = await app().db.query<{ id: string }>("select id from payments limit 1");
    expect(payment).toBeDefined();
    const leftToPeople = async () => sample(await scrape(), "paxelbox_payment_refunds_left_to_people");
    const before = await leftToPeople();
    await app().db.query(
      `update payments set status = 'REFUNDED', refunded_at = null, refund_given_up_at = now(), refund_attempts = 13
        where id = $1`,
      [payment!.id],
    );
    expect(await leftToPeople()).toBe((before ?? 0) + 1);
    // Given back by hand.
    await app().db.query("update payments set refunded_at = now() where id = $1", [payment!.id]);
    expect(await leftToPeople()).toBe(before);
    const rules = readFileSync(
      path.resolve(import.meta.dirname, "../../../deploy/prometheus/alerts.yml"),
      "utf8",
    );
    expect(rules).toContain("max(paxelbox_payment_refunds_left_to_people) > 0");
  });

  it("answer promptly with every other series while the database fails or stalls the payments' reads", async () => {
    const db = app().db;
    const query = db.query.bind(db);
    const paymentsRead = (sql: string) =>
      sql.includes("from payments group by status") || sql.includes("as age from payments");
    const timed = async () => {
      const began = Date.now();
      const response = await fetch(metricsServer?.url ?? "", { signal: AbortSignal.timeout(10_000) });
      return { response, ms: Date.now() - began, text: await response.text() };
    };
    const failures = (text: string) =>
      (sample(text, "paxelbox_metrics_read_failures_total", { series: "paxelbox_payments" }) ?? 0) +
      (sample(text, "paxelbox_metrics_read_failures_total", {
        series: "paxelbox_payment_oldest_pending_age_seconds",
      }) ?? 0);
    const before = failures(await scrape());
    const spy = vi.spyOn(db, "query");
    try {
      // A database outage: the reads fail.
      spy.mockImplementation(((sql: string, params?: readonly unknown[]) =>
        paymentsRead(sql)
          ? Promise.reject(new Error("connection refused"))
          : query(sql, params)) as typeof db.query);
      const failed = await timed();
      expect(failed.response.status).toBe(200);
      expect(sample(failed.text, "paxelbox_change_feed_listening")).toBeDefined();
      expect(sample(failed.text, "paxelbox_db_pool_waiting")).toBeDefined();
      expect(
        sample(failed.text, "paxelbox_http_request_duration_seconds_count", {
          route: orderPoll,
          status_code: "200",
        }),
      ).toBeGreaterThan(0);
      expect(failures(failed.text)).toBe(before + 2);
      // The pool exhausted: the reads never answer; the scrape does not wait for them.
      spy.mockImplementation(((sql: string, params?: readonly unknown[]) =>
        paymentsRead(sql) ? new Promise(() => {}) : query(sql, params)) as typeof db.query);
      const stalled = await timed();
      expect(stalled.response.status).toBe(200);
      expect(stalled.ms).toBeLessThan(5_000);
      expect(sample(stalled.text, "paxelbox_change_feed_listening")).toBeDefined();
      expect(sample(stalled.text, "paxelbox_db_pool_waiting")).toBeDefined();
      expect(failures(stalled.text)).toBe(before + 4);
      // The payments' series keep their last values meanwhile.
      expect(sample(stalled.text, "paxelbox_payments", { state: "SUCCESS" })).toBeDefined();
    } finally {
      spy.mockRestore();
    }
    // Every series answers again; the stalled reads, left in flight, are not joined by another.
    expect(sample(await scrape(), "paxelbox_payments", { state: "SUCCESS" })).toBeDefined();
    // …and an operator is alerted while the reads fail.
    const rules = readFileSync(
      path.resolve(import.meta.dirname, "../../../deploy/prometheus/alerts.yml"),
      "utf8",
    );
    expect(rules).toContain("increase(paxelbox_metrics_read_failures_total[10m])");
  }, 30_000);

  it("are off unless METRICS_PORT is set", async () => {
    expect(await serveMetrics(app(), loadConfig({}).metrics)).toBeUndefined();
  });
});
