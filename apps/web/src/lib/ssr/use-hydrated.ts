import { startTransition, useEffect, useState } from "react";

/**
 * Whether the page's first hydration is still to come: only on a document the server rendered
 * (root.tsx marks its `<html>`), so that a browser-only render (a unit test's) never passes for
 * hydration — `ServerHtml` keeps markup as it is only while hydrating.
 */
let hydrating =
  typeof document !== "undefined" && document.documentElement.hasAttribute("data-server-rendered");

/**
 * `false` on the server and while the browser hydrates the server's page; `true` from then on. A
 * component that mounts later (a client navigation) starts `true`. The flip after hydration is a
 * transition, rendered in slices after hydration's task rather than inside it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof document !== "undefined" && !hydrating);
  useEffect(() => {
    hydrating = false;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
