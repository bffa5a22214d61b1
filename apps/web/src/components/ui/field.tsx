import { type FocusEvent, type HTMLAttributes, type ReactNode, useId } from "react";
import { useHeldWhilePressed } from "../../hooks/use-held-while-pressed";
import { AlertIcon } from "../icons";
import "./field.css";

/** The class names of `field.css`. */
const styles = {
  field: "field",
  label: "field-label",
  hint: "field-hint",
  error: "field-error",
  input: "field-input",
} as const;

/** The ids of a field: its control, its hint and its error message. */
export interface FieldIds {
  input: string;
  hint: string;
  error: string;
}

/** The ids of the field whose control has the id `input`. */
export function fieldIds(input: string): FieldIds {
  return { input, hint: `${input}-hint`, error: `${input}-error` };
}

/** `aria-describedby` of a field: its hint and, when shown, its error. */
export function describedBy(ids: FieldIds, hasHint: boolean, error: unknown): string | undefined {
  return [hasHint ? ids.hint : "", error ? ids.error : ""].filter(Boolean).join(" ") || undefined;
}

/**
 * A `register` option of react-hook-form for a text control whose value loses the spaces around it
 * when the person leaves it (spec §5): `set` receives the trimmed value, only when it differs.
 */
export function trimOnBlur(set: (trimmed: string) => void) {
  return {
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const trimmed = event.currentTarget.value.trim();
      if (trimmed !== event.currentTarget.value) set(trimmed);
    },
  };
}

/** What a field gives its control: its id, and the hint and error that describe it. */
export interface FieldControl {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps extends Omit<HTMLAttributes<HTMLElement>, "children" | "id"> {
  /** The control's id (generated when not given); the hint and the error take theirs from it. */
  id?: string;
  /**
   * `label` for one control, `group` for a control named by a text of its own (a slider),
   * `fieldset` for a set of radios or checkboxes (the label is its `legend`). No label: the
   * control carries its own (a checkbox inside its label).
   */
  as?: "label" | "group" | "fieldset";
  label?: ReactNode;
  hint?: ReactNode;
  /** The message of the field's error, shown under the hint; the field is invalid while it is set. */
  error?: ReactNode;
  testId?: string;
  /** The control: as is, or built from the ids and states the field gives it. */
  children: ReactNode | ((control: FieldControl) => ReactNode);
}

/**
 * A form field (VISUAL.md forms): label above, hint under, error under that in red with an icon,
 * both tied to the control by `aria-describedby`. A message that comes or goes while a finger is on
 * the page waits for it to lift, so that it moves no control from under the finger.
 */
export function Field({
  id,
  as = "label",
  label,
  hint,
  error: currentError,
  testId,
  className,
  children,
  ...rest
}: FieldProps) {
  const error = useHeldWhilePressed(currentError);
  const generated = useId();
  const ids = fieldIds(id ?? generated);
  const invalid = error ? true : undefined;
  const control: FieldControl = {
    id: ids.input,
    "aria-invalid": invalid,
    "aria-describedby": describedBy(ids, Boolean(hint), error),
  };
  const Element = as === "fieldset" ? "fieldset" : "div";
  return (
    <Element
      className={["stack", styles.field, className].filter(Boolean).join(" ")}
      data-invalid={invalid}
      data-testid={testId}
      {...rest}
    >
      {label === undefined ? null : as === "fieldset" ? (
        <legend className={styles.label}>{label}</legend>
      ) : as === "group" ? (
        <span className={styles.label} id={`${ids.input}-label`}>
          {label}
        </span>
      ) : (
        <label className={styles.label} htmlFor={ids.input}>
          {label}
        </label>
      )}
      {typeof children === "function" ? children(control) : children}
      {hint ? (
        <p className={styles.hint} id={ids.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} id={ids.error} data-testid="field-error">
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      ) : null}
    </Element>
  );
}

/** The look of a text input, a select and a text area. */
export const inputClassName = styles.input;

/** The field's parts, for a note of the field's own (`hint`). */
export const fieldStyles = styles;
