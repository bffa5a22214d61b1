import type { Order } from "@paxelbox/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { AlertIcon } from "../../../components/icons";
import { ContentBlock } from "../../../components/ui/content-block";
import { DoorQrCard } from "../../../components/ui/door-qr-card";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { orderQueryKey } from "../../../domain/order/order-query";
import { errorMessage } from "../../../lib/http/api-client";
import { useServerClock } from "../../../lib/http/server-clock";
import { useT } from "../../../lib/i18n/i18n";
import { paths } from "../../../paths";
import { cancelRent } from "../api/cancel-rent";
import { rentOrderQueryOptions } from "../api/order";
import { recordRentEvent } from "../lib/rent-events";
import { isOverdue, type RentQuery } from "../lib/rent-view";
import { Banner } from "./banner";
import { CountdownCard } from "./countdown-card";
import { PaymentDetails } from "./payment-details";
import { RentInfoCard } from "./rent-info-card";
import styles from "./rent-status.module.css";
import { StatusHistory } from "./status-history";
import { ViewHero } from "./view-hero";

interface ViewProps {
  order: Order;
  query: RentQuery;
  token: string | null;
  product: string;
  /** Told while a cancel is being asked or answered, so the page keeps this view (its dialogs) on screen. */
  onHold?: (hold: boolean) => void;
}

/**
 * To-store view (IMPORTED): countdown, store QR, rent info, status history, payment details and
 * Cancel Rent with its confirm modal and the 'Denied?' error modal. At 00:00:00 the rent is
 * cancelled (spec §4 expired event) once a fresh answer of the order agrees, on the server's clock,
 * that its deadline passed; a cancel that succeeds goes to `act=cancel_success`.
 */
export function ToStoreView({ order, query, token, product, onHold }: ViewProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [denied, setDenied] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const inFlight = useRef(false);
  const serverNow = useServerClock();

  const cancel = useMutation({
    mutationFn: () => cancelRent(order.id, token),
    onSuccess: async () => {
      void recordRentEvent(product, "cancelRent", order, { payment_method: order.paymentMethod ?? "" });
      if (query.orderid) await queryClient.invalidateQueries({ queryKey: orderQueryKey(query.orderid) });
      void navigate(
        paths.orderStatus.action.href({
          act: "cancel_success",
          orderid: query.orderid ?? order.id,
          token: query.token ?? undefined,
        }),
      );
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const startCancel = (reason: "user" | "expired") => {
    if (inFlight.current) return;
    inFlight.current = true;
    cancel.mutate(undefined, {
      onError: (error) => {
        if (reason === "user") {
          setConfirmOpen(false);
          setDenied(errorMessage(error, t("rent.toStore.deniedFallback")));
          if (query.orderid) void queryClient.invalidateQueries({ queryKey: orderQueryKey(query.orderid) });
          return;
        }
        // The expired cancel is the page's own: when refused (e.g. stored meanwhile), show what is true now.
        console.warn("[rent] cancelling the expired rent failed", error);
        setExpired(false);
        if (query.orderid) void queryClient.invalidateQueries({ queryKey: orderQueryKey(query.orderid) });
      },
    });
  };

  /**
   * The countdown reached zero. Cancelling cannot be undone, so the server has the last word: the
   * order asked again (a new reading of its clock too) must still wait for its items, past its
   * deadline. Otherwise the countdown shows what is true now and runs on.
   */
  const expire = async () => {
    setExpired(true);
    try {
      const fresh = await queryClient.fetchQuery({
        ...rentOrderQueryOptions(query.orderid ?? String(order.id), token),
        staleTime: 0,
      });
      if (fresh.status === order.status && isOverdue(fresh, serverNow())) {
        startCancel("expired");
        return;
      }
    } catch (error) {
      console.warn("[rent] asking for the rent before cancelling it failed", error);
    }
    setExpired(false);
  };

  // Items stored meanwhile must not switch the view away before the refusal ('Denied?') is seen.
  const holding = confirmOpen || cancel.isPending || denied !== null;
  useEffect(() => {
    onHold?.(holding);
    return () => onHold?.(false);
  }, [holding, onHold]);

  const door = order.mouth.number;
  return (
    <>
      <div className={`stack ${styles.content}`}>
        <ViewHero order={order} headline={t("rent.toStore.headline", { door })} />
        <CountdownCard
          deadline={order.overdueTime}
          label={t("rent.countdown.toStoreLabel")}
          hint={t("rent.countdown.toStoreHint")}
          onZero={() => void expire()}
        />
        {expired ? (
          <Banner tone="info" testId="expired-cancelling">
            {t("rent.toStore.expiredCancelling")}
          </Banner>
        ) : null}
        <DoorQrCard
          testId="store-qr"
          title={t("rent.toStore.qrTitle")}
          value={order.barcode.qrcodeCustomerStore}
          label={t("rent.toStore.qrLabel", { door })}
          doorLabel={t("rent.inStore.door")}
          doorNumber={door}
          instruction={t("rent.toStore.qrHint", { door })}
          missing={t("rent.toStore.qrMissing")}
        />
        <ContentBlock name="how_to_put_items" doorNumber={door} />
        <RentInfoCard order={order} />
        <StatusHistory logs={order.logs} />
        <PaymentDetails order={order} />
      </div>
      <StickyActionBar>
        <Button
          variant="secondary"
          block
          className={styles.dangerButton}
          onClick={() => setConfirmOpen(true)}
          disabled={cancel.isPending}
          data-testid="cancel-rent"
        >
          {cancel.isPending ? t("rent.toStore.cancelling") : t("rent.toStore.cancel")}
        </Button>
      </StickyActionBar>

      <Dialog
        open={confirmOpen}
        onClose={() => {
          if (!cancel.isPending) setConfirmOpen(false);
        }}
        tone="danger"
        icon={<AlertIcon size={28} />}
        title={t("rent.toStore.confirmTitle")}
        testId="cancel-confirm"
        actions={
          <>
            <Button
              block
              onClick={() => startCancel("user")}
              disabled={cancel.isPending}
              data-testid="cancel-confirm-yes"
            >
              {cancel.isPending ? t("rent.toStore.cancelling") : t("rent.toStore.confirmYes")}
            </Button>
            <Button
              block
              variant="ghost"
              onClick={() => setConfirmOpen(false)}
              disabled={cancel.isPending}
              autoFocus
            >
              {t("rent.toStore.confirmNo")}
            </Button>
          </>
        }
      >
        <p className={styles.dialogText}>{t("rent.toStore.confirmText", { door })}</p>
      </Dialog>

      <Dialog
        open={denied !== null}
        onClose={() => setDenied(null)}
        tone="danger"
        icon={<AlertIcon size={28} />}
        title={t("rent.toStore.deniedTitle")}
        testId="cancel-denied"
        actions={
          <Button block onClick={() => setDenied(null)} autoFocus>
            {t("errors.ok")}
          </Button>
        }
      >
        <p className={styles.dialogText}>{denied}</p>
      </Dialog>
    </>
  );
}
