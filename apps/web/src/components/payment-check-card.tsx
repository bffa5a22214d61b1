import type { ComponentPropsWithoutRef, ReactNode } from "react";
import type { PaymentCheckPhase, SettledPayment } from "../api/check-payment";
import styles from "./payment-check.module.css";
import { Card, cardStyles } from "./ui/card";

export interface PaymentCheckProps {
  orderid: string | number;
  token: string | null;
  /**
   * `screen`: the screen's content (an h1, centred, its "check again" the primary action);
   * `section`: one card of a view whose own primary action stays the one (an h2, both buttons quiet).
   */
  variant: "screen" | "section";
  /**
   * Called once when the payment is settled; the screen then shows the outcome (paid, or its pay
   * screen with the failure text). Until it does, the check keeps its spinner.
   */
  onSettled: (status: SettledPayment) => void;
  /** "Pay again": the screen's pay flow. */
  onPayAgain: () => void;
  /** What shows until the check's code is there instead of a spinner: the server's check of its page. */
  fallback?: ReactNode;
  /** Where that check left the payment: shown until this check answers for the first time. */
  initialPhase?: PaymentCheckPhase;
}

/** The check's card (`payment-check`), its phase and variant as data attributes. */
export function PaymentCheckCard({
  phase,
  variant,
  children,
  ...rest
}: {
  phase: string;
  variant: PaymentCheckProps["variant"];
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<"section">, "children">) {
  return (
    <Card
      as="section"
      className={`${cardStyles.roomy} ${styles.check}`}
      data-testid="payment-check"
      data-phase={phase}
      data-variant={variant}
      {...rest}
    >
      {children}
    </Card>
  );
}
