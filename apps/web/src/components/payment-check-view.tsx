import "../lib/i18n/messages/payment";
import type { ReactNode } from "react";
import type { PaymentCheckPhase } from "../api/check-payment";
import { useT } from "../lib/i18n/i18n";
import { Button, ButtonLink } from "./button";
import { AlertIcon } from "./icons";
import { Spinner } from "./loaders";
import { PageTitle } from "./page-title";
import styles from "./payment-check.module.css";
import { PaymentCheckCard, type PaymentCheckProps } from "./payment-check-card";

/** A phase of the check that is not settled: what the check's card shows. */
export type OpenPaymentCheckPhase = Extract<PaymentCheckPhase, "checking" | "pending" | "unconfirmed">;

/** The check's buttons or links: "check again" is a screen's primary action, a view's quiet one. */
export const paymentCheckActionVariants = (variant: PaymentCheckProps["variant"]) =>
  variant === "screen" ? (["primary", "secondary"] as const) : (["secondary", "ghost"] as const);

/** The check's two ways on, as buttons: check again, or go back to the pay form. */
export function PaymentCheckActions({
  variant,
  onCheckAgain,
  onPayAgain,
}: {
  variant: PaymentCheckProps["variant"];
  onCheckAgain: () => void;
  onPayAgain: () => void;
}) {
  const { t } = useT();
  const [checkVariant, payVariant] = paymentCheckActionVariants(variant);
  return (
    <>
      <Button block variant={checkVariant} onClick={onCheckAgain} data-testid="payment-check-again">
        {t("payment.checkAgain")}
      </Button>
      <Button block variant={payVariant} onClick={onPayAgain} data-testid="payment-pay-again">
        {t("payment.payAgain")}
      </Button>
    </>
  );
}

/**
 * The check's card: its heading and line and, `unconfirmed`, its two ways on (`actions`). Settled, it
 * keeps its spinner until the screen shows the outcome.
 */
export function PaymentCheckView({
  phase,
  variant,
  actions,
}: {
  phase: PaymentCheckPhase;
  variant: PaymentCheckProps["variant"];
  actions: ReactNode;
}) {
  const { t } = useT();
  const screen = variant === "screen";
  const Heading = screen ? "h1" : "h2";
  const unconfirmed = phase === "unconfirmed";
  const pending = phase === "pending";
  const title = unconfirmed
    ? t("payment.notConfirmed")
    : pending
      ? t("payment.confirming")
      : t("payment.checking");
  const line = unconfirmed ? t("payment.notConfirmedLine") : pending ? t("payment.confirmingLine") : null;
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
      {unconfirmed ? <div className={`stack ${styles.actions}`}>{actions}</div> : null}
    </PaymentCheckCard>
  );
}

/** The check the server made for the page it drew, and the addresses of its ways on. */
export interface ServedPaymentCheck {
  phase: OpenPaymentCheckPhase;
  /** The page again, its minute of waiting started afresh. */
  checkAgainHref: string;
  /** The screen's pay flow. */
  payAgainHref: string;
  /** While the payment is being confirmed: the page a browser without scripts asks for next. */
  refreshHref: string | null;
}

/** How often a page without scripts asks again while it waits (`paymentCheckPollMs` with them). */
const noScriptRecheckSeconds = 5;

/**
 * The server's check as its page draws it, before and without scripts: its ways on are links that
 * load a document (the server checks again, or draws the pay form), and while it waits a browser
 * without scripts asks for the page again by itself (`refreshHref`).
 */
export function ServedPaymentCheckView({
  served,
  variant,
}: {
  served: ServedPaymentCheck;
  variant: PaymentCheckProps["variant"];
}) {
  const { t } = useT();
  const [checkVariant, payVariant] = paymentCheckActionVariants(variant);
  return (
    <>
      {served.refreshHref ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${noScriptRecheckSeconds};url=${served.refreshHref}`} />
        </noscript>
      ) : null}
      <PaymentCheckView
        phase={served.phase}
        variant={variant}
        actions={
          <>
            <ButtonLink
              block
              variant={checkVariant}
              to={served.checkAgainHref}
              reloadDocument
              data-testid="payment-check-again"
            >
              {t("payment.checkAgain")}
            </ButtonLink>
            <ButtonLink
              block
              variant={payVariant}
              to={served.payAgainHref}
              reloadDocument
              data-testid="payment-pay-again"
            >
              {t("payment.payAgain")}
            </ButtonLink>
          </>
        }
      />
    </>
  );
}
