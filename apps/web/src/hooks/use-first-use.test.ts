// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { enteredIn } from "./use-first-use";

afterEach(() => {
  document.body.innerHTML = "";
});

function area(html: string): HTMLElement {
  const element = document.body.appendChild(document.createElement("div"));
  element.innerHTML = html;
  return element;
}

describe("enteredIn", () => {
  it("reads a choice list showing its first option, none marked, as nothing chosen; a choice as entered", () => {
    const form = area(
      '<select name="size"><option value="">Choose</option><option value="S">S</option></select>',
    );
    expect(enteredIn(form)).toBe(false);
    (form.querySelector("select") as HTMLSelectElement).value = "S";
    expect(enteredIn(form)).toBe(true);
  });

  it("reads a list showing its marked option as nothing chosen, and going back to the first as a choice", () => {
    const form = area(
      '<select name="size"><option value="">Choose</option><option value="S" selected>S</option></select>',
    );
    expect(enteredIn(form)).toBe(false);
    (form.querySelector("select") as HTMLSelectElement).value = "";
    expect(enteredIn(form)).toBe(true);
  });

  it("reads text typed, a box ticked and a field left as drawn", () => {
    const form = area('<input name="a" value="drawn"><input type="checkbox" name="b"><textarea>x</textarea>');
    expect(enteredIn(form)).toBe(false);
    (form.querySelector("input[type=checkbox]") as HTMLInputElement).checked = true;
    expect(enteredIn(form)).toBe(true);
    (form.querySelector("input[type=checkbox]") as HTMLInputElement).checked = false;
    (form.querySelector("input[name=a]") as HTMLInputElement).value = "typed";
    expect(enteredIn(form)).toBe(true);
  });
});
