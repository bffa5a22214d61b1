import type { Order } from "@paxelbox/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { isFeatureEnabled, settingsQueryOptions } from "../../../api/settings";
import { Button } from "../../../components/button";
import { ErrorDialog } from "../../../components/error-dialog";
import { SkeletonCard, Spinner } from "../../../components/loaders";
import { useUserSession } from "../../../components/require-user";
import { cardStyles } from "../../../components/ui/card";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { useConfig } from "../../../config/use-config";
import { DoorSizeLabel } from "../../../domain/order/door-size-label";
import { useFormatDateTime } from "../../../hooks/use-hydration";
import { errorMessage } from "../../../lib/http/api-client";
import { useServerClock } from "../../../lib/http/server-clock";
import { useT } from "../../../lib/i18n/i18n";
import { isSafeUrl } from "../../../lib/security/safe-url";
import { lazyModule } from "../../../lib/ui/lazy-module";
import { paths } from "../../../paths";
import { useOverdueCalculation } from "../api/overdue-calculation";
import { isOverdue, type RentQuery } from "../lib/rent-view";
import { Banner } from "./banner";
import { InfoCard, InfoRow, Money } from "./info-card";
import styles from "./rent-status.module.css";
import { useDurationText, useUnitText } from "./text";

/**
 * The payment calls are this view's alone: they load when the view shows (a rent in store or
 * finished never loads them), and Pay waits for them if it is tapped first.
 */
const overduePayment = lazyModule(() => import("../api/overdue-payment"));

interface ViewProps {
  order: Order;
  query: RentQuery;
  token: string | null;
}

/**
 * Overdue view (`status=overdue`, spec §2): Rent Start, Rent Ends, Extended Until, Order Number,
 * {product}Box Size; extension duration and unit, fee per unit, total; the note 'Final amount shown
 * at payment page'; the sticky Pay button, 'Processing…' while it works and enabled again on
 * failure. Every amount is the server's overdue calculation. A rent with nothing left to pay (paid
 * meanwhile, or reached again through history after paying) goes to its in-store view instead.
 */
export function OverdueView({ order, query, token }: ViewProps) {
  const { t, language } = useT();
  const formatTime = useFormatDateTime();
  const config = useConfig();
  const { user } = useUserSession();
  const queryClient = useQueryClient();
  // Whether the deadline passed is the server's call: read on its clock, not the phone's.
  const serverNow = useServerClock();
  const duration = useDurationText();
  const unitText = useUnitText();
  const orderid = query.orderid ?? String(order.id);
  const calculation = useOverdueCalculation(orderid, token, order.overdueTime);
  const [redirecting, setRedirecting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [calculationErrorSeen, setCalculationErrorSeen] = useState<unknown>(null);
  const inFlight = useRef(false);
  const navigate = useNavigate();

  const pay = useMutation({
    mutationFn: async () => {
      const data = calculation.data;
      if (!data) throw new Error("No overdue calculation");
      const [settings, { createOverduePayment, paymentReturnUrls }] = await Promise.all([
        // Asked now like the press itself (a stale copy refreshed): without signal it fails at once.
        queryClient.fetchQuery({ ...settingsQueryOptions(), networkMode: "always" }),
        overduePayment.load(),
      ]);
      const url = await createOverduePayment({
        order,
        calculation: data,
        user,
        language,
        bankInterface: isFeatureEnabled(settings, "snap_bi_paxelbox"),
        returnUrls: paymentReturnUrls(window.location.origin, orderid, query.token ?? token),
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

  useEffect(() => {
    overduePayment.load().catch(() => undefined);
  }, []);

  // History back from the payment page to this view as it was left (back-forward cache): the Pay
  // button works again and the fee is asked again (paid → the in-store view, below).
  const { refetch } = calculation;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setRedirecting(false);
      inFlight.current = false;
      void refetch();
    };
    addEventListener("pageshow", restored);
    return () => removeEventListener("pageshow", restored);
  }, [refetch]);

  const data = calculation.data;
  const processing = pay.isPending || redirecting;
  const nothingToPay = data !== undefined && (data.total_overdue_fee <= 0 || data.increase_duration <= 0);
  useEffect(() => {
    if (!nothingToPay && isOverdue(order, serverNow())) return;
    // No payment_status: a return's warning would send the in-store view back here.
    void navigate(paths.orderStatus.page.href({ orderid, token: query.token ?? undefined }), {
      replace: true,
    });
  }, [nothingToPay, order, orderid, query.token, navigate, serverNow]);
  const returnWarning =
    query.paymentStatus === "FAILED"
      ? t("rent.overdue.paymentFailed")
      : query.paymentStatus === "CANCELLED"
        ? t("rent.overdue.paymentCancelled")
        : null;

  return (
    <>
      <div className={`stack ${styles.content}`} data-testid="overdue-view">
        {returnWarning ? (
          <Banner tone="danger" testId="payment-result">
            <span>{returnWarning}</span>
          </Banner>
        ) : null}
        <p className={cardStyles.muted}>{t("rent.overdue.intro")}</p>
        <InfoCard title={t("rent.rentInfo.title")} hiddenTitle testId="overdue-details">
          <dl className={`stack ${styles.rows}`}>
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
        </InfoCard>
        {data ? (
          <InfoCard title={t("rent.overdue.costTitle")} testId="overdue-cost">
            <dl className={`stack ${styles.rows}`}>
              <InfoRow label={t("rent.overdue.extension")} testId="overdue-extension">
                {duration(data.increase_duration, data.rent_unit, data.rent_unit_bahasa)}
              </InfoRow>
              <InfoRow
                label={t("rent.overdue.feePerUnit", {
                  unit: unitText(data.rent_unit, data.rent_unit_bahasa),
                })}
                testId="overdue-fee-per-unit"
              >
                <Money amount={data.overdue_fee_per_unit} />
              </InfoRow>
              <InfoRow label={t("rent.overdue.total")} total testId="overdue-total">
                <Money amount={data.total_overdue_fee} />
              </InfoRow>
            </dl>
            <p className={styles.note}>{t("rent.overdue.note")}</p>
          </InfoCard>
        ) : calculation.isError ? null : (
          <SkeletonCard lines={3} />
        )}
      </div>
      {/* Paying is the page's own (ADR 043): without scripts it says so, where its button is. */}
      <StickyActionBar noScriptNote={t("rent.overdue.noScript")}>
        <Button
          block
          onClick={startPayment}
          disabled={processing || !data || nothingToPay}
          data-testid="pay"
          aria-busy={processing || undefined}
        >
          {processing ? (
            <>
              <Spinner size={18} /> {t("rent.overdue.processing")}
            </>
          ) : (
            t("rent.overdue.pay")
          )}
        </Button>
      </StickyActionBar>
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
