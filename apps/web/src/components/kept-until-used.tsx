import {
  type ComponentType,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useFirstUse } from "../hooks/use-first-use";
import { useT } from "../lib/i18n";
import type { LazyModule } from "../lib/lazy-module";
import { TakesOverServerCopy } from "../lib/server-copy";
import { useHydrated } from "../lib/use-hydrated";

/** Kept so that the bundler keeps them: their stylesheets are then linked by the page. */
const stylesheetsOfThePage: unknown[] = [];

/** Inputs where Enter does not send their form. */
const notTextual = new Set(["checkbox", "radio", "button", "submit", "reset", "file", "image"]);

/** Where the focus was in the server's copy, to put it back in the live part. */
interface FocusSpot {
  selector: string;
  start: number | null;
  end: number | null;
}

/** The focused field of `area`, found again by its name (ids made by React differ in the live part). */
function focusIn(area: Element | null): FocusSpot | null {
  const active = document.activeElement;
  if (!area || !(active instanceof HTMLElement) || !area.contains(active)) return null;
  const name = active.getAttribute("name");
  const value = active.getAttribute("value");
  const selector = name
    ? `[name="${CSS.escape(name)}"]${active instanceof HTMLInputElement && (active.type === "radio" || active.type === "checkbox") && value !== null ? `[value="${CSS.escape(value)}"]` : ""}`
    : active.id
      ? `#${CSS.escape(active.id)}`
      : null;
  if (!selector) return null;
  let start: number | null = null;
  let end: number | null = null;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    // Types without a caret (email, number) answer null.
    start = active.selectionStart;
    end = active.selectionEnd;
  }
  return { selector, start, end };
}

function restoreFocus(area: Element | null, spot: FocusSpot): void {
  const field = area?.querySelector(spot.selector);
  if (!(field instanceof HTMLElement)) return;
  field.focus({ preventScroll: true });
  if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && spot.start !== null) {
    try {
      field.setSelectionRange(spot.start, spot.end ?? spot.start);
    } catch {
      // A field whose type has no caret.
    }
  }
}

/**
 * A part of a server-rendered page whose code loads when the visitor starts using it (ADR 026
 * addendum). The server renders it (the route's loader loads `module` first). In the browser the
 * page hydrates around the server's copy, which React keeps as plain HTML, outside its tree: fields
 * can be typed into and links followed, and no update of the page (a router state, a context) can
 * reach it. The visitor's first focus, tap or key in it, or its `[data-start-near]` places coming
 * near the screen (`useFirstUse`), loads the code; the live part then takes the copy's place, with
 * what was entered (`useEnteredBeforeHydration` reads the copy in its first render) and the focus
 * and caret where they were. A send pressed meanwhile is held and carried out by the live part: the
 * copy's send buttons, disabled in the server's HTML until the page runs, are enabled (unless
 * `enableSends` is false: a part whose send waits for something entered, which is a use), and a
 * submit (or Enter in one of its fields) is stopped and made again once the part is live. A language
 * switch before the first use loads the code too (the copy keeps the language it was drawn in until
 * then). Mounted later (a client-side navigation, a new `key`), it loads at once, `fallback`
 * showing. Its wrappers lay out as `display: contents`: the part's elements are its parent's, as
 * they would be without them.
 *
 * `styledBy`: the CSS modules and components whose stylesheets the part's HTML needs. React Router
 * links the stylesheets of what a route imports statically; naming them here makes them the page's,
 * so that the copy is drawn styled before the part's code loads.
 */
export function keptUntilUsed<M, P extends object>(
  module: LazyModule<M>,
  pick: (loaded: M) => ComponentType<P>,
  styledBy: readonly unknown[],
  { enableSends = true }: { enableSends?: boolean } = {},
): ComponentType<P & { fallback: ReactNode }> {
  stylesheetsOfThePage.push(...styledBy);

  function Live(props: P) {
    const Component = pick(module.current() ?? use(module.load()));
    return <Component {...props} />;
  }

  return function KeptUntilUsed({ fallback, ...rest }: P & { fallback: ReactNode }) {
    const props = rest as unknown as P;
    const id = useId();
    const area = useRef<HTMLDivElement>(null);
    const hydrating = !useHydrated();
    const loaded = useSyncExternalStore(module.subscribe, module.current, module.current);
    // The server's copy, read in the hydration render when the code is not there.
    const [copy] = useState(() =>
      hydrating && !loaded && typeof document !== "undefined"
        ? (document.querySelector(`[data-kept="${CSS.escape(id)}"]`)?.innerHTML ?? null)
        : null,
    );
    const kept = copy !== null && !loaded;
    // A boundary for the code to load behind only where there is no server copy to keep (mounted
    // after hydration without the code): none in the hydration render, whose boundary React could
    // render afresh from the copy's HTML (losing what was entered) on an update that reaches it
    // before it hydrates. Decided once, so that the live part never moves in the tree.
    const [waits] = useState(() => copy === null && !loaded && !hydrating);
    const focus = useRef<FocusSpot | null>(null);
    const held = useRef(false);

    const load = useCallback(() => {
      if (!module.current()) module.load().catch(() => undefined);
    }, []);
    useFirstUse(area, load);

    // The focus is taken as the code arrives, before React puts the live part in the copy's place.
    useEffect(() => {
      if (copy === null) return;
      return module.subscribe(() => {
        focus.current = focusIn(area.current);
      });
    }, [copy]);

    const { language } = useT();
    const [drawnIn] = useState(language);
    useEffect(() => {
      if (kept && language !== drawnIn) load();
    }, [kept, language, drawnIn, load]);

    // While the copy shows: its send buttons work, and a send waits for the live part.
    useEffect(() => {
      const element = area.current;
      if (!kept || !element) return;
      if (enableSends)
        for (const button of element.querySelectorAll<HTMLButtonElement>('button[type="submit"]')) {
          button.disabled = false;
        }
      // The focus is taken when the code arrives (above); a held send is made by the live part.
      const hold = (event: Event) => {
        event.preventDefault();
        held.current = true;
        load();
      };
      const onSubmit = (event: Event) => {
        if (event.target instanceof Node && element.contains(event.target)) hold(event);
      };
      // Enter in one of the copy's fields is a send too, whether or not the copy has a button that
      // would carry it (the live form decides: send, or say what is missing).
      const onKey = (event: KeyboardEvent) => {
        const field = event.target;
        if (event.key !== "Enter" || !(field instanceof HTMLInputElement) || !element.contains(field)) return;
        if (!notTextual.has(field.type)) hold(event);
      };
      window.addEventListener("submit", onSubmit, { capture: true });
      window.addEventListener("keydown", onKey, { capture: true });
      return () => {
        window.removeEventListener("submit", onSubmit, { capture: true });
        window.removeEventListener("keydown", onKey, { capture: true });
      };
    }, [kept, load]);

    useLayoutEffect(() => {
      if (kept || !focus.current) return;
      restoreFocus(area.current, focus.current);
      focus.current = null;
    }, [kept]);
    useEffect(() => {
      if (kept || !held.current) return;
      held.current = false;
      area.current?.querySelector("form")?.requestSubmit();
    }, [kept]);

    const live = (
      <div key="live" className="contents" data-kept={id}>
        <TakesOverServerCopy value={copy !== null}>
          <Live {...props} />
        </TakesOverServerCopy>
      </div>
    );
    return (
      <div ref={area} className="contents">
        {kept ? (
          <div
            key="copy"
            className="contents"
            data-kept={id}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own server-rendered copy, read from the document in the hydration render; React adopts it and never writes it
            dangerouslySetInnerHTML={{ __html: copy }}
            suppressHydrationWarning
          />
        ) : waits ? (
          <Suspense fallback={fallback}>{live}</Suspense>
        ) : (
          live
        )}
      </div>
    );
  };
}
