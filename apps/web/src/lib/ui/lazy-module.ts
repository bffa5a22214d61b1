import { useEffect, useSyncExternalStore } from "react";

/**
 * The one way this app loads code later than the page: a module that is imported once, on
 * demand, and then read synchronously. Screens render a placeholder until it is there and re-render
 * when it arrives; a route's loader may load it first so that the first render already has it
 * (ADR 015). A failed import is tried again on the next `load()`.
 */
export interface LazyModule<T> {
  /** Starts the import (once) and resolves with the module. */
  load(): Promise<T>;
  /** The module if it has arrived. */
  current(): T | undefined;
  /** Called once the module arrives. */
  subscribe(listener: () => void): () => void;
}

/**
 * Resolves in a task of its own. A screen starts most of its imports from the effects of its first
 * render, which React runs together in one task after hydrating; each import first adds a `<link>`
 * per dependency to the head (Vite's loader), and together they made that task a long one (the guest
 * book's: 40–50 ms, ×4 on a mid-range phone). `scheduler.postTask` where the browser has it, else a
 * message to ourselves; neither waits on timers, so a page on a test's paused clock still loads.
 */
function nextTask(): Promise<void> {
  const scheduler = (
    globalThis as {
      scheduler?: { postTask?: (task: () => void, options: { priority: string }) => Promise<void> };
    }
  ).scheduler;
  if (scheduler?.postTask) return scheduler.postTask(() => undefined, { priority: "user-visible" });
  if (typeof MessageChannel === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= nextTask()
        .then(importer)
        .then(
          (module) => {
            loaded = module;
            for (const listener of listeners) listener();
            return module;
          },
          (error: unknown) => {
            loading = undefined;
            throw error;
          },
        );
      return loading;
    },
    current: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The module in a component: `undefined` until it has arrived (its import starts after the first
 * render unless `load: false`). A module already loaded when the page hydrates renders at once.
 */
export function useLazyModule<T>(
  module: LazyModule<T>,
  { load = true }: { load?: boolean } = {},
): T | undefined {
  const current = useSyncExternalStore(module.subscribe, module.current, module.current);
  useEffect(() => {
    if (load && !module.current()) module.load().catch(() => undefined);
  }, [module, load]);
  return current;
}
