import { useSyncExternalStore } from "react";

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
