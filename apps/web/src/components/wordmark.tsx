import styles from "./wordmark.module.css";

interface WordmarkProps {
  /** Product name, e.g. "Paxel": reads "PaxelBox". */
  product: string;
  /** Light variant for dark backgrounds. */
  tone?: "default" | "light";
  size?: "md" | "lg";
}

/**
 * The product wordmark: our own drawn locker mark (a box with doors and a check) plus the
 * name in the brand type. The name is live text so any configured product name fits.
 */
export function Wordmark({ product, tone = "default", size = "md" }: WordmarkProps) {
  const name = `${product}Box`;
  return (
    <span className={styles.wordmark} data-tone={tone} data-size={size} role="img" aria-label={name}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="1" y="1" width="30" height="30" rx="8" className={styles.markBox} />
        <rect x="7" y="7" width="8" height="8" rx="1.5" className={styles.markDoor} />
        <rect x="17" y="7" width="8" height="8" rx="1.5" className={styles.markDoor} />
        <rect x="7" y="17" width="8" height="8" rx="1.5" className={styles.markDoor} />
        <rect x="17" y="17" width="8" height="8" rx="1.5" className={styles.markAccent} />
      </svg>
      <span className={styles.text} aria-hidden="true">
        {product}
        <span className={styles.box}>Box</span>
      </span>
    </span>
  );
}
