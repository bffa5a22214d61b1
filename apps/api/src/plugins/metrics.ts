import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database, DatabaseObserver } from "../db/database.ts";

/**
 * Prometheus metrics of one API instance, on a registry of its own (tests build many apps in one
 * process). Served on a port of their own, never on the public one (`listenMetrics`); the series
 * are listed in docs/operations.md.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status_code">;
  dbDuration: Histogram<"operation">;
  dbWait: Histogram;
  kioskScans: Counter<"action" | "outcome">;
  reconciliations: Counter<"outcome">;
  rateLimitRejections: Counter<"limit">;
  openEventStreams: Gauge;
  webVitals: Histogram<"route" | "metric">;
  webVitalsCls: Histogram<"route">;
  /** Messages the provider accepted, tries that failed, tries rescheduled, messages given up. */
  notificationsSent: Counter<"channel" | "template">;
  notificationsFailed: Counter<"channel" | "template">;
  notificationsRetried: Counter<"channel" | "template">;
  notificationsDeadLettered: Counter<"channel" | "template">;
  /** From the event (the change that caused it) to the provider's acceptance. */
  notificationLatency: Histogram<"channel" | "template">;
  /** Delivery statuses the provider reported by webhook (each once). */
  notificationStatuses: Counter<"channel" | "status">;
  /** What the database measures (created before the database is opened). */
  databaseObserver: DatabaseObserver;
}

/** The states of `payments.status` (migration 0004). */
const paymentStates = ["PENDING", "SUCCESS", "FAILED", "CANCELLED", "EXPIRED", "REFUNDED"] as const;

/** Route label of a request no route matched: one value, not the address asked for. */
const unmatched = "unmatched";

/**
 * How long a scrape waits for a database read of its own. The database may be down or its pool
 * exhausted exactly when the scrape matters most (the pool and change-feed gauges, the 5xx counts):
 * such a read must never fail or stall the scrape.
 */
export const scrapeReadTimeoutMs = 2_000;
/** A read still in flight after this long is left behind and the next scrape starts another. */
const abandonedReadMs = 60_000;

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "paxelbox_" });
  const registers = [registry];
  const dbDuration = new Histogram({
    name: "paxelbox_db_query_duration_seconds",
    help: "Time a query or transaction held its database connection",
    labelNames: ["operation"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const dbWait = new Histogram({
    name: "paxelbox_db_pool_wait_seconds",
    help: "Time a call waited for a database connection (PGlite: every call; PostgreSQL: transactions)",
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  return {
    registry,
    httpDuration: new Histogram({
      name: "paxelbox_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern, method and status code",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    dbDuration,
    dbWait,
    kioskScans: new Counter({
      name: "paxelbox_kiosk_scans_total",
      help: "QR codes scanned at a locker: what the locker did, or refused",
      labelNames: ["action", "outcome"] as const,
      registers,
    }),
    reconciliations: new Counter({
      name: "paxelbox_payment_reconciliations_total",
      help: "Payments the reconciliation job checked, by what came of it",
      labelNames: ["outcome"] as const,
      registers,
    }),
    rateLimitRejections: new Counter({
      name: "paxelbox_rate_limit_rejections_total",
      help: "Requests refused with 429, by the name of the limit",
      labelNames: ["limit"] as const,
      registers,
    }),
    openEventStreams: new Gauge({
      name: "paxelbox_open_event_streams",
      help: "Event streams open to clients right now",
      registers,
    }),
    webVitals: new Histogram({
      name: "paxelbox_web_vitals_seconds",
      help: "Real-user Web Vitals (LCP, INP, TTFB) by web route pattern; bucket bounds include the good/poor thresholds",
      labelNames: ["route", "metric"] as const,
      buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.8, 2.5, 4, 6, 10],
      registers,
    }),
    webVitalsCls: new Histogram({
      name: "paxelbox_web_vitals_cls",
      help: "Real-user Cumulative Layout Shift by web route pattern; bucket bounds include the good/poor thresholds",
      labelNames: ["route"] as const,
      buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
      registers,
    }),
    notificationsSent: new Counter({
      name: "paxelbox_notifications_sent_total",
      help: "Messages the provider accepted, by channel and template",
      labelNames: ["channel", "template"] as const,
      registers,
    }),
    notificationsFailed: new Counter({
      name: "paxelbox_notifications_failed_total",
      help: "Tries to send a message that failed (timeout, 5xx, 429, refusal), by channel and template",
      labelNames: ["channel", "template"] as const,
      registers,
    }),
    notificationsRetried: new Counter({
      name: "paxelbox_notifications_retried_total",
      help: "Failed tries rescheduled with backoff, by channel and template",
      labelNames: ["channel", "template"] as const,
      registers,
    }),
    notificationsDeadLettered: new Counter({
      name: "paxelbox_notifications_dead_lettered_total",
      help: "Messages given up after their last try or a refusal (status dead), by channel and template",
      labelNames: ["channel", "template"] as const,
      registers,
    }),
    notificationLatency: new Histogram({
      name: "paxelbox_notification_delivery_seconds",
      help: "Time from the event to the provider's acceptance of its message, by channel and template",
      labelNames: ["channel", "template"] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
      registers,
    }),
    notificationStatuses: new Counter({
      name: "paxelbox_notification_statuses_total",
      help: "Delivery statuses the provider reported (sent, delivered, read, failed), each once",
      labelNames: ["channel", "status"] as const,
      registers,
    }),
    databaseObserver: {
      waited: (seconds) => dbWait.observe(seconds),
      used: (operation, seconds) => dbDuration.observe({ operation }, seconds),
    },
  };
}

/**
 * Times every response by its route pattern (`/api/v1/box/express/info/:orderid/paid`, never the
 * address with its ids and tokens), and reads the database pool and the payments by state on each
 * scrape (the payments' read bounded: `readOnScrape`).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, db: Database): void {
  app.decorate("metrics", metrics);
  app.addHook("onResponse", (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? unmatched,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const registers = [metrics.registry];
  new Gauge({
    name: "paxelbox_db_pool_connections",
    help: "Database connections by state (PGlite is one connection)",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const pool = db.pool();
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "in_use" }, pool.total - pool.idle);
    },
  });
  new Gauge({
    name: "paxelbox_db_pool_waiting",
    help: "Calls waiting for a database connection",
    registers,
    collect() {
      this.set(db.pool().waiting);
    },
  });
  new Gauge({
    name: "paxelbox_change_feed_listening",
    help: "1 while this instance hears the database's change notifications; 0 while its polls read the database (ADR 020)",
    registers,
    collect() {
      this.set(db.listening() ? 1 : 0);
    },
  });
  // The payments' series are read from the database on each scrape, bounded (`readOnScrape`). The
  // failure counter waits for the same reads, so that a scrape reports its own failures. Registered
  // after the pool's gauges, which are read before these reads take a connection.
  const readFailures = new Counter({
    name: "paxelbox_metrics_read_failures_total",
    help: "Scrapes whose database read for a series failed or timed out: the series kept its last value",
    labelNames: ["series"] as const,
    registers,
    collect: () => readPayments(),
  });
  // Present from the first scrape on, so that an alert on its increase sees the first failure.
  readFailures.inc({ series: "paxelbox_payments" }, 0);
  readFailures.inc({ series: "paxelbox_payment_oldest_pending_age_seconds" }, 0);
  const payments = new Gauge({
    name: "paxelbox_payments",
    help: "Payments by state (PENDING, SUCCESS, FAILED, CANCELLED, EXPIRED, REFUNDED)",
    labelNames: ["state"] as const,
    registers,
    collect: () => readPayments(),
  });
  const refundsLeftToPeople = new Gauge({
    name: "paxelbox_payment_refunds_left_to_people",
    help: "Charges to give back by hand: the gateway did not confirm their refund for about a day (docs/operations.md)",
    registers,
    collect: () => readPayments(),
  });
  const oldestPending = new Gauge({
    name: "paxelbox_payment_oldest_pending_age_seconds",
    help: "Age of the oldest payment still PENDING (0 when none is): reconciliation should settle it",
    registers,
    collect: () => readPayments(),
  });

  /**
   * Runs a scrape's read of the database, bounded by `scrapeReadTimeoutMs`, and one at a time (a
   * stalled read is not joined by another at each scrape); a read that fails or times out is counted
   * and logged, and its series keeps its last value. Never rejects.
   */
  const readOnScrape = <T>(series: string, read: () => Promise<T>, apply: (value: T) => void) => {
    let inFlight: { read: Promise<T>; since: number } | undefined;
    return async () => {
      // A read that never settles (a connection lost without a word) is given up after a while.
      if (!inFlight || Date.now() - inFlight.since > abandonedReadMs) {
        const current = {
          read: read().finally(() => {
            if (inFlight === current) inFlight = undefined;
          }),
          since: Date.now(),
        };
        inFlight = current;
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timed out")), scrapeReadTimeoutMs);
      });
      try {
        apply(await Promise.race([inFlight.read, timeout]));
      } catch (error) {
        readFailures.inc({ series });
        app.log.warn({ series, error: String(error) }, "a metric could not be read from the database");
      } finally {
        clearTimeout(timer);
      }
    };
  };
  const readStates = readOnScrape(
    "paxelbox_payments",
    () =>
      db.query<{ status: string; count: number }>(
        `select status, count(*)::int as count from payments group by status
         union all
         select 'LEFT_TO_PEOPLE', count(*)::int from payments
          where status = 'REFUNDED' and refunded_at is null and refund_given_up_at is not null`,
      ),
    (rows) => {
      for (const state of paymentStates) {
        payments.set({ state }, rows.find((row) => row.status === state)?.count ?? 0);
      }
      refundsLeftToPeople.set(rows.find((row) => row.status === "LEFT_TO_PEOPLE")?.count ?? 0);
    },
  );
  const readOldest = readOnScrape(
    "paxelbox_payment_oldest_pending_age_seconds",
    () =>
      db.query<{ age: number | null }>(
        "select extract(epoch from now() - min(created_at))::float8 as age from payments where status = 'PENDING'",
      ),
    ([row]) => oldestPending.set(Math.max(0, row?.age ?? 0)),
  );
  /** The reads of one scrape, shared by the series that wait for them. */
  let scrapeReads: Promise<void> | undefined;
  const readPayments = () => {
    scrapeReads ??= Promise.all([readStates(), readOldest()]).then(() => {
      scrapeReads = undefined;
    });
    return scrapeReads;
  };
}

/** Where an event stream registers when it opens: counted until its connection closes. */
export function trackEventStream(metrics: Metrics, request: FastifyRequest): void {
  metrics.openEventStreams.inc();
  request.raw.once("close", () => metrics.openEventStreams.dec());
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on a port of its own, apart from the public one, when METRICS_PORT is set
 * (the composition root and `server.ts` call this before the app is ready); it closes with the app.
 */
export async function serveMetrics(
  app: FastifyInstance,
  options: { host: string; port: number | undefined },
): Promise<MetricsServer | undefined> {
  if (options.port === undefined) return undefined;
  const { metrics } = app;
  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, "metrics could not be collected");
        response.writeHead(500, { "content-type": "text/plain" }).end("Metrics could not be collected");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  app.addHook("onClose", close);
  const url = `http://${address.includes(":") ? `[${address}]` : address}:${port}/metrics`;
  app.log.info(`Prometheus metrics at ${url}`);
  return { url, close };
}
