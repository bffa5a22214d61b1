/**
 * The web server deployed alone (`start.ts`, docs/deployment.md): its probes and its graceful
 * shutdown, the API's own (`apps/api/src/server.ts`) and the composition root's (`scripts/system.ts`),
 * where the probes are the API's and the composition root drains both apps.
 */
import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";

/** Milliseconds a shutdown waits for the requests in flight before it closes their connections. */
export const drainMilliseconds = 8_000;
/** Milliseconds after a signal when the process exits, whatever is still running (logged), as the API. */
export const exitDeadlineMilliseconds = 10_000;

/** Whether the server began to stop, and how to begin. */
export interface Shutdown {
  readonly begun: boolean;
  begin(): void;
}

/**
 * `GET /healthz` (liveness: the process answers) and `GET /readyz` (readiness: 503 `shuttingDown`
 * with `Retry-After: 1` once shutdown began), named and shaped as the API's, so one load-balancer
 * setting serves both. Readiness does not ask the API: every web server would leave the load
 * balancer at once when the API is down, and the pages already answer that case themselves.
 */
export function registerProbes(app: FastifyInstance): Shutdown {
  let begun = false;
  const shutdown: Shutdown = {
    get begun() {
      return begun;
    },
    begin() {
      begun = true;
    },
  };
  const noStore = { "cache-control": "no-store" };
  app.get("/healthz", async (_request, reply) => {
    reply.headers(noStore);
    return { code: 200, data: { status: "ok" } };
  });
  app.get("/readyz", async (_request, reply) => {
    reply.headers(noStore);
    if (begun) {
      // Another instance answers meanwhile: the client may retry at once.
      reply.status(503).header("retry-after", "1");
      return { code: 503, message: "The server is shutting down", key: "shuttingDown" };
    }
    return { code: 200, data: { status: "ok" } };
  });
  // A keep-alive client gets this response, then opens its next connection: to another instance.
  app.addHook("onSend", async (_request, reply) => {
    if (begun) reply.header("connection", "close");
  });
  app.addHook("preClose", async () => shutdown.begin());
  return shutdown;
}

/**
 * Listens, then on SIGTERM or SIGINT: readiness off, no new connections, idle ones closed, the
 * requests in flight finish, each response closing its connection; after
 * 8 s the connections still open are closed (logged), and the process exits 0. 10 s after the
 * signal it exits 1 whatever is still running (close-with-grace logs `killed by timeout`).
 * Resolves with the address it listens on.
 */
export async function serveStandalone(
  app: FastifyInstance,
  listen: { port: number; host: string },
): Promise<string> {
  const shutdown = registerProbes(app);
  const address = await app.listen(listen);
  closeWithGrace({ delay: exitDeadlineMilliseconds, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "stopping after an uncaught error");
    else app.log.info({ signal }, "shutting down");
    shutdown.begin();
    const deadline = setTimeout(() => {
      app.log.warn(`closing the connections still open after ${drainMilliseconds / 1000} s`);
      app.server.closeAllConnections();
    }, drainMilliseconds);
    await app.close();
    clearTimeout(deadline);
    app.log.info("stopped");
  });
  return address;
}
