// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { enteredBeforeHydration } from "./entered-before-hydration";

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
