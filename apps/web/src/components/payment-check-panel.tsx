import { useEffect, useRef } from "react";
import { usePaymentCheck } from "../api/check-payment";
import { useT } from "../lib/i18n/i18n";
import { Button } from "./button";
import type { PaymentCheckProps } from "./payment-check-card";
import { PaymentCheckView, paymentCheckActionVariants } from "./payment-check-view";

/** What `PaymentCheck` shows once loaded (see there); `since`: when the browser came back. */
export function PaymentCheckPanel({
  orderid,
  token,
  variant,
  onSettled,
  onPayAgain,
  initialPhase,
  since,
}: PaymentCheckProps & { since: number }) {
  const { t } = useT();
  const { phase, checkAgain } = usePaymentCheck(orderid, token, since, initialPhase);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => {
    if (phase !== "checking" && phase !== "pending" && phase !== "unconfirmed") settled.current(phase);
  }, [phase]);

  const [checkVariant, payVariant] = paymentCheckActionVariants(variant);
  return (
    <PaymentCheckView
      phase={phase}
      variant={variant}
      actions={
        <>
          <Button block variant={checkVariant} onClick={checkAgain} data-testid="payment-check-again">
            {t("payment.checkAgain")}
          </Button>
          <Button block variant={payVariant} onClick={onPayAgain} data-testid="payment-pay-again">
            {t("payment.payAgain")}
          </Button>
        </>
      }
    />
  );
}
