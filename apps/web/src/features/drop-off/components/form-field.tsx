import type { ReactNode } from "react";
import { AlertIcon } from "../../../components/icons";
import styles from "./form-field.module.css";

export interface FieldIds {
  input: string;
  hint: string;
  error: string;
}

/** `aria-describedby` of a field: its hint and, when shown, its error. */
export function describedBy(ids: FieldIds, hasHint: boolean, error: string | undefined): string | undefined {
  return [hasHint ? ids.hint : "", error ? ids.error : ""].filter(Boolean).join(" ") || undefined;
}

interface FormFieldProps {
  ids: FieldIds;
  label: ReactNode;
  /** `legend` for a group (the slider), `label` for one control. */
  as?: "label" | "group";
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  testId?: string;
}

/** Label above, hint under, error under that in red with an icon (VISUAL.md forms). */
export function FormField({ ids, label, as = "label", hint, error, children, testId }: FormFieldProps) {
  return (
    <div className={styles.field} data-invalid={error ? true : undefined} data-testid={testId}>
      {as === "label" ? (
        <label className={styles.label} htmlFor={ids.input}>
          {label}
        </label>
      ) : (
        <span className={styles.label} id={`${ids.input}-label`}>
          {label}
        </span>
      )}
      {children}
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
    </div>
  );
}

export const inputClassName = styles.input;
