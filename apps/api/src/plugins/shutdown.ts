import type { FastifyInstance } from "fastify";

/**
 * After a signal, the process exits this long later whatever still runs (`server.ts`,
 * close-with-grace): everything below must fit inside it.
 */
export const shutdownDeadlineMs = 10_000;

/**
 * A background job's work in flight (one message at its provider, one payment's gateway call) is
 * aborted this long after the shutdown began: a provider that answers slowly or never cannot hold
 * the process past its deadline, and the try that was aborted is still recorded.
 */
export const jobAbortMs = 5_000;

/**
 * The close waits this long at most for the background jobs (their record of the aborted try
 * included), then closes the database all the same: what was not recorded by then is left to its
 * claim's lease, as after a crash.
 */
export const jobGiveUpMs = 7_000;

/** A background job's stop: no new work, the work in flight finished or, once `abort` fires, aborted. */
export type JobStop = (abort: AbortSignal) => Promise<void>;

/**
 * The signals of a background job: `stopping` fires as its stop is called (start no further work),
 * `abort` as the shutdown's abort fires (end the work in flight). The stop waits for the round in
 * flight (`running`).
 */
export function jobSignals(running: () => Promise<unknown> | undefined) {
  const stopping = new AbortController();
  const aborted = new AbortController();
  const stop = async (abort?: AbortSignal): Promise<void> => {
    stopping.abort();
    const abortWork = () => aborted.abort();
    if (abort?.aborted) abortWork();
    abort?.addEventListener("abort", abortWork, { once: true });
    try {
      await running();
    } finally {
      abort?.removeEventListener("abort", abortWork);
    }
  };
  return { stopping: stopping.signal, abort: aborted.signal, stop };
}

/**
 * `work`, or `interrupted()` once `abort` fires first: the job stops waiting for work that did not
 * hear the signal (a sender or a gateway call that ignores it).
 */
export function unlessAborted<T, U>(
  work: Promise<T>,
  abort: AbortSignal | undefined,
  interrupted: () => U,
): Promise<T | U> {
  if (!abort) return work;
  return new Promise((resolve, reject) => {
    const stop = () => resolve(interrupted());
    if (abort.aborted) return stop();
    abort.addEventListener("abort", stop, { once: true });
    work.then(resolve, reject).finally(() => abort.removeEventListener("abort", stop));
  });
}

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
  /**
   * Background jobs (the notification worker, the payment reconciliation) register here how to
   * stop. They are told to when the shutdown begins, alongside the HTTP drain rather than before it,
   * so neither holds the other up; a job registered after that is stopped at once.
   */
  stopOnShutdown(stop: JobStop): void;
  /**
   * Settles once every registered job has stopped, or `jobGiveUpMs` after the shutdown began,
   * whichever comes first (the database closes after it).
   */
  jobsStopped(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    shutdown: Shutdown;
  }
}

export function registerShutdown(
  app: FastifyInstance,
  bounds: { abortMs: number; giveUpMs: number } = { abortMs: jobAbortMs, giveUpMs: jobGiveUpMs },
): void {
  let begun = false;
  const openStreams = new Set<() => void>();
  const jobs = new Set<JobStop>();
  const stopping: Promise<void>[] = [];
  const abort = new AbortController();
  let givenUp: Promise<void> | undefined;
  const stopJob = (stop: JobStop) => {
    stopping.push(
      stop(abort.signal).catch((error: unknown) => {
        app.log.warn({ error: String(error) }, "a background job failed to stop");
      }),
    );
  };
  app.decorate("shutdown", {
    get begun() {
      return begun;
    },
    begin() {
      if (begun) return;
      begun = true;
      for (const end of openStreams) end();
      openStreams.clear();
      setTimeout(() => abort.abort(new Error("the instance is stopping")), bounds.abortMs).unref();
      givenUp = new Promise((resolve) => setTimeout(resolve, bounds.giveUpMs).unref());
      for (const stop of jobs) stopJob(stop);
      jobs.clear();
    },
    endOnShutdown(end: () => void) {
      openStreams.add(end);
      return () => openStreams.delete(end);
    },
    stopOnShutdown(stop: JobStop) {
      if (begun) stopJob(stop);
      else jobs.add(stop);
    },
    async jobsStopped() {
      if (!givenUp) return;
      const all = Promise.all(stopping).then(() => "stopped" as const);
      if ((await Promise.race([all, givenUp])) !== "stopped") {
        app.log.warn(
          "background jobs still running at the shutdown's bound: the database closes all the same",
        );
      }
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
