import type { Order } from "@paxelbox/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { isFeatureEnabled, settingsQueryOptions } from "../../../api/settings";
import { Button } from "../../../components/button";
import { DoorSizeLabel } from "../../../components/door-size-label";
import { ErrorDialog } from "../../../components/error-dialog";
import { SkeletonCard, Spinner } from "../../../components/loaders";
import { useUserSession } from "../../../components/require-user";
import { useConfig } from "../../../config/use-config";
import { useFormatDateTime } from "../../../hooks/use-hydration";
import { errorMessage } from "../../../lib/api-client";
import { formatRupiah } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { isSafeUrl } from "../../../lib/safe-url";
import { useOverdueCalculation } from "../api/overdue-calculation";
import { createOverduePayment, paymentReturnUrl } from "../api/overdue-payment";
import type { RentQuery } from "../lib/rent-view";
import { Banner } from "./banner";
import { InfoRow } from "./rent-info-card";
import styles from "./rent-status.module.css";
import { useDurationText, useUnitText } from "./text";

interface ViewProps {
  order: Order;
  query: RentQuery;
  token: string | null;
}

/**
 * Overdue view (`status=overdue`, spec §2): Rent Start, Rent Ends, Extended Until, Order Number,
 * {product}Box Size; extension duration and unit, fee per unit, total; the note 'Final amount shown
 * at payment page'; the sticky Pay button, disabled while processing and enabled again on failure.
 * Every amount is the server's overdue calculation.
 */
export function OverdueView({ order, query, token }: ViewProps) {
  const { t, language } = useT();
  const formatTime = useFormatDateTime();
  const config = useConfig();
  const { user } = useUserSession();
  const queryClient = useQueryClient();
  const duration = useDurationText();
  const unitText = useUnitText();
  const detailsId = useId();
  const costId = useId();
  const orderid = query.orderid ?? String(order.id);
  const calculation = useOverdueCalculation(orderid, token);
  const [redirecting, setRedirecting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [calculationErrorSeen, setCalculationErrorSeen] = useState<unknown>(null);
  const inFlight = useRef(false);

  const pay = useMutation({
    mutationFn: async () => {
      const data = calculation.data;
      if (!data) throw new Error("No overdue calculation");
      const settings = await queryClient.fetchQuery(settingsQueryOptions());
      const url = await createOverduePayment({
        order,
        calculation: data,
        user,
        language,
        bankInterface: isFeatureEnabled(settings, "snap_bi_paxelbox"),
        returnUrl: paymentReturnUrl(window.location.origin, orderid, query.token ?? token),
        productBoxName: config.productBoxName,
        token,
      });
      if (!isSafeUrl(url)) throw new Error("The payment page address is not valid");
      return url;
    },
    onSuccess: (url) => {
      setRedirecting(true);
      window.location.assign(url);
    },
    onError: (error) => {
      inFlight.current = false;
      setFailure(error);
    },
  });

  const startPayment = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    pay.mutate();
  };

  const data = calculation.data;
  const processing = pay.isPending || redirecting;
  const nothingToPay = data !== undefined && (data.total_overdue_fee <= 0 || data.increase_duration <= 0);
  const returnWarning =
    query.paymentStatus === "FAILED"
      ? t("rent.overdue.paymentFailed")
      : query.paymentStatus === "CANCELLED"
        ? t("rent.overdue.paymentCancelled")
        : null;
  const money = (amount: number) => <span className={styles.money}>{formatRupiah(amount)}</span>;

  return (
    <>
      <div className={styles.content} data-testid="overdue-view">
        {returnWarning ? (
          <Banner tone="danger" testId="payment-result">
            {returnWarning}
          </Banner>
        ) : null}
        <p className={styles.muted}>{t("rent.overdue.intro")}</p>
        <section className={styles.card} aria-labelledby={detailsId} data-testid="overdue-details">
          <h2 id={detailsId} className="visually-hidden">
            {t("rent.rentInfo.title")}
          </h2>
          <dl className={styles.rows}>
            <InfoRow label={t("rent.overdue.rentStart")}>
              {formatTime(order.storeTime ?? order.createTime)}
            </InfoRow>
            <InfoRow label={t("rent.overdue.rentEnds")} testId="overdue-rent-ends">
              {formatTime(order.overdueTime)}
            </InfoRow>
            <InfoRow label={t("rent.overdue.extendedUntil")} testId="overdue-extended-until">
              {data ? formatTime(data.next_overdue_time) : "…"}
            </InfoRow>
            <InfoRow label={t("rent.overdue.orderNumber")}>{order.expressNumber}</InfoRow>
            <InfoRow label={t("rent.overdue.boxSize")}>
              <DoorSizeLabel size={order.mouth.mouthType.name} />
            </InfoRow>
          </dl>
        </section>
        {data ? (
          <section className={styles.card} aria-labelledby={costId} data-testid="overdue-cost">
            <h2 id={costId} className={styles.cardTitle}>
              {t("rent.overdue.costTitle")}
            </h2>
            <dl className={styles.rows}>
              <InfoRow label={t("rent.overdue.extension")} testId="overdue-extension">
                {duration(data.increase_duration, data.rent_unit, data.rent_unit_bahasa)}
              </InfoRow>
              <InfoRow
                label={t("rent.overdue.feePerUnit", {
                  unit: unitText(data.rent_unit, data.rent_unit_bahasa),
                })}
                testId="overdue-fee-per-unit"
              >
                {money(data.overdue_fee_per_unit)}
              </InfoRow>
              <div className={`${styles.row} ${styles.totalRow}`} data-testid="overdue-total">
                <dt>{t("rent.overdue.total")}</dt>
                <dd>{money(data.total_overdue_fee)}</dd>
              </div>
            </dl>
            <p className={styles.note}>{t("rent.overdue.note")}</p>
          </section>
        ) : calculation.isError ? null : (
          <SkeletonCard lines={3} />
        )}
        {nothingToPay ? <Banner tone="info">{t("rent.overdue.nothingToPay")}</Banner> : null}
      </div>
      <div className={styles.stickyBar}>
        <Button
          block
          onClick={startPayment}
          disabled={processing || !data || nothingToPay}
          data-testid="pay"
          aria-busy={processing || undefined}
        >
          {processing ? <Spinner size={18} /> : null}
          {t("rent.overdue.pay")}
        </Button>
      </div>
      <ErrorDialog
        open={failure !== null}
        message={failure ? errorMessage(failure, t("errors.somethingWrong")) : null}
        onClose={() => setFailure(null)}
      />
      <ErrorDialog
        open={calculation.isError && calculation.error !== calculationErrorSeen}
        message={errorMessage(calculation.error, t("errors.somethingWrong"))}
        onClose={() => setCalculationErrorSeen(calculation.error)}
      />
    </>
  );
}
