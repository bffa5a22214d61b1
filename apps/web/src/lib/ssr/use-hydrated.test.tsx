// @vitest-environment jsdom
import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The module as a page the server rendered loads it (root.tsx marks its `<html>`). */
async function loadOnServerPage() {
  vi.resetModules();
  document.documentElement.setAttribute("data-server-rendered", "");
  return (await import("./use-hydrated")).useHydrated;
}

afterEach(() => {
  document.documentElement.removeAttribute("data-server-rendered");
  document.body.innerHTML = "";
});

const until = async (done: () => boolean) => {
  for (let waited = 0; !done() && waited < 2000; waited += 10) await new Promise((r) => setTimeout(r, 10));
};

describe("useHydrated", () => {
  it("is false while hydrating, then true in a render of its own after hydration's effects", async () => {
    const useHydrated = await loadOnServerPage();
    const log: string[] = [];
    function Reader({ name }: { name: string }) {
      const hydrated = useHydrated();
      log.push(`${name} ${hydrated}`);
      return <p>{String(hydrated)}</p>;
    }
    function Effects() {
      useEffect(() => {
        log.push("effects");
        queueMicrotask(() => log.push("effects' task over"));
      }, []);
      return null;
    }
    const app = (
      <>
        <Reader name="a" />
        <Reader name="b" />
        <Effects />
      </>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(app);
    expect(container.textContent).toBe("falsefalse");
    log.length = 0;
    document.body.append(container);
    const errors: unknown[] = [];
    hydrateRoot(container, app, { onRecoverableError: (error) => errors.push(error) });
    await until(() => container.textContent === "truetrue");

    expect(errors).toEqual([]);
    expect(container.textContent).toBe("truetrue");
    // Each reader rendered once more, after the task of hydration's effects — not inside it, as a
    // store whose browser value differs from the server's would make React do.
    expect(log).toEqual(["a false", "b false", "effects", "effects' task over", "a true", "b true"]);
  });

  it("is true at once for what mounts after hydration, and where no server rendered the page", async () => {
    const useHydrated = await loadOnServerPage();
    const seen: boolean[] = [];
    function Reader() {
      const hydrated = useHydrated();
      seen.push(hydrated);
      return <p>{String(hydrated)}</p>;
    }
    const first = document.createElement("div");
    first.innerHTML = renderToString(<Reader />);
    document.body.append(first);
    hydrateRoot(first, <Reader />);
    await until(() => first.textContent === "true");
    seen.length = 0;

    const { createRoot } = await import("react-dom/client");
    const later = document.createElement("div");
    document.body.append(later);
    createRoot(later).render(<Reader />);
    await until(() => later.textContent === "true");
    expect(seen).toEqual([true]);

    // A document no server rendered: nothing is hydration, true from the first render.
    vi.resetModules();
    document.documentElement.removeAttribute("data-server-rendered");
    const alone = (await import("./use-hydrated")).useHydrated;
    function AloneReader() {
      seen.push(alone());
      return null;
    }
    seen.length = 0;
    createRoot(document.createElement("div")).render(<AloneReader />);
    await until(() => seen.length > 0);
    expect(seen).toEqual([true]);
  });
});
