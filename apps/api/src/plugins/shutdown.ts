import type { FastifyInstance } from "fastify";

/** How this instance stops taking traffic (docs/operations.md, "Graceful shutdown and rollouts"). */
export interface Shutdown {
  /** True once the instance began to stop: `/readyz` answers 503 and every response closes its connection. */
  readonly begun: boolean;
  /** Begins the shutdown (idempotent); `close()` begins it too. Ends every open stream. */
  begin(): void;
  /**
   * Long-lived responses (event streams) register here how to end themselves, with a retry hint that
   * sends the client to another instance; the returned function unregisters a stream that ended.
   */
  endOnShutdown(end: () => void): () => void;
}

declare module "fastify" {
  interface FastifyInstance {
    shutdown: Shutdown;
  }
}

export function registerShutdown(app: FastifyInstance): void {
  let begun = false;
  const openStreams = new Set<() => void>();
  app.decorate("shutdown", {
    get begun() {
      return begun;
    },
    begin() {
      if (begun) return;
      begun = true;
      for (const end of openStreams) end();
      openStreams.clear();
    },
    endOnShutdown(end: () => void) {
      openStreams.add(end);
      return () => openStreams.delete(end);
    },
  } satisfies Shutdown);
  // A keep-alive client gets this response, then opens its next connection: to another instance.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (begun) reply.header("connection", "close");
    done(null, payload);
  });
  app.addHook("preClose", async () => {
    app.shutdown.begin();
  });
}
