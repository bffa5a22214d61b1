/** The guest book's schema and api code (`runtime.ts`), loaded once, on demand. */
export type GuestBookRuntime = typeof import("./runtime");

let loading: Promise<GuestBookRuntime> | undefined;
let loaded: GuestBookRuntime | undefined;

export function loadGuestBookRuntime(): Promise<GuestBookRuntime> {
  loading ??= import("./runtime").then((module) => {
    loaded = module;
    return module;
  });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The runtime if it has arrived (validation messages exist only after it ran). */
export function loadedGuestBookRuntime(): GuestBookRuntime | undefined {
  return loaded;
}
