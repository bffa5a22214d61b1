import { useEffect, useRef } from "react";
import { usePaymentCheck } from "../api/check-payment";
import type { PaymentCheckProps } from "./payment-check-card";
import { PaymentCheckActions, PaymentCheckView } from "./payment-check-view";

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
  const { phase, checkAgain } = usePaymentCheck(orderid, token, since, initialPhase);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => {
    if (phase !== "checking" && phase !== "pending" && phase !== "unconfirmed") settled.current(phase);
  }, [phase]);

  return (
    <PaymentCheckView
      phase={phase}
      variant={variant}
      actions={<PaymentCheckActions variant={variant} onCheckAgain={checkAgain} onPayAgain={onPayAgain} />}
    />
  );
}
