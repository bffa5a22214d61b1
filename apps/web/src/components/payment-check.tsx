import { useState } from "react";
import { useT } from "../lib/i18n/i18n";
import { lazyModule, useLazyModule } from "../lib/ui/lazy-module";
import { Spinner } from "./loaders";
import { PageTitle } from "./page-title";
import { PaymentCheckCard, type PaymentCheckProps } from "./payment-check-card";

const checkPanel = lazyModule(() => import("./payment-check-panel"));

/**
 * The check of an overdue payment after the gateway brought the browser back (payment_status
 * SUCCESS, which proves nothing): "checking" → "being confirmed" while the payment is PENDING →
 * after a minute at most, a message with "check again" and "pay again". The check and its texts
 * load when a return is shown, not with the screen (ADR 006); a spinner holds their place, or the
 * server's check of the page it drew (`fallback`).
 */
export function PaymentCheck(props: PaymentCheckProps) {
  const { t } = useT();
  // The minute of waiting counts from the return (this first render), not from the check's loading.
  const [returnedAt] = useState(() => Date.now());
  const panel = useLazyModule(checkPanel);
  if (panel) return <panel.PaymentCheckPanel {...props} since={returnedAt} />;
  if (props.fallback) return props.fallback;
  return (
    <PaymentCheckCard phase="loading" variant={props.variant}>
      {props.variant === "screen" ? <PageTitle title={t("common.loading")} /> : null}
      <Spinner size={props.variant === "screen" ? 40 : 24} label={t("common.loading")} />
    </PaymentCheckCard>
  );
}
