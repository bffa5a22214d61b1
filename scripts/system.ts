/**
 * Composition root: one HTTP server in front of two separately deployable apps.
 * Paths under /api, /ebox, /demo, /healthz and /readyz go to the locker API; everything else to the web app,
 * and so does the web app's one page under /demo (the demo inbox).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildApp, listenAddress, loadConfig, serveMetrics } from "@paxelbox/api";
import { buildWebServer, type WebServerOptions } from "@paxelbox/web/server";
import closeWithGrace from "close-with-grace";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";

const apiPrefixes = ["/api/", "/ebox/", "/demo/", "/healthz", "/readyz"];
/** The web app's page under /demo (and its data requests, `.data`): the demo inbox. */
const webPageUnderDemo = /^\/demo\/inbox(\.data|\/)?([?#]|$)/;

export function isApiPath(url: string): boolean {
  if (webPageUnderDemo.test(url)) return false;
  return apiPrefixes.some((prefix) => url === prefix.replace(/\/$/, "") || url.startsWith(prefix));
}

/** Milliseconds a shutdown waits for the requests in flight before it closes their connections. */
const drainMilliseconds = 8_000;
/** Milliseconds after a signal when the process exits, whatever is still running (logged). */
const exitDeadlineMilliseconds = 10_000;

export interface SystemOptions {
  port?: number;
  host?: string;
  env?: Record<string, string | undefined>;
  quiet?: boolean;
  /** Builds the web app; `buildWebServer` (which needs the web build) by default. */
  web?: (options: WebServerOptions) => Promise<FastifyInstance>;
}

export interface RunningSystem {
  url: string;
  /** The API's logger, which the web app shares: one format for both. */
  log: FastifyBaseLogger;
  /**
   * Graceful: readiness off, no new connections, idle ones closed, requests in flight finish (each
   * response closes its connection); after 8 s the rest are closed. Then both apps close (the
   * payment reconciliation job stops, the database closes).
   */
  close(): Promise<void>;
}

export async function startSystem(options: SystemOptions = {}): Promise<RunningSystem> {
  const env = { ...process.env, ...options.env };
  // Checked before anything listens: a bad PORT or HOST stops the start naming it.
  const listen = listenAddress(env);
  const port = options.port ?? listen.port ?? 3000;
  const host = options.host ?? listen.host ?? "0.0.0.0";

  let apps: { api: FastifyInstance; web: FastifyInstance } | undefined;
  let draining = false;
  const inFlight = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    if (!apps) {
      res.writeHead(503, { "content-type": "text/plain", "retry-after": "1" }).end("Starting");
      return;
    }
    // Shutting down: a keep-alive client takes its next request to another instance.
    if (draining) res.setHeader("connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    if (isApiPath(req.url ?? "/")) apps.api.routing(req, res);
    else apps.web.routing(req, res);
  });
  // Node closes an idle keep-alive connection after 5 s, which races a client (a load balancer, a
  // browser) reusing it at that moment: the request is lost with ECONNRESET. Keep connections
  // longer than common front ends' idle timeouts (60 s), as Fastify does on its own servers.
  server.keepAliveTimeout = 72_000;
  server.headersTimeout = 73_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const actualPort = (server.address() as AddressInfo).port;
  // Both apps reach the API over real HTTP through this same port: the web app's loaders, and the
  // API's sandboxes calling back.
  env.API_INTERNAL_URL ??= `http://127.0.0.1:${actualPort}`;
  // Outside production the site's public origin is where this server listens (production must set it).
  if ((env.APP_ENV ?? env.NODE_ENV) !== "production")
    env.PUBLIC_BASE_URL ??= `http://localhost:${actualPort}`;
  // The web server's loaders prove to the API that they may name their visitor's address with a
  // secret both apps read from `env`; made up when unset.
  env.INTERNAL_API_SECRET ||= randomBytes(32).toString("base64url");
  const config = loadConfig(env);
  const api = await buildApp(config, { logger: !options.quiet });
  // Prometheus scrapes the API on a port of its own (METRICS_PORT), never this public one.
  await serveMetrics(api, config.metrics);
  // The web app logs through the API's logger: one format for both (docs/operations.md).
  // Both apps see the same visitor: the web server trusts the proxies the API trusts.
  const web = await (options.web ?? buildWebServer)({
    env,
    logger: options.quiet ? false : api.log,
    trustProxy: config.trustProxy,
  });
  await Promise.all([api.ready(), web.ready()]);
  apps = { api, web };

  let closing: Promise<void> | undefined;
  async function close(): Promise<void> {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
    api.shutdown.begin();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const deadline = setTimeout(() => {
      api.log.warn(`closing the connections still open after ${drainMilliseconds / 1000} s`);
      server.closeAllConnections();
    }, drainMilliseconds);
    await closed;
    clearTimeout(deadline);
    await Promise.all([api.close(), web.close()]);
  }

  return {
    url: `http://localhost:${actualPort}`,
    log: api.log,
    close() {
      closing ??= close();
      return closing;
    },
  };
}

/** SIGTERM or SIGINT closes the system gracefully; 10 s after the signal the process exits anyway (logged). */
export function closeOnSignals(system: RunningSystem, afterClose?: () => Promise<void>): void {
  closeWithGrace({ delay: exitDeadlineMilliseconds, logger: system.log }, async ({ signal, err }) => {
    if (err) system.log.error({ err }, "stopping after an uncaught error");
    else system.log.info({ signal }, "shutting down");
    await system.close();
    await afterClose?.();
  });
}
