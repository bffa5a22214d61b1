import type { OverdueDropoffDetail } from "@paxelbox/contract";
import { useEffect, useId } from "react";
import { useNavigate } from "react-router";
import { ButtonLink } from "../../../components/button";
import { AlertIcon, CheckCircleIcon } from "../../../components/icons";
import { ScreenSkeleton } from "../../../components/loaders";
import { PageTitle } from "../../../components/page-title";
import { Card, CardChevron, CardTitle, cardStyles } from "../../../components/ui/card";
import { DetailRow } from "../../../components/ui/detail-row";
import { ResultPanel } from "../../../components/ui/result-panel";
import { isFullDetail, useOverdueDetail } from "../../../domain/order/overdue-detail";
import { overdueEntryTarget, type PaymentReturn } from "../../../domain/order/overdue-entry";
import { sentBackState } from "../../../domain/order/sent-back";
import { useFormatDateTime } from "../../../hooks/use-hydration";
import { useVariant } from "../../../hooks/use-variant";
import type { Refused } from "../../../lib/forms/action.server";
import { isConnectionError } from "../../../lib/http/api-client";
import { formatRupiah } from "../../../lib/i18n/format";
import { useT } from "../../../lib/i18n/i18n";
import { storage } from "../../../lib/offline/storage";
import { paths } from "../../../paths";
import type { OverdueField } from "../lib/overdue-form";
import { OverduePayForm } from "./overdue-pay-form";
import styles from "./overdue-payment-screen.module.css";

interface OverduePaymentScreenProps {
  orderid: number | null;
  token: string | null;
  linkToken: string | null;
  paymentReturn: PaymentReturn;
  /** The route action's answer to the form's last post, when it did not go on to the gateway. */
  refused?: Refused<OverdueField> | undefined;
}

/** Overdue payment page (spec §2 "Overdue payment page", §4 entry rules, §5, §7). */
export function OverduePaymentScreen({
  orderid,
  token,
  linkToken,
  paymentReturn,
  refused,
}: OverduePaymentScreenProps) {
  const navigate = useNavigate();
  const detail = useOverdueDetail(orderid, token);
  const enabled = orderid !== null;
  const data = enabled ? detail.data : undefined;

  // Spec §4 entry rules; a gateway's successful return goes to the page that checks it with the server.
  const target = (() => {
    if (orderid === null) return paths.home.href();
    // A refunded charge is said here; the order page is one link away.
    if (paymentReturn === "refunded") return null;
    if (paymentReturn === "success") {
      return paths.overdue.successPayment.href({ orderid, token: linkToken ?? undefined });
    }
    // A refresh that fails for the connection (the signal back, the API not yet) keeps the form on
    // screen with what was typed; a refusal, or nothing to show, goes home.
    if (detail.isError && !(data && isConnectionError(detail.error))) return paths.home.href();
    if (!data) return null;
    const entry = overdueEntryTarget(data, orderid, linkToken);
    if (entry) return entry;
    // Staying needs the full detail, which only the link's token gives.
    return isFullDetail(data) ? null : paths.home.href();
  })();

  // Marked as sent back: the order page then does not send the visitor here again (lib/sent-back.ts).
  useEffect(() => {
    if (target) void navigate(target, { replace: true, state: sentBackState() });
  }, [target, navigate]);

  useEffect(() => {
    if (!isFullDetail(data) || target) return;
    storage.set("overdue", String(data.id));
    storage.set("overdue_dropoff_data", data);
  }, [data, target]);

  if (paymentReturn === "refunded" && orderid !== null) {
    return <PaymentRefunded order={paths.order.href({ orderid, token: linkToken ?? undefined })} />;
  }
  if (target || !isFullDetail(data)) return <ScreenSkeleton cards={3} />;
  return <OverdueView detail={data} token={token} paymentReturn={paymentReturn} refused={refused} />;
}

function OverdueView({
  detail,
  token,
  paymentReturn,
  refused,
}: {
  detail: OverdueDropoffDetail;
  token: string | null;
  paymentReturn: PaymentReturn;
  refused: Refused<OverdueField> | undefined;
}) {
  const { t } = useT();
  const formatTime = useFormatDateTime();
  const variant = useVariant();
  const headingId = useId();

  const warning =
    paymentReturn === "cancel"
      ? t("dropOff.overdue.cancelled")
      : paymentReturn === "failed"
        ? t("dropOff.overdue.failed")
        : null;

  return (
    <div className={`stack ${styles.screen}`} data-testid="overdue-screen" data-variant={variant}>
      {warning ? (
        <div className={styles.warning} role="alert" data-testid="overdue-warning">
          <AlertIcon size={20} />
          <p>{warning}</p>
        </div>
      ) : null}

      <Card as="section" aria-labelledby={headingId}>
        <CardTitle id={headingId}>{t("dropOff.overdue.heading")}</CardTitle>
        <p className={cardStyles.muted}>{t("dropOff.overdue.intro")}</p>
        <dl className={`stack ${styles.rows}`}>
          <Row
            label={t("dropOff.overdue.invoiceNumber")}
            value={detail.invoiceNumber ?? "–"}
            testId="overdue-invoice"
            unbroken
          />
          <Row
            label={t("dropOff.overdue.orderNumber")}
            value={detail.expressNumber}
            testId="overdue-order-number"
            unbroken
          />
          <Row label={t("dropOff.overdue.sender")} value={detail.senderName} />
          <Row label={t("dropOff.overdue.createdAt")} value={formatTime(detail.createTime)} />
          <Row label={t("dropOff.overdue.location")} value={detail.mouth.box.name} />
          <Row
            label={t("dropOff.overdue.doorNumber")}
            value={detail.mouth.number}
            testId="overdue-door"
            unbroken
          />
        </dl>
        {/* The browser's own disclosure: it opens without scripts, and says whether it is open. */}
        <details className={styles.total}>
          <summary className={styles.totalToggle} data-testid="overdue-total-toggle">
            <span className={styles.totalLabel}>{t("dropOff.overdue.total")}</span>
            <span className={styles.totalValue} data-testid="overdue-total">
              {formatRupiah(detail.overdueTotalPrice)}
            </span>
            <CardChevron />
          </summary>
          <dl className={`stack ${styles.breakdown}`} data-testid="overdue-breakdown">
            <Row
              label={t("dropOff.overdue.feePerDay")}
              value={formatRupiah(detail.overdueBasePrice)}
              unbroken
            />
            <Row
              label={t("dropOff.overdue.days")}
              value={t("dropOff.overdue.daysValue", { count: detail.overdueDays })}
            />
          </dl>
        </details>
      </Card>

      <OverduePayForm detail={detail} token={token} refused={refused} />
    </div>
  );
}

/**
 * The return of a charge the API refunded (another payment had paid the fee, or the parcel left the
 * locker): not 'time is up', which would send the payer to pay again for nothing.
 */
function PaymentRefunded({ order }: { order: string }) {
  const { t } = useT();
  return (
    <div className={`stack ${styles.screen}`} data-testid="overdue-refunded">
      <PageTitle title={t("dropOff.overdue.refundedTitle")} />
      {/* Nothing is owed and nothing is lost: the money is on its way back. */}
      <ResultPanel
        icon={<CheckCircleIcon size={36} />}
        title={t("dropOff.overdue.refundedTitle")}
        message={t("dropOff.overdue.refunded")}
        messageTestId="overdue-refunded-message"
        actions={
          <ButtonLink to={order} variant="primary" block data-testid="overdue-refunded-order">
            {t("dropOff.overdue.toOrder")}
          </ButtonLink>
        }
      />
    </div>
  );
}

/** A label / value row; `unbroken`: a number or an amount, kept on one line (the row wraps instead). */
function Row({
  label,
  value,
  testId,
  unbroken = false,
}: {
  label: string;
  value: string;
  testId?: string;
  unbroken?: boolean;
}) {
  return (
    <DetailRow label={label} valueClassName={unbroken ? styles.unbroken : undefined} valueTestId={testId}>
      {value}
    </DetailRow>
  );
}
