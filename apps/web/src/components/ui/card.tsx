import type { ComponentPropsWithoutRef, ElementType, ReactNode } from "react";
import styles from "./card.module.css";

type CardProps<As extends ElementType> = {
  /** The element the card is: a `section` with a heading, a `div`, a `p`, a `details`… */
  as?: As;
  /** Content centred, as a result or a QR card is. */
  centered?: boolean;
  className?: string;
  children?: ReactNode;
} & Omit<ComponentPropsWithoutRef<As>, "as" | "className" | "children">;

/** The card surface every web-view screen stacks its content in. */
export function Card<As extends ElementType = "div">({
  as,
  centered,
  className,
  children,
  ...rest
}: CardProps<As>) {
  const Element: ElementType = as ?? "div";
  const classes = ["stack", styles.card, centered ? styles.centered : null, className]
    .filter(Boolean)
    .join(" ");
  return (
    <Element className={classes} {...rest}>
      {children}
    </Element>
  );
}

/** A card's heading (`h2` unless told otherwise), at the card title size. */
export function CardTitle({
  as: Heading = "h2",
  className,
  ...rest
}: { as?: "h2" | "h3" | "p" } & ComponentPropsWithoutRef<"h2">) {
  return <Heading className={[styles.title, className].filter(Boolean).join(" ")} {...rest} />;
}

/**
 * The smaller amber note inside a card (a settings text's, or a screen's own line), role `note`;
 * its content laid out by `className`.
 */
export function CardNote({
  as: Element = "div",
  className,
  ...rest
}: { as?: "div" | "p" } & ComponentPropsWithoutRef<"div">) {
  return <Element role="note" className={[styles.note, className].filter(Boolean).join(" ")} {...rest} />;
}

/**
 * The chevron of what a card opens, decorative: turned while `open`, or by itself in the summary of
 * an open `<details>`.
 */
export function CardChevron({ open }: { open?: boolean }) {
  return <span className={styles.chevron} data-open={open || undefined} aria-hidden="true" />;
}

/** The white card a QR sits in (its quiet zone on any background); also holds its stand-ins. */
export function QrCard(props: Omit<ComponentPropsWithoutRef<"div">, "className">) {
  return <div className={styles.qrCard} {...props} />;
}

/** A QR the server drew as an image (the drop-off QR, the paid overdue's QR), in its card. */
export function QrImage({ src, alt, testId }: { src: string; alt: string; testId?: string }) {
  return (
    <QrCard>
      <img
        src={src}
        width={300}
        height={300}
        alt={alt}
        className={`${styles.qr} ${styles.qrImage}`}
        data-testid={testId}
      />
    </QrCard>
  );
}

/** Secondary text inside a card. */
export const cardStyles = styles;
