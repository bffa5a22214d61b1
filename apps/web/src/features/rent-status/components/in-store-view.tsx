import type { Order } from "@paxelbox/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { SettledPayment } from "../../../api/check-payment";
import { Button } from "../../../components/button";
import { ErrorDialog } from "../../../components/error-dialog";
import { LocationInfo } from "../../../components/location-info";
import { PaymentCheck } from "../../../components/payment-check";
import { cardStyles } from "../../../components/ui/card";
import { ContentBlock } from "../../../components/ui/content-block";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { orderQueryKey } from "../../../domain/order/order-query";
import { contactSupport } from "../../../lib/bridge/bridge";
import { errorMessage } from "../../../lib/http/api-client";
import { useServerClock } from "../../../lib/http/server-clock";
import { useT } from "../../../lib/i18n/i18n";
import { paths } from "../../../paths";
import { overdueCalculationQueryOptions } from "../api/overdue-calculation";
import { fetchOverdueQr } from "../api/overdue-qr";
import { useTemporaryQr } from "../api/temporary-qr";
import { countOpening } from "../lib/open-count";
import { recordRentEvent } from "../lib/rent-events";
import { isOverdue, type RentQuery } from "../lib/rent-view";
import { Banner } from "./banner";
import { CountdownCard } from "./countdown-card";
import { InfoCard } from "./info-card";
import { PaymentDetails } from "./payment-details";
import { PickUpDialog } from "./pick-up-dialog";
import { RentInfoCard } from "./rent-info-card";
import styles from "./rent-status.module.css";
import { StatusHistory } from "./status-history";
import { ViewHero } from "./view-hero";

interface ViewProps {
  order: Order;
  query: RentQuery;
  token: string | null;
  product: string;
}

/**
 * In-store view (IN_STORE): header, countdown, rent info, how-to-pick-up, status history, location,
 * payment details, contact support and Pick Up Items (spec §2, §4). Back from the gateway with
 * `payment_status=SUCCESS&overdue=true` it first asks the server about the payment (`PaymentCheck`):
 * paid → the order again (its new deadline) and 'Payment successful'; failed, cancelled or expired
 * → the overdue view with the spec's warning and the Pay button.
 */
export function InStoreView({ order, query, token, product }: ViewProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Whether the deadline passed is the server's call: read on its clock, not the phone's.
  const serverNow = useServerClock();
  const orderid = query.orderid ?? String(order.id);
  const base = { orderid, token: query.token ?? undefined };

  const [checking, setChecking] = useState(false);
  const checkingRef = useRef(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [openFailed, setOpenFailed] = useState(false);
  const temporaryQr = useTemporaryQr(orderid, token);
  const [paid, setPaid] = useState(false);

  /**
   * Pick-up (spec §4): past the deadline or flagged expired → the server's overdue calculation;
   * a fee → the overdue view; no fee → the overdue QR and the stop flow; otherwise the modal.
   */
  const pickUp = async () => {
    if (checkingRef.current) return;
    checkingRef.current = true;
    setChecking(true);
    void recordRentEvent(product, "pickUpItem", order);
    try {
      if (!isOverdue(order, serverNow())) {
        setOpenFailed(false);
        setDialogOpen(true);
        return;
      }
      // Asked now like the press itself: without signal it fails at once ('Oops...'), instead of
      // waiting paused on 'Checking your rent…' and moving on by itself when the signal returns.
      const calculation = await queryClient.fetchQuery({
        ...overdueCalculationQueryOptions(orderid, token, order.overdueTime),
        networkMode: "always",
      });
      if (calculation.total_overdue_fee > 0) {
        await navigate(paths.orderStatus.page.href({ ...base, status: "overdue" }));
        return;
      }
      await fetchOverdueQr(order, token);
      void recordRentEvent(product, "stopRent", order, { overdue_fee: 0 });
      await navigate(
        paths.orderStatus.action.href({ ...base, act: "stop_count", status: "stop", qrdisplay: "overdue" }),
      );
    } catch (error) {
      setFailure(error);
    } finally {
      checkingRef.current = false;
      setChecking(false);
    }
  };

  const openLocker = async () => {
    setOpenFailed(false);
    try {
      const qr = await temporaryQr.open(order.expressNumber);
      if (!qr) return; // a request is already in flight
      const openFrequency = countOpening(order.expressNumber);
      void recordRentEvent(product, "multiOpen", order, { open_frequency: openFrequency });
      setDialogOpen(false);
      await navigate(paths.orderStatus.action.href({ ...base, act: "open_locker" }));
    } catch (error) {
      // Spec §8: a failed temporary QR is only logged; the modal says it did not work, or why the
      // server refused (ADR 013).
      console.warn("[rent] temporary QR failed", error);
      setOpenFailed(true);
    }
  };

  const stopRent = () => {
    void recordRentEvent(product, "stopRent", order);
    setDialogOpen(false);
    void navigate(
      paths.orderStatus.action.href({ ...base, act: "stop_count", status: "stop", qrdisplay: "data" }),
    );
  };

  const paidBack = query.overdue === "true" && query.paymentStatus === "SUCCESS";
  const overdueView = (payment_status?: "FAILED" | "CANCELLED") =>
    paths.orderStatus.page.href({
      ...base,
      status: "overdue",
      ...(payment_status ? { payment_status, overdue: "true" } : {}),
    });
  const settled = async (status: SettledPayment) => {
    if (status === "SUCCESS") {
      await queryClient.refetchQueries({ queryKey: orderQueryKey(orderid) });
      setPaid(true);
    } else {
      await navigate(overdueView(status === "FAILED" ? "FAILED" : "CANCELLED"), { replace: true });
    }
  };
  return (
    <>
      <div className={`stack ${styles.content}`}>
        <ViewHero order={order} headline={t("rent.inStore.headline")} />
        {paidBack ? (
          paid ? (
            // Not once the paid time has run out too (the same return address opened much later).
            isOverdue(order, serverNow()) ? null : (
              <Banner tone="success" testId="payment-result">
                {t("rent.overdue.paymentSuccess")}
              </Banner>
            )
          ) : (
            <PaymentCheck
              orderid={orderid}
              token={token}
              variant="section"
              onSettled={(status) => void settled(status)}
              onPayAgain={() => void navigate(overdueView())}
            />
          )
        ) : null}
        <CountdownCard
          deadline={order.overdueTime}
          label={t("rent.countdown.inStoreLabel")}
          hint={t("rent.countdown.inStoreHint")}
        />
        <RentInfoCard order={order} />
        <ContentBlock name="how_to_pick_up_items" doorNumber={order.mouth.number} />
        <StatusHistory logs={order.logs} />
        <LocationInfo detail={order.lockerLocationDetail} />
        <PaymentDetails order={order} />
        <InfoCard title={t("rent.inStore.supportTitle")} testId="support">
          <p className={cardStyles.muted}>{t("rent.inStore.supportLine")}</p>
          <Button
            variant="secondary"
            block
            onClick={() => void contactSupport({ expressNumber: order.expressNumber, topic: "rent" })}
            data-testid="contact-support"
          >
            {t("rent.inStore.contactSupport")}
          </Button>
        </InfoCard>
      </div>
      {/* Picking up is the page's own (ADR 043): without scripts it says so, where its button is. */}
      <StickyActionBar noScriptNote={t("rent.inStore.noScript")}>
        <Button block onClick={() => void pickUp()} disabled={checking} data-testid="pick-up">
          {checking ? t("rent.inStore.checking") : t("rent.inStore.pickUp")}
        </Button>
      </StickyActionBar>
      <PickUpDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onOpenLocker={() => void openLocker()}
        onStopRent={stopRent}
        opening={temporaryQr.isPending}
        openFailure={openFailed ? (temporaryQr.refusal ?? t("rent.inStore.openFailed")) : null}
      />
      <ErrorDialog
        open={failure !== null}
        message={failure ? errorMessage(failure, t("errors.somethingWrong")) : null}
        onClose={() => setFailure(null)}
      />
    </>
  );
}
