import type { ReactNode } from "react";
import { OfflineQrHint } from "../../../components/offline-notice";
import { QrCode } from "../../../components/qr-code";
import { useOnline } from "../../../lib/offline-cache";
import styles from "./rent-status.module.css";

interface DoorQrProps {
  /** The QR text the locker expects; `null` shows `missing` instead. */
  value: string | null;
  /** Accessible name of the QR. */
  label: string;
  doorLabel: string;
  doorNumber: string;
  /** What to do next, in one line. */
  hint: string;
  missing: string;
  title?: ReactNode;
  testId?: string;
  children?: ReactNode;
}

/** A QR in its white card with the door number large under it and the next step in one line. */
export function DoorQr({
  value,
  label,
  doorLabel,
  doorNumber,
  hint,
  missing,
  title,
  testId,
  children,
}: DoorQrProps) {
  const online = useOnline();
  return (
    <section
      className={`${styles.card} ${styles.qrBlock}`}
      data-testid={testId}
      aria-label={title ? undefined : label}
    >
      {title}
      {value ? (
        <div data-testid="qr">
          <QrCode value={value} label={label} />
        </div>
      ) : (
        <p className={styles.qrMissing} data-testid="qr-missing">
          {missing}
        </p>
      )}
      <p className={styles.qrDoor} data-testid="qr-door">
        <span className={styles.qrDoorLabel}>{doorLabel}</span>
        <span className={styles.qrDoorNumber}>{doorNumber}</span>
      </p>
      {value ? <p className={styles.qrHint}>{hint}</p> : null}
      {value && online ? <OfflineQrHint /> : null}
      {children}
    </section>
  );
}
