/**
 * Composition root: one HTTP server in front of two separately deployable apps.
 * Paths under /api, /ebox, /demo and /healthz go to the locker API; everything else to the web app.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildApp, loadConfig, serveMetrics } from "@paxelbox/api";
import { buildWebServer } from "@paxelbox/web/server";
import type { FastifyInstance } from "fastify";

const apiPrefixes = ["/api/", "/ebox/", "/demo/", "/healthz"];

export function isApiPath(url: string): boolean {
  return apiPrefixes.some((prefix) => url === prefix.replace(/\/$/, "") || url.startsWith(prefix));
}

export interface SystemOptions {
  port?: number;
  host?: string;
  env?: Record<string, string | undefined>;
  quiet?: boolean;
}

export interface RunningSystem {
  url: string;
  close(): Promise<void>;
}

export async function startSystem(options: SystemOptions = {}): Promise<RunningSystem> {
  const env = { ...process.env, ...options.env };
  const port = options.port ?? Number(env.PORT ?? 3000);
  const host = options.host ?? env.HOST ?? "0.0.0.0";

  let apps: { api: FastifyInstance; web: FastifyInstance } | undefined;
  const server = http.createServer((req, res) => {
    if (!apps) {
      res.writeHead(503, { "content-type": "text/plain", "retry-after": "1" }).end("Starting");
      return;
    }
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
  // The web app's server-side loaders reach the API over real HTTP, through this same port.
  process.env.API_INTERNAL_URL ??= `http://127.0.0.1:${actualPort}`;

  const config = loadConfig(env);
  const api = await buildApp(config, { logger: !options.quiet });
  // Prometheus scrapes the API on a port of its own (METRICS_PORT), never this public one.
  await serveMetrics(api, config.metrics);
  const web = await buildWebServer();
  await Promise.all([api.ready(), web.ready()]);
  apps = { api, web };

  return {
    url: `http://localhost:${actualPort}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([api.close(), web.close()]);
    },
  };
}
