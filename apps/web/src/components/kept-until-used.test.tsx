// @vitest-environment jsdom
import { act, type ComponentType, createContext, type ReactNode, use, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useEnteredBeforeHydration, useLeftFieldsChecked } from "../lib/entered-before-hydration";
import { createI18n, type I18n, I18nProvider } from "../lib/i18n/i18n";
import { useHydrated } from "../lib/ssr/use-hydrated";
import { lazyModule } from "../lib/ui/lazy-module";
import { keptUntilUsed } from "./kept-until-used";

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

/** Something above the part that changes before its first use (a router state, say). */
const Tick = createContext(0);

/** The part: a field that keeps what was typed into the server's copy, and a counting button. */
function NameForm({ greeting }: { greeting: string }) {
  const ready = useHydrated();
  use(Tick);
  const [pressed, setPressed] = useState(0);
  const entered = useEnteredBeforeHydration("form", () => ({ name: "" }));
  return (
    <form>
      <input name="name" aria-label="name" defaultValue={entered.name} />
      <button type="button" disabled={!ready} onClick={() => setPressed((count) => count + 1)}>
        {greeting} {pressed}
      </button>
    </form>
  );
}

/** Two fields; what was filled in and left in the copy is checked once the form is live. */
const checked: string[] = [];
function TwoFields() {
  const empty = () => ({ first: "", second: "" });
  const entered = useEnteredBeforeHydration("form", empty);
  useLeftFieldsChecked(entered, empty, (name, value) => checked.push(`${name}=${value}`));
  return (
    <form>
      <input name="first" aria-label="first" defaultValue={entered.first} />
      <input name="second" aria-label="second" defaultValue={entered.second} />
      <button type="submit" disabled>
        Send
      </button>
    </form>
  );
}

/** A form that sends only once its code runs; its Send is disabled until then. */
function SendForm({ onSend }: { onSend: (name: string) => void }) {
  const ready = useHydrated();
  const entered = useEnteredBeforeHydration("form", () => ({ name: "" }));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSend(new FormData(event.currentTarget).get("name") as string);
      }}
    >
      <input name="name" aria-label="name" defaultValue={entered.name} />
      <button type="submit" disabled={!ready}>
        Send
      </button>
    </form>
  );
}

/** A form with a photo field: the live one says which file it got. */
const photosTaken: string[] = [];
function PhotoForm() {
  return (
    <form>
      <input name="name" aria-label="name" />
      <input
        type="file"
        name="photo"
        aria-label="photo"
        onChange={(event) => photosTaken.push(event.currentTarget.files?.[0]?.name ?? "none")}
      />
    </form>
  );
}

/** A control with no name (a slider's handle) after a field. */
function HandleForm() {
  return (
    <form>
      <input name="name" aria-label="name" />
      <div role="slider" tabIndex={0} aria-label="handle" aria-valuenow={0} />
    </form>
  );
}

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = "";
});

async function settle() {
  await act(async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

let i18n: I18n = createI18n("id", { product: "Paxel" });
afterEach(() => {
  i18n = createI18n("id", { product: "Paxel" });
});

function page(children: ReactNode, tick = 0) {
  return (
    <I18nProvider i18n={i18n}>
      <Tick value={tick}>{children}</Tick>
    </I18nProvider>
  );
}

type Part<P> = ComponentType<P & { fallback: ReactNode }>;

/** The browser hydrating the server's page in `container` with `node`. */
async function hydrateIn(container: HTMLElement, node: ReactNode): Promise<Root> {
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, page(node));
    roots.push(root);
  });
  return root;
}

/**
 * The server's page in a container (its loader loaded the part's code first), and the browser's
 * part, whose code is not there yet.
 */
async function served<M, P extends object>(
  importer: () => Promise<M>,
  pick: (loaded: M) => ComponentType<P>,
  props: P,
  options?: Parameters<typeof keptUntilUsed>[3],
): Promise<{ container: HTMLDivElement; Part: Part<P> }> {
  const serverCode = lazyModule(importer);
  await serverCode.load();
  const ServerPart = keptUntilUsed(serverCode, pick, []);
  const container = document.body.appendChild(document.createElement("div"));
  container.innerHTML = renderToString(page(<ServerPart {...props} fallback={null} />));
  return { container, Part: keptUntilUsed(lazyModule(importer), pick, [], options) };
}

describe("keptUntilUsed", () => {
  it("keeps the server's copy through updates above it, then puts the live part in its place", async () => {
    const importer = vi.fn(async () => ({ NameForm }));
    const { container, Part } = await served(importer, (loaded) => loaded.NameForm, { greeting: "Hello" });
    const copy = container.querySelector("form");
    const button = () => container.querySelector("button") as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    importer.mockClear();

    const root = await hydrateIn(container, <Part greeting="Hello" fallback={<p>loading</p>} />);
    await settle();
    // An update above the part before its first use leaves the copy as it is.
    await act(async () => root.render(page(<Part greeting="Hello" fallback={<p>loading</p>} />, 1)));
    await settle();
    expect(importer).not.toHaveBeenCalled();
    expect(container.querySelector("form")).toBe(copy);
    expect(container.textContent).not.toContain("loading");

    // The visitor types, with the caret in the middle: the code loads and the live part takes over.
    const input = container.querySelector("input") as HTMLInputElement;
    input.value = "Budi";
    input.focus();
    input.setSelectionRange(2, 2);
    await act(async () => {
      input.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    });
    await settle();
    expect(importer).toHaveBeenCalledTimes(1);
    const live = container.querySelector("input") as HTMLInputElement;
    expect(live).not.toBe(input);
    expect(container.querySelectorAll("form")).toHaveLength(1);
    expect(live.value).toBe("Budi");
    expect(document.activeElement).toBe(live);
    expect(live.selectionStart).toBe(2);
    expect(button().disabled).toBe(false);
    await act(async () => button().click());
    expect(button().textContent).toBe("Hello 1");
  });

  it("loads at once when the visitor was already in the copy before the page hydrated", async () => {
    const importer = vi.fn(async () => ({ NameForm }));
    const { container, Part } = await served(importer, (loaded) => loaded.NameForm, { greeting: "Hi" });
    (container.querySelector("input") as HTMLInputElement).value = "typed early";
    importer.mockClear();
    await hydrateIn(container, <Part greeting="Hi" fallback={null} />);
    await settle();
    expect(importer).toHaveBeenCalledTimes(1);
    expect((container.querySelector("button") as HTMLButtonElement).disabled).toBe(false);
    expect((container.querySelector("input") as HTMLInputElement).value).toBe("typed early");
  });

  it("loads when the language is switched before the first use", async () => {
    const importer = vi.fn(async () => ({ NameForm }));
    const { container, Part } = await served(importer, (loaded) => loaded.NameForm, { greeting: "Hi" });
    importer.mockClear();
    await hydrateIn(container, <Part greeting="Hi" fallback={null} />);
    await settle();
    expect(importer).not.toHaveBeenCalled();
    await act(async () => i18n.changeLanguage("en"));
    await settle();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(container.querySelector("button")?.textContent).toBe("Hi 0");
  });

  it("holds a send pressed before the code arrived and sends it once the part is live", async () => {
    const importer = vi.fn(async () => ({ SendForm }));
    const sent: string[] = [];
    const { container, Part } = await served(importer, (loaded) => loaded.SendForm, {
      onSend: (name: string) => void name,
    });
    const button = () => container.querySelector("button") as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    importer.mockClear();
    await hydrateIn(container, <Part onSend={(name: string) => void sent.push(name)} fallback={null} />);
    await settle();
    expect(importer).not.toHaveBeenCalled();
    // The page runs: the copy's Send can be pressed, and a press does not leave the page.
    expect(button().disabled).toBe(false);
    const navigated = vi.fn();
    window.addEventListener("submit", navigated);
    (container.querySelector("input") as HTMLInputElement).value = "Budi";
    await act(async () => button().click());
    expect(navigated.mock.calls[0]?.[0].defaultPrevented).toBe(true);
    expect(importer).toHaveBeenCalledTimes(1);
    await settle();
    // The press carried out once by the live part, with what was typed.
    expect(sent).toEqual(["Budi"]);
    await act(async () => button().click());
    expect(sent).toEqual(["Budi", "Budi"]);
    window.removeEventListener("submit", navigated);
  });

  it("checks the fields left in the copy, not the one still in use; keeps sends as drawn when asked", async () => {
    const importer = vi.fn(async () => ({ TwoFields }));
    const serverCode = lazyModule(importer);
    await serverCode.load();
    const ServerPart = keptUntilUsed(serverCode, (loaded) => loaded.TwoFields, []);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(page(<ServerPart fallback={null} />));
    const Part = keptUntilUsed(lazyModule(importer), (loaded) => loaded.TwoFields, [], {
      enableSends: false,
    });
    checked.length = 0;
    await hydrateIn(container, <Part fallback={null} />);
    await settle();
    // Drawn disabled by the server, and left so.
    expect((container.querySelector("button") as HTMLButtonElement).disabled).toBe(true);
    const [first, second] = container.querySelectorAll("input");
    (first as HTMLInputElement).value = "left";
    (second as HTMLInputElement).value = "typing";
    await act(async () => {
      (second as HTMLInputElement).focus();
      second?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    });
    await settle();
    expect((container.querySelector('input[name="second"]') as HTMLInputElement).value).toBe("typing");
    expect(checked).toEqual(["first=left"]);
  });

  it("holds Enter in a field of the copy as a send, with its sends left as drawn", async () => {
    const importer = vi.fn(async () => ({ SendForm }));
    const sent: string[] = [];
    const { container, Part } = await served(
      importer,
      (loaded) => loaded.SendForm,
      { onSend: (name: string) => void name },
      { enableSends: false },
    );
    importer.mockClear();
    await hydrateIn(container, <Part onSend={(name: string) => void sent.push(name)} fallback={null} />);
    await settle();
    expect((container.querySelector("button") as HTMLButtonElement).disabled).toBe(true);
    const input = container.querySelector("input") as HTMLInputElement;
    input.value = "Budi";
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    await act(async () => input.dispatchEvent(enter));
    expect(enter.defaultPrevented).toBe(true);
    expect(importer).toHaveBeenCalledTimes(1);
    await settle();
    expect(sent).toEqual(["Budi"]);
  });

  it("puts the live part in the copy's place as the code arrives, so that no key falls in between", async () => {
    const serverCode = lazyModule(async () => ({ NameForm }));
    await serverCode.load();
    const ServerPart = keptUntilUsed(serverCode, (loaded) => loaded.NameForm, []);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(page(<ServerPart greeting="Hi" fallback={null} />));
    let arrive: (module: { NameForm: typeof NameForm }) => void = () => undefined;
    const code = lazyModule(
      () => new Promise<{ NameForm: typeof NameForm }>((resolve) => (arrive = resolve)),
    );
    const Part = keptUntilUsed(code, (loaded) => loaded.NameForm, []);
    await hydrateIn(container, <Part greeting="Hi" fallback={null} />);
    await settle();
    const input = container.querySelector("input") as HTMLInputElement;
    await act(async () => {
      input.focus();
      input.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    });
    await settle();
    let liveAtOnce = false;
    await act(async () => {
      arrive({ NameForm });
      // The module's promise callbacks, and nothing else: no task in which a key could come.
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
      liveAtOnce = container.querySelector("input") !== input;
    });
    expect(liveAtOnce).toBe(true);
    expect(document.activeElement).toBe(container.querySelector("input"));
  });

  it("keeps the copy while a file chooser opened from it is open, and takes over once it closes", async () => {
    const importer = vi.fn(async () => ({ PhotoForm }));
    const { container, Part } = await served(importer, (loaded) => loaded.PhotoForm, {});
    await hydrateIn(container, <Part fallback={null} />);
    await settle();
    const photo = container.querySelector('input[type="file"]') as HTMLInputElement;
    // The tap that opens the chooser starts the code; it arrives while the chooser is open.
    await act(async () => {
      photo.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
      photo.click();
    });
    await settle();
    expect(importer).toHaveBeenCalled();
    expect(container.querySelector('input[type="file"]')).toBe(photo);
    // Closed without a choice: the live part takes over.
    await act(async () => photo.dispatchEvent(new Event("cancel")));
    await settle();
    expect(container.querySelector('input[type="file"]')).not.toBe(photo);
    expect(container.querySelector('input[type="file"]')?.isConnected).toBe(true);
  });

  it("takes over on the visitor's next tap where the browser does not say the chooser closed", async () => {
    const importer = vi.fn(async () => ({ PhotoForm }));
    const { container, Part } = await served(importer, (loaded) => loaded.PhotoForm, {});
    await hydrateIn(container, <Part fallback={null} />);
    await settle();
    const photo = container.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => photo.click());
    const name = container.querySelector('input[name="name"]') as HTMLInputElement;
    await act(async () => name.dispatchEvent(new FocusEvent("focusin", { bubbles: true })));
    await settle();
    expect(container.querySelector('input[type="file"]')).toBe(photo);
    await act(async () => name.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true })));
    await settle();
    expect(container.querySelector('input[type="file"]')).not.toBe(photo);
    expect(photosTaken).toEqual([]);
  });

  it("puts the focus back on a control without a name, found by its place in the part", async () => {
    const importer = vi.fn(async () => ({ HandleForm }));
    const { container, Part } = await served(importer, (loaded) => loaded.HandleForm, {});
    await hydrateIn(container, <Part fallback={null} />);
    await settle();
    const handle = container.querySelector('[role="slider"]') as HTMLElement;
    await act(async () => {
      handle.focus();
      handle.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    });
    await settle();
    const live = container.querySelector('[role="slider"]');
    expect(live).not.toBe(handle);
    expect(document.activeElement).toBe(live);
  });

  it("loads at once, showing its fallback, when mounted after the page hydrated", async () => {
    let arrive: (module: { NameForm: typeof NameForm }) => void = () => undefined;
    const code = lazyModule(
      () => new Promise<{ NameForm: typeof NameForm }>((resolve) => (arrive = resolve)),
    );
    const Part = keptUntilUsed(code, (loaded) => loaded.NameForm, []);
    const container = document.body.appendChild(document.createElement("div"));
    const { createRoot } = await import("react-dom/client");
    const root = createRoot(container);
    roots.push(root);
    await act(async () => root.render(page(<Part greeting="Hi" fallback={<p>loading</p>} />)));
    await settle();
    expect(container.textContent).toBe("loading");
    await act(async () => arrive({ NameForm }));
    await settle();
    expect(container.querySelector("button")?.textContent).toBe("Hi 0");
  });
});
