import { useEffect } from "react";
import type { LazyModule } from "./lazy-module";

/** How often an import that failed is tried again while a screen waits on it. */
export const retryLoadMs = 5000;

/**
 * Loads `module` while `wanted` (after the render that wants it), and again every `retryLoadMs`
 * until it has arrived: a failed import (a request dropped on a weak link, no signal) would
 * otherwise leave the screen waiting on it (a QR's encoder) on its placeholder for good. Apart from
 * `lazy-module.ts`, so that only the screens that wait so carry it.
 */
export function useLoadWhile(module: LazyModule<unknown>, wanted: boolean): void {
  useEffect(() => {
    if (!wanted) return;
    const attempt = () => void module.load().catch(() => undefined);
    attempt();
    const timer = setInterval(attempt, retryLoadMs);
    return () => clearInterval(timer);
  }, [module, wanted]);
}
