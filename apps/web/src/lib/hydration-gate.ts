import { useSyncExternalStore } from "react";

/**
 * Code a server-rendered page needs before React hydrates it. A route module (evaluated before
 * the client entry) holds hydration for a lazily loaded part the server has rendered, so that the
 * first browser render is the server's instead of a fallback (ADR 011). Hydration goes ahead when
 * the part fails to load.
 */
const holds: Promise<unknown>[] = [];

export function holdHydration(loading: Promise<unknown>): void {
  holds.push(loading.catch(() => undefined));
}

export function hydrationHolds(): Promise<unknown> {
  return Promise.all(holds);
}

const noSubscription = () => () => {};

/**
 * The one hydration flag: `false` on the server and while hydrating; `true` from then on (and on
 * client navigations).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
