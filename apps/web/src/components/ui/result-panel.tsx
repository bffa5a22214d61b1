import type { ComponentPropsWithoutRef, ReactNode } from "react";
import cardStyles from "./card.module.css";
import styles from "./result-panel.module.css";

interface ResultPanelProps extends Omit<ComponentPropsWithoutRef<"div">, "title" | "children"> {
  /** An icon, shown in a round badge of the tone. */
  icon?: ReactNode;
  tone?: "success" | "danger";
  /** A picture shown as it is, in place of the icon. */
  illustration?: ReactNode;
  title: ReactNode;
  message?: ReactNode;
  messageTestId?: string;
  /** The panel's buttons: as wide as a phone screen allows, under everything else. */
  actions?: ReactNode;
  /** On a card surface, for a panel that stands alone in a wide page. */
  card?: boolean;
  /** More content between the message and the actions. */
  children?: ReactNode;
}

/** What a flow ends with, or a page that has nothing to show: a centred icon, title, line and actions. */
export function ResultPanel({
  icon,
  tone = "success",
  illustration,
  title,
  message,
  messageTestId,
  actions,
  card,
  className,
  children,
  ...rest
}: ResultPanelProps) {
  const classes = [
    "stack",
    styles.panel,
    card ? cardStyles.card : null,
    card ? styles.card : null,
    className,
  ];
  return (
    <div className={classes.filter(Boolean).join(" ")} data-tone={tone} {...rest}>
      {illustration ?? (icon ? <span className={`circle ${styles.icon}`}>{icon}</span> : null)}
      <h1 className={styles.title}>{title}</h1>
      {message ? (
        <p className={styles.message} data-testid={messageTestId}>
          {message}
        </p>
      ) : null}
      {children}
      {actions ? <div className={`stack ${styles.actions}`}>{actions}</div> : null}
    </div>
  );
}
