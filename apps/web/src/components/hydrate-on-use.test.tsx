// @vitest-environment jsdom
import { act, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useHydrated } from "../lib/hydration-gate";
import { lazyModule } from "../lib/lazy-module";
import { hydrateOnUse } from "./hydrate-on-use";

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

/** The part: a field and a button that works only once its code runs. */
function NameForm({ greeting }: { greeting: string }) {
  const ready = useHydrated();
  const [pressed, setPressed] = useState(0);
  return (
    <form>
      <input name="name" aria-label="name" />
      <button type="button" disabled={!ready} onClick={() => setPressed((count) => count + 1)}>
        {greeting} {pressed}
      </button>
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

describe("hydrateOnUse", () => {
  it("keeps the server's part as it is until its first use, then hydrates it in place", async () => {
    const importer = vi.fn(async () => ({ NameForm }));
    const code = lazyModule(importer);
    const Part = hydrateOnUse(code, (loaded) => loaded.NameForm, []);
    const page = <Part greeting="Hello" fallback={<p>loading</p>} />;

    // The server renders it with its code loaded (the route's loader loads it first).
    await code.load();
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(page);
    const served = container.querySelector("form");
    const button = () => container.querySelector("button") as HTMLButtonElement;
    expect(button().disabled).toBe(true);

    // A fresh page in the browser: the code is not there yet.
    const browserCode = lazyModule(importer);
    const BrowserPart = hydrateOnUse(browserCode, (loaded) => loaded.NameForm, []);
    importer.mockClear();
    await act(async () => {
      roots.push(hydrateRoot(container, <BrowserPart greeting="Hello" fallback={<p>loading</p>} />));
    });
    await settle();
    expect(importer).not.toHaveBeenCalled();
    expect(button().disabled).toBe(true);
    expect(container.querySelector("form")).toBe(served);

    // The visitor types, then focuses the field: the code loads and the part hydrates in place.
    const input = container.querySelector("input") as HTMLInputElement;
    input.value = "Budi";
    await act(async () => {
      input.focus();
      input.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    });
    await settle();
    expect(importer).toHaveBeenCalledTimes(1);
    expect(container.querySelector("form")).toBe(served);
    expect(input.value).toBe("Budi");
    expect(button().disabled).toBe(false);
    await act(async () => button().click());
    expect(button().textContent).toBe("Hello 1");
  });

  it("loads at once when the visitor was already in the part before the page hydrated", async () => {
    const importer = vi.fn(async () => ({ NameForm }));
    const serverCode = lazyModule(importer);
    await serverCode.load();
    const ServerPart = hydrateOnUse(serverCode, (loaded) => loaded.NameForm, []);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<ServerPart greeting="Hi" fallback={null} />);
    (container.querySelector("input") as HTMLInputElement).value = "typed early";

    importer.mockClear();
    const code = lazyModule(importer);
    const Part = hydrateOnUse(code, (loaded) => loaded.NameForm, []);
    await act(async () => {
      roots.push(hydrateRoot(container, <Part greeting="Hi" fallback={null} />));
    });
    await settle();
    expect(importer).toHaveBeenCalledTimes(1);
    expect((container.querySelector("button") as HTMLButtonElement).disabled).toBe(false);
    expect((container.querySelector("input") as HTMLInputElement).value).toBe("typed early");
  });
});
