import { type ReactNode, useId } from "react";
import { useOnline } from "../../lib/offline/offline-cache";
import { OfflineQrHint } from "../offline-notice";
import { QrCode } from "../qr-code";
import { Card, cardStyles } from "./card";
import styles from "./door-qr-card.module.css";

interface DoorQrCardProps {
  /** The card's heading; without one the card is named by `label`. */
  title?: ReactNode;
  /** `h1` where the card is the page's subject (the open-locker page). */
  headingLevel?: "h1" | "h2";
  /** The QR text the locker expects; none shows `missing` instead of the QR and the instruction. */
  value: string | null | undefined;
  /** Accessible name of the QR, e.g. "QR code to open door 12". */
  label: string;
  /** The caption above the door number ("Door"). */
  doorLabel: string;
  doorNumber: string | number;
  /** What to do next, in one line. */
  instruction: string;
  /** Said in place of the QR when there is none. */
  missing?: ReactNode;
  /**
   * Whether the "works without signal" hint shows under the QR; by default while the browser is
   * online (the screen passes its own offline state where it has one).
   */
  offlineHint?: boolean;
  testId?: string;
  /** Test id of the QR's box (`qr`). */
  qrTestId?: string;
  /** Test id of the door number (`qr-door`). */
  doorTestId?: string;
  /** Under the instruction: validity, a countdown, a warning… */
  children?: ReactNode;
}

/**
 * The door QR of the web-view screens (VISUAL.md): the QR in its white card, the door number large
 * under it and what to do next in one line, the heading at the card's start like every card title.
 */
export function DoorQrCard({
  title,
  headingLevel: Heading = "h2",
  value,
  label,
  doorLabel,
  doorNumber,
  instruction,
  missing,
  offlineHint,
  testId,
  qrTestId = "qr",
  doorTestId = "qr-door",
  children,
}: DoorQrCardProps) {
  const online = useOnline();
  const headingId = useId();
  return (
    <Card
      as="section"
      centered
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : label}
      data-testid={testId}
    >
      {title ? (
        <Heading id={headingId} className={`${cardStyles.title} ${styles.title}`}>
          {title}
        </Heading>
      ) : null}
      {value ? (
        <div data-testid={qrTestId}>
          <QrCode value={value} label={label} />
        </div>
      ) : (
        <p className={styles.missing} data-testid="qr-missing">
          {missing}
        </p>
      )}
      <DoorNumber label={doorLabel} number={doorNumber} testId={doorTestId} />
      {value ? <p className={styles.instruction}>{instruction}</p> : null}
      {value && (offlineHint ?? online) ? <OfflineQrHint /> : null}
      {children}
    </Card>
  );
}

/** The door number large under its caption, as under a door QR. */
export function DoorNumber({
  label,
  number,
  testId,
}: {
  label: string;
  number: string | number;
  testId?: string;
}) {
  return (
    <p className={styles.door} data-testid={testId}>
      <span className={`caption ${styles.doorLabel}`}>{label}</span>
      <span className={styles.doorNumber}>{number}</span>
    </p>
  );
}
