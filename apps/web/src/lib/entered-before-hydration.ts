import { useContext, useEffect, useState } from "react";
import { TakesOverServerCopy } from "./server-copy";
import { useHydrated } from "./ssr/use-hydrated";

/**
 * What the visitor entered into the server's copy of a form before the page hydrated, over
 * `defaults`. react-hook-form registers each field with its default value and so undoes what was
 * entered before it ran (a chosen radio button comes back unchosen); a form takes these as its
 * default values instead. On the server, and without the form in the page, it is `defaults`. Files
 * are not read: a photo is prepared by the page, which must be running to take it.
 */
export function enteredBeforeHydration<T extends Record<string, unknown>>(
  formSelector: string,
  defaults: T,
): T {
  if (typeof document === "undefined") return defaults;
  const form = document.querySelector(formSelector);
  if (!(form instanceof HTMLFormElement)) return defaults;
  const values: Record<string, unknown> = { ...defaults };
  for (const name of Object.keys(defaults)) {
    const field = form.elements.namedItem(name);
    if (field instanceof RadioNodeList) {
      if (field.value !== "") values[name] = field.value;
    } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.type === "checkbox") values[name] = field.checked;
      else if (field.checked) values[name] = field.value;
    } else if (
      (field instanceof HTMLInputElement && field.type !== "file") ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ) {
      if (field.value !== "") values[name] = field.value;
    }
  }
  return values as T;
}

/**
 * A form's default values: what was entered before hydration (`asTyped` makes it what typing into
 * the running page would have made it), read only in the hydration render or when the form takes
 * over the server's copy of itself. A form mounted later (a client-side navigation, "New package"
 * while the old form is still in the page) starts from `defaults`.
 */
export function useEnteredBeforeHydration<T extends Record<string, unknown>>(
  formSelector: string,
  defaults: () => T,
  asTyped: (entered: T) => T = (entered) => entered,
): T {
  const hydrating = !useHydrated();
  const takingOver = useContext(TakesOverServerCopy);
  const [values] = useState(() =>
    hydrating || takingOver ? asTyped(enteredBeforeHydration(formSelector, defaults())) : defaults(),
  );
  return values;
}

/**
 * After a form's first render from what was entered (`useEnteredBeforeHydration`): each field the
 * visitor filled in and left — not the one still focused — is checked as leaving it in the running
 * form would have (`check`: touch and validate it), so a form that shows a field's message once it
 * is left (`onTouched`) shows it for a field left before the form's code arrived.
 */
export function useLeftFieldsChecked<T extends Record<string, unknown>>(
  entered: T,
  defaults: () => T,
  check: (name: keyof T & string, value: T[keyof T & string]) => void,
): void {
  const [initial] = useState(() => ({ entered, defaults: defaults() }));
  const [checkFirst] = useState(() => check);
  useEffect(() => {
    const active = document.activeElement;
    for (const name of Object.keys(initial.entered) as (keyof T & string)[]) {
      if (initial.entered[name] === initial.defaults[name]) continue;
      if (active instanceof HTMLElement && active.getAttribute("name") === name) continue;
      checkFirst(name, initial.entered[name]);
    }
  }, [initial, checkFirst]);
}
