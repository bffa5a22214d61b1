import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";
import styles from "./button.module.css";

type Variant = "primary" | "secondary" | "ghost";

interface Common {
  variant?: Variant;
  /** Full width (the default on mobile for primary actions). */
  block?: boolean;
}

function classes({ variant = "primary", block }: Common, extra?: string) {
  return [styles.button, styles[variant], block ? styles.block : "", extra ?? ""].filter(Boolean).join(" ");
}

export function Button({
  variant,
  block,
  className,
  type = "button",
  ...rest
}: Common & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={classes({ variant, block }, className)} {...rest} />;
}

export function ButtonLink({ variant, block, className, ...rest }: Common & LinkProps) {
  return <Link className={classes({ variant, block }, className)} {...rest} />;
}

/** A link to another site that looks like a button (a map, the help chat): it works without scripts. */
export function ButtonAnchor({
  variant,
  block,
  className,
  ...rest
}: Common & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className={classes({ variant, block }, className)} {...rest} />;
}
