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
} from "react";
import { flushSync } from "react-dom";
import { useFirstUse } from "../hooks/use-first-use";
import { useT } from "../lib/i18n/i18n";
import { TakesOverServerCopy } from "../lib/server-copy";
import { useHydrated } from "../lib/ssr/use-hydrated";
import type { LazyModule } from "../lib/ui/lazy-module";

/** Kept so that the bundler keeps them: their stylesheets are then linked by the page. */
const stylesheetsOfThePage: unknown[] = [];

/** Inputs where Enter does not send their form. */
const notTextual = new Set(["checkbox", "radio", "button", "submit", "reset", "file", "image"]);

/** Where the focus was in the server's copy, to put it back in the live part. */
interface FocusSpot {
  /** A field, by its name. */
  selector: string | null;
  /** Anything else focusable (a slider's handle), by its place among the part's elements. */
  place: { index: number; tag: string } | null;
  start: number | null;
  end: number | null;
}

/**
 * The focused element of `area`: a field by its name, anything else by its place in the part (ids
 * made by React differ in the live part, whose elements are the copy's, drawn by the same code).
 */
function focusIn(area: Element | null): FocusSpot | null {
  const active = document.activeElement;
  if (!area || !(active instanceof HTMLElement) || !area.contains(active)) return null;
  const name = active.getAttribute("name");
  const value = active.getAttribute("value");
  const selector = name
    ? `[name="${CSS.escape(name)}"]${active instanceof HTMLInputElement && (active.type === "radio" || active.type === "checkbox") && value !== null ? `[value="${CSS.escape(value)}"]` : ""}`
    : null;
  const place = selector
    ? null
    : { index: [...area.querySelectorAll("*")].indexOf(active), tag: active.tagName };
  let start: number | null = null;
  let end: number | null = null;
  if (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) {
    // Types without a caret (email, number) answer null.
    start = active.selectionStart;
    end = active.selectionEnd;
  }
  return { selector, place, start, end };
}

/** The files chosen in the copy's file fields, by the field's name, to hand them to the live part. */
function filesIn(area: Element | null): [string, FileList][] {
  const chosen: [string, FileList][] = [];
  for (const field of area?.querySelectorAll<HTMLInputElement>('input[type="file"][name]') ?? []) {
    if (field.files && field.files.length > 0) chosen.push([field.name, field.files]);
  }
  return chosen;
}

/** A file chosen in the copy, given to the live part's field as if chosen there. */
function handFiles(area: Element | null, chosen: [string, FileList][]): void {
  for (const [name, files] of chosen) {
    const field = area?.querySelector(`input[type="file"][name="${CSS.escape(name)}"]`);
    if (!(field instanceof HTMLInputElement)) continue;
    field.files = files;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

function restoreFocus(area: Element | null, spot: FocusSpot): void {
  const placed = spot.place ? area?.querySelectorAll("*")[spot.place.index] : undefined;
  const field = spot.selector
    ? area?.querySelector(spot.selector)
    : placed?.tagName === spot.place?.tag
      ? placed
      : undefined;
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
 * reach it. The visitor's first focus, tap, key or entry in it, or its `[data-start-near]` places
 * coming near the screen (`useFirstUse`), loads the code; the live part then takes the copy's
 * place, with what was entered (`useEnteredBeforeHydration` reads the copy in its first render) and
 * the focus and caret where they were; a file chosen in a named file field of the copy is given to
 * the live field of that name. While a file chooser opened from the copy is open, the copy stays
 * (the chooser answers the field that opened it): the live part takes over once it closes. A send
 * pressed meanwhile is held and carried out by the live part: the copy's send buttons, disabled in
 * the server's HTML until the page runs, are enabled (unless `enableSends` is false: a part whose
 * send waits for something entered, which is a use), and a submit (or Enter in one of its fields)
 * is stopped and made again once the part is live. A language switch before the first use loads
 * the code too (the copy keeps the language it was drawn in until
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
    const loaded = module.current() !== undefined;
    // The server's copy, read in the hydration render when the code is not there.
    const [copy] = useState(() =>
      hydrating && !loaded && typeof document !== "undefined"
        ? (document.querySelector(`[data-kept="${CSS.escape(id)}"]`)?.innerHTML ?? null)
        : null,
    );
    // Whether the live part has taken the copy's place (once the code is there and nothing holds
    // the copy); never undone.
    const [handedOver, setHandedOver] = useState(false);
    const kept = copy !== null && !handedOver;
    // A boundary for the code to load behind only where there is no server copy to keep (mounted
    // after hydration without the code): none in the hydration render, whose boundary React could
    // render afresh from the copy's HTML (losing what was entered) on an update that reaches it
    // before it hydrates. Decided once, so that the live part never moves in the tree.
    const [waits] = useState(() => copy === null && !loaded && !hydrating);
    const focus = useRef<FocusSpot | null>(null);
    const files = useRef<[string, FileList][]>([]);
    // The copy's file fields, which a file may still reach once the live part is in their place.
    const copyFileFields = useRef<HTMLInputElement[]>([]);
    const held = useRef(false);
    // A file field of the copy whose chooser is open: the copy stays until it closes.
    const choosing = useRef<HTMLInputElement | null>(null);

    // The focus and the chosen files are taken as the live part takes over, and React puts it in the
    // copy's place in the same task (`flushSync`): a key typed in between would go to the copy,
    // after the caret taken, and the live field would put it back where the caret was. Not from an
    // effect, where React cannot render at once; it renders right after.
    const handOver = useCallback((now = true) => {
      if (!module.current() || choosing.current) return;
      focus.current = focusIn(area.current);
      files.current = filesIn(area.current);
      copyFileFields.current = [
        ...(area.current?.querySelectorAll<HTMLInputElement>('input[type="file"][name]') ?? []),
      ];
      if (now) flushSync(() => setHandedOver(true));
      else setHandedOver(true);
    }, []);

    const load = useCallback(() => {
      if (!module.current()) module.load().catch(() => undefined);
    }, []);
    useFirstUse(area, load);

    useEffect(() => {
      if (copy === null) return;
      const unsubscribe = module.subscribe(handOver);
      // Arrived between the first render and this effect.
      handOver(false);
      return unsubscribe;
    }, [copy, handOver]);

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
      // A file chooser opened from the copy holds it until the chooser closes: chosen (`change`) or
      // not (`cancel`; where a browser does not say so, the visitor's next tap or key in the page).
      const chooserClosed = () => {
        choosing.current = null;
        handOver();
      };
      const onClick = (event: MouseEvent) => {
        const field = event.target;
        if (!(field instanceof HTMLInputElement) || field.type !== "file" || !element.contains(field)) return;
        choosing.current = field;
        const closed = () => {
          field.removeEventListener("change", closed);
          field.removeEventListener("cancel", closed);
          if (choosing.current === field) chooserClosed();
        };
        field.addEventListener("change", closed);
        field.addEventListener("cancel", closed);
      };
      const onNextUse = (event: Event) => {
        if (choosing.current && event.target !== choosing.current) chooserClosed();
      };
      window.addEventListener("submit", onSubmit, { capture: true });
      window.addEventListener("keydown", onKey, { capture: true });
      window.addEventListener("click", onClick, { capture: true });
      window.addEventListener("pointerdown", onNextUse, { capture: true });
      window.addEventListener("keydown", onNextUse, { capture: true });
      return () => {
        window.removeEventListener("submit", onSubmit, { capture: true });
        window.removeEventListener("keydown", onKey, { capture: true });
        window.removeEventListener("click", onClick, { capture: true });
        window.removeEventListener("pointerdown", onNextUse, { capture: true });
        window.removeEventListener("keydown", onNextUse, { capture: true });
      };
    }, [kept, load, handOver]);

    useLayoutEffect(() => {
      if (kept || !focus.current) return;
      restoreFocus(area.current, focus.current);
      focus.current = null;
    }, [kept]);
    useEffect(() => {
      if (kept) return;
      handFiles(area.current, files.current);
      files.current = [];
      // A file that reaches a field of the copy after the takeover (set on it as the live part came)
      // goes to the live field too.
      const fields = copyFileFields.current;
      copyFileFields.current = [];
      const late = (event: Event) => {
        const field = event.currentTarget as HTMLInputElement;
        if (field.files && field.files.length > 0) handFiles(area.current, [[field.name, field.files]]);
      };
      for (const field of fields) field.addEventListener("change", late);
      return () => {
        for (const field of fields) field.removeEventListener("change", late);
      };
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
