import type { ComponentPropsWithoutRef, ReactNode } from "react";
import styles from "./sticky-action-bar.module.css";

interface StickyActionBarProps extends ComponentPropsWithoutRef<"div"> {
  /** A short line above the button (up to two lines), such as why it is disabled. */
  note?: ReactNode;
  noteId?: string;
  /** A note a page whose scripts do not run shows in the same place (inside `<noscript>`). */
  noScriptNote?: ReactNode;
  /** `false`: the actions stay in the flow at the end of the content (wide screens). */
  sticky?: boolean;
  children: ReactNode;
}

/**
 * The bar at the bottom of a web-view screen holding its one primary action (VISUAL.md): one
 * button, with an optional note above it. It goes last in the screen, full width, with no padding
 * under it (a screen with side padding gives it a negative side margin). It sets the page's scroll
 * padding (`--sticky-bottom`, base.css) to its height, so a focused control stops above it with
 * its notes, never under it (WCAG 2.4.11).
 */
export function StickyActionBar({
  note,
  noteId,
  noScriptNote,
  sticky = true,
  className,
  children,
  ...rest
}: StickyActionBarProps) {
  const classes = ["stack", sticky ? styles.sticky : styles.inline, className].filter(Boolean).join(" ");
  return (
    <div className={classes} {...rest}>
      {note ? (
        <p className={styles.note} id={noteId}>
          {note}
        </p>
      ) : null}
      {noScriptNote ? (
        <noscript>
          <p className={styles.note}>{noScriptNote}</p>
        </noscript>
      ) : null}
      {children}
    </div>
  );
}
