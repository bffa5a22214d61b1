import { useEffect, useState } from "react";
import { useT } from "../lib/i18n";
import { Spinner } from "./loaders";
import { PaymentCheckCard, type PaymentCheckProps } from "./payment-check-card";

type PanelModule = typeof import("./payment-check-panel");
let panelModule: PanelModule | undefined;

/**
 * The check of an overdue payment after the gateway brought the browser back (payment_status
 * SUCCESS, which proves nothing): "checking" → "being confirmed" while the payment is PENDING →
 * after a minute at most, a message with "check again" and "pay again". The check and its texts
 * load when a return is shown, not with the screen (ADR 006); a spinner holds their place.
 */
export function PaymentCheck(props: PaymentCheckProps) {
  const { t } = useT();
  // The minute of waiting counts from the return (this first render), not from the check's loading.
  const [returnedAt] = useState(() => Date.now());
  const [panel, setPanel] = useState(() => panelModule);
  useEffect(() => {
    if (panel) return;
    let active = true;
    import("./payment-check-panel")
      .then((module) => {
        panelModule = module;
        if (active) setPanel(module);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [panel]);
  if (panel) return <panel.PaymentCheckPanel {...props} since={returnedAt} />;
  return (
    <PaymentCheckCard phase="loading" variant={props.variant}>
      <Spinner size={props.variant === "screen" ? 40 : 24} label={t("common.loading")} />
    </PaymentCheckCard>
  );
}
