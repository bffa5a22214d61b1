import type { ComponentProps } from "react";
import styles from "./qr-card.module.css";

export { styles as qrStyles };

/** The white card a QR sits in (its quiet zone on any background); also holds its stand-ins. */
export function QrCard(props: Omit<ComponentProps<"div">, "className">) {
  return <div {...props} className={styles.card} />;
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
        className={`${styles.qr} ${styles.image}`}
        data-testid={testId}
      />
    </QrCard>
  );
}
