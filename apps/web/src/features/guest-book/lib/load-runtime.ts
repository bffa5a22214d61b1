import { lazyModule } from "../../../lib/ui/lazy-module";

/** The guest book's schema and api code (`runtime.ts`), loaded once, on demand. */
export type GuestBookRuntime = typeof import("./runtime");

const runtime = lazyModule(() => import("./runtime"));

export function loadGuestBookRuntime(): Promise<GuestBookRuntime> {
  return runtime.load();
}

/** The runtime if it has arrived (the browser's validation messages exist only after it ran). */
export function loadedGuestBookRuntime(): GuestBookRuntime | undefined {
  return runtime.current();
}
