import type { ComponentPropsWithoutRef } from "react";
import styles from "./icon-button.module.css";

type IconButtonProps = {
  /** What the button does, in words: its accessible name (the icon is decorative). */
  label: string;
} & Omit<ComponentPropsWithoutRef<"button">, "aria-label" | "type">;

/** A button that shows only an icon, as the web-view bar's back, close and share buttons do. */
export function IconButton({ label, className, children, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      className={className ? `${styles.button} ${className}` : styles.button}
      aria-label={label}
      {...rest}
    >
      {children}
    </button>
  );
}
