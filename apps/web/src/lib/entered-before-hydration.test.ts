// @vitest-environment jsdom
import { act, createElement } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { enteredBeforeHydration, useEnteredBeforeHydration } from "./entered-before-hydration";

// React's act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const defaults = { name: "", purpose: "", size: "", note: "", agree: false, photo: "" };

function serverForm(html: string) {
  document.body.innerHTML = `<form data-testid="f">${html}</form>`;
}

describe("enteredBeforeHydration", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("takes what was typed, chosen and ticked in the server's form over the defaults", () => {
    serverForm(`
      <input name="name" value="Budi">
      <input type="radio" name="purpose" value="a"><input type="radio" name="purpose" value="b" checked>
      <select name="size"><option value="">-</option><option value="S" selected>S</option></select>
      <textarea name="note">hello</textarea>
      <input type="checkbox" name="agree" checked>
      <input type="file" name="photo">`);
    expect(enteredBeforeHydration('[data-testid="f"]', defaults)).toEqual({
      name: "Budi",
      purpose: "b",
      size: "S",
      note: "hello",
      agree: true,
      photo: "",
    });
  });

  it("keeps the defaults for what is empty, and without the form (a client-side navigation)", () => {
    serverForm(`<input name="name" value=""><input type="radio" name="purpose" value="a">`);
    expect(enteredBeforeHydration('[data-testid="f"]', { ...defaults, name: "Sari" })).toEqual({
      ...defaults,
      name: "Sari",
    });
    expect(enteredBeforeHydration('[data-testid="other"]', defaults)).toBe(defaults);
  });
});

describe("useEnteredBeforeHydration", () => {
  function Probe({ seen }: { seen: (value: { name: string }) => void }) {
    const values = useEnteredBeforeHydration('[data-testid="f"]', () => ({ name: "" }));
    seen(values);
    return createElement("form", { "data-testid": "f" }, createElement("input", { name: "name" }));
  }

  it("reads the server's form in the hydration render only, never for a form mounted later", async () => {
    const first = document.createElement("div");
    document.body.append(first);
    const seen: { name: string }[] = [];
    const probe = createElement(Probe, { seen: (value) => seen.push(value) });
    first.innerHTML = renderToString(probe);
    expect(seen).toEqual([{ name: "" }]);
    // The visitor types before the page's code runs.
    const input = first.querySelector("input");
    if (input) input.value = "Budi";
    const hydratedRoot = await act(async () => hydrateRoot(first, probe));
    expect(seen.at(-1)).toEqual({ name: "Budi" });
    // A second form mounted while the first is still in the page ("New package") starts empty.
    const second = document.createElement("div");
    document.body.append(second);
    const laterRoot = createRoot(second);
    await act(async () => laterRoot.render(createElement(Probe, { seen: (value) => seen.push(value) })));
    expect(seen.at(-1)).toEqual({ name: "" });
    act(() => {
      hydratedRoot.unmount();
      laterRoot.unmount();
    });
  });
});
