import { type ComponentType, type ReactNode, Suspense, use, useCallback, useRef } from "react";
import { useFirstUse } from "../hooks/use-first-use";
import { useHydrated } from "../lib/hydration-gate";
import type { LazyModule } from "../lib/lazy-module";
import styles from "./hydrate-on-use.module.css";

/** Kept so that the bundler keeps them: their stylesheets are then linked by the page. */
const stylesheetsOfThePage: unknown[] = [];

/**
 * A part of a server-rendered page whose code loads when the visitor starts using it (ADR 026): the
 * server renders it (its loader loads `module` first); in the browser the page hydrates around it
 * and the part stays the server's HTML — fields can be typed into, links followed — until its first
 * use (`useFirstUse`) loads its code, and then it hydrates, keeping what was entered
 * (`useEnteredBeforeHydration`). On a client-side navigation it loads at once, `fallback` showing
 * meanwhile. The part shows the server's HTML while it waits, so it must render nothing the visitor
 * needs working before they touch it (a send button stays disabled until hydrated).
 *
 * `styledBy`: the CSS modules and components whose stylesheets the part's HTML needs. React Router
 * links the stylesheets of what a route imports statically; naming them here makes them the page's,
 * so that the server's part is drawn styled before its code loads (its code then brings none).
 */
export function hydrateOnUse<M, P extends object>(
  module: LazyModule<M>,
  pick: (loaded: M) => ComponentType<P>,
  styledBy: readonly unknown[],
): ComponentType<P & { fallback: ReactNode }> {
  stylesheetsOfThePage.push(...styledBy);
  function Waiting(props: P) {
    const hydrating = !useHydrated() && typeof document !== "undefined";
    // While hydrating the part waits for its first use; otherwise it loads now.
    const Component = pick(use(hydrating ? module.arrived() : module.load()));
    return <Component {...props} />;
  }

  function Part(props: P) {
    const loaded = module.current();
    if (!loaded) return <Waiting {...props} />;
    const Component = pick(loaded);
    return <Component {...props} />;
  }

  return function HydrateOnUse({ fallback, ...props }: P & { fallback: ReactNode }) {
    const area = useRef<HTMLDivElement>(null);
    const load = useCallback(() => {
      module.load().catch(() => undefined);
    }, []);
    useFirstUse(area, load);
    return (
      <div ref={area} className={styles.area}>
        <Suspense fallback={fallback}>
          <Part {...(props as unknown as P)} />
        </Suspense>
      </div>
    );
  };
}
