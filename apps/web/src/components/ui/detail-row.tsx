import type { ReactNode } from "react";
import styles from "./detail-row.module.css";

/**
 * A label / value row of a `<dl>` (the rent screens' cards, the overdue page's details); a screen's
 * `className` adds its own look to the row, `valueClassName` to the value.
 */
export function DetailRow({
  label,
  children,
  className,
  valueClassName,
  testId,
  valueTestId,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string | undefined;
  valueClassName?: string | undefined;
  testId?: string | undefined;
  valueTestId?: string | undefined;
}) {
  return (
    <div className={className ? `${styles.row} ${className}` : styles.row} data-testid={testId}>
      <dt>{label}</dt>
      <dd className={valueClassName} data-testid={valueTestId}>
        {children}
      </dd>
    </div>
  );
}
