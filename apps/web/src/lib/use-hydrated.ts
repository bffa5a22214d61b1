import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

/**
 * Whether hydration of a page the server rendered is over: false on such a page until its first
 * effects have run (set by the first `useHydrated` that flips), true at once where the browser
 * renders alone (no server's page under it: unit tests).
 */
let settled = typeof window !== "undefined" && !("__reactRouterContext" in window);

const noSubscription = () => () => {};
const readSettled = () => settled;
const whileHydrating = () => false;

/**
 * The one hydration flag: `false` on the server and while hydrating; `true` from then on (and on
 * client navigations).
 *
 * After hydration the flag turns true in a transition, which React renders in slices, after the
 * task of hydration's effects. (A store whose browser value differs from the server's makes React
 * render every reader again synchronously, in that same task: on `/services` and the web-view
 * screens that task came to 100–120 ms at a mid-range phone's speed, counted as blocking time.)
 * The store reads `false` until then, so React finds nothing to render again at once.
 */
export function useHydrated(): boolean {
  const current = useSyncExternalStore(noSubscription, readSettled, whileHydrating);
  const [flipped, setFlipped] = useState(false);
  useEffect(() => {
    if (current) return;
    // Once every effect of this task has run (React compares each reader's store with the
    // server's value in them), the store reads true for the renders that follow.
    queueMicrotask(() => {
      settled = true;
    });
    startTransition(() => setFlipped(true));
  }, [current]);
  return current || flipped;
}
