import "../lib/i18n/messages/payment";
import { useEffect, useRef } from "react";
import { usePaymentCheck } from "../api/check-payment";
import { useT } from "../lib/i18n/i18n";
import { Button } from "./button";
import { AlertIcon } from "./icons";
import { Spinner } from "./loaders";
import { PageTitle } from "./page-title";
import styles from "./payment-check.module.css";
import { PaymentCheckCard, type PaymentCheckProps } from "./payment-check-card";

/** What `PaymentCheck` shows once loaded (see there); `since`: when the browser came back. */
export function PaymentCheckPanel({
  orderid,
  token,
  variant,
  onSettled,
  onPayAgain,
  since,
}: PaymentCheckProps & { since: number }) {
  const { t } = useT();
  const { phase, checkAgain } = usePaymentCheck(orderid, token, since);
  const screen = variant === "screen";
  const Heading = screen ? "h1" : "h2";
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => {
    if (phase !== "checking" && phase !== "pending" && phase !== "unconfirmed") settled.current(phase);
  }, [phase]);

  const unconfirmed = phase === "unconfirmed";
  const pending = phase === "pending";
  const title = unconfirmed
    ? t("payment.notConfirmed")
    : pending
      ? t("payment.confirming")
      : t("payment.checking");
  const line = unconfirmed ? t("payment.notConfirmedLine") : pending ? t("payment.confirmingLine") : null;
  // "Check again" is the screen's primary action; a view's own primary action stays the one there.
  const [checkVariant, payVariant] = screen
    ? (["primary", "secondary"] as const)
    : (["secondary", "ghost"] as const);
  return (
    <PaymentCheckCard phase={phase} variant={variant} aria-live="polite">
      {/* A screen of its own is named as its heading says: not "paid" while it is not confirmed. */}
      {screen ? <PageTitle title={title} /> : null}
      <div className={styles.head}>
        {unconfirmed ? (
          <span className={`circle ${styles.icon}`}>
            <AlertIcon size={screen ? 28 : 20} />
          </span>
        ) : (
          <Spinner size={screen ? 40 : 24} />
        )}
        <div className={`stack ${styles.text}`}>
          <Heading className={styles.title}>{title}</Heading>
          {line ? <p className={styles.line}>{line}</p> : null}
        </div>
      </div>
      {unconfirmed ? (
        <div className={`stack ${styles.actions}`}>
          <Button block variant={checkVariant} onClick={checkAgain} data-testid="payment-check-again">
            {t("payment.checkAgain")}
          </Button>
          <Button block variant={payVariant} onClick={onPayAgain} data-testid="payment-pay-again">
            {t("payment.payAgain")}
          </Button>
        </div>
      ) : null}
    </PaymentCheckCard>
  );
}
