import {
  type ComponentType,
  type ReactNode,
  type RefObject,
  Suspense,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
} from "react";
import { useFirstUse } from "../hooks/use-first-use";
import { useHydrated } from "../lib/hydration-gate";
import type { LazyModule } from "../lib/lazy-module";
import styles from "./hydrate-on-use.module.css";

/** Kept so that the bundler keeps them: their stylesheets are then linked by the page. */
const stylesheetsOfThePage: unknown[] = [];

/**
 * Tells when its `Suspense` boundary has committed: `live` as the part's DOM becomes React's (before
 * any event can reach it), then `settled` once its effects have run.
 */
function Committed({ live, settled }: { live: () => void; settled: () => void }) {
  useLayoutEffect(() => live(), [live]);
  useEffect(() => settled(), [settled]);
  return null;
}

/**
 * A send made on the server's part before its code has arrived is held and carried out once the part
 * has hydrated. The page's JavaScript is running (the page around the part has hydrated), so the
 * part's send buttons — disabled in the server's HTML, because a native submit would leave the page —
 * are enabled; a submit (the button, or Enter in a field) is stopped on `window` in the capture
 * phase, starts the code, and is submitted again through the live form.
 */
function useHeldSend(area: RefObject<HTMLElement | null>, start: () => void) {
  const live = useRef(false);
  const held = useRef(false);
  useEffect(() => {
    const element = area.current;
    if (!element || live.current) return;
    for (const button of element.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) {
      button.disabled = false;
    }
    const onSubmit = (event: Event) => {
      if (live.current || !(event.target instanceof Node) || !element.contains(event.target)) return;
      event.preventDefault();
      held.current = true;
      start();
    };
    window.addEventListener("submit", onSubmit, { capture: true });
    return () => window.removeEventListener("submit", onSubmit, { capture: true });
  }, [area, start]);

  // From its commit on, a submit is the live form's own (its handler answers it).
  const onLive = useCallback(() => {
    live.current = true;
  }, []);
  const onSettled = useCallback(() => {
    if (!held.current) return;
    held.current = false;
    area.current?.querySelector("form")?.requestSubmit();
  }, [area]);
  return { onLive, onSettled };
}

/**
 * A part of a server-rendered page whose code loads when the visitor starts using it (ADR 026): the
 * server renders it (its loader loads `module` first); in the browser the page hydrates around it
 * and the part stays the server's HTML — fields can be typed into, links followed — until its first
 * use (`useFirstUse`) loads its code, and then it hydrates, keeping what was entered
 * (`useEnteredBeforeHydration`). A send pressed meanwhile is held and carried out once it has
 * hydrated (`useHeldSend`): the part renders its send buttons disabled until hydrated (with
 * `suppressHydrationWarning`, since the page enables them in the server's HTML). On a client-side
 * navigation it loads at once, `fallback` showing meanwhile.
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
    // While hydrating the part waits for its first use; otherwise (a client-side navigation, or a
    // context above it that changed before its first use) it loads now.
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
    const { onLive, onSettled } = useHeldSend(area, load);
    return (
      <div ref={area} className={styles.area}>
        <Suspense fallback={fallback}>
          <Part {...(props as unknown as P)} />
          <Committed live={onLive} settled={onSettled} />
        </Suspense>
      </div>
    );
  };
}
