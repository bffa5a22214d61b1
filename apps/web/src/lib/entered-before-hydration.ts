import { useContext, useState } from "react";
import { TakesOverServerCopy } from "./server-copy";
import { useHydrated } from "./use-hydrated";

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
