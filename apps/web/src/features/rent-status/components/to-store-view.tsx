import type { Order } from "@paxelbox/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import { Button, ButtonLink } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import { ErrorDialog } from "../../../components/error-dialog";
import { AlertIcon } from "../../../components/icons";
import { ContentBlock } from "../../../components/ui/content-block";
import { DoorQrCard } from "../../../components/ui/door-qr-card";
import { StickyActionBar } from "../../../components/ui/sticky-action-bar";
import { orderQueryKey } from "../../../domain/order/order-query";
import type { Refused } from "../../../lib/forms/action.server";
import { errorMessage, isConnectionError } from "../../../lib/http/api-client";
import { useServerClock } from "../../../lib/http/server-clock";
import { useT } from "../../../lib/i18n/i18n";
import { useHydrated } from "../../../lib/ssr/use-hydrated";
import { paths } from "../../../paths";
import { cancelOrFindCancelled } from "../api/cancel-rent";
import { rentOrderQueryOptions } from "../api/order";
import { recordRentEvent } from "../lib/rent-events";
import { deadlineRetryMs, isOverdue, type RentQuery } from "../lib/rent-view";
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
  /** The route action's refusal of a cancel the page posted before or without scripts. */
  refused?: Refused<never> | undefined;
}

/** The address parameter of the confirmation step asked for before or without scripts. */
const confirmParam = "cancel";

/**
 * To-store view (IMPORTED): countdown, store QR, rent info, status history, payment details and
 * Cancel Rent with its confirm modal and the 'Denied?' error modal. At 00:00:00 the rent is
 * cancelled (spec §4 expired event) once a fresh answer of the order agrees, on the server's clock,
 * that its deadline passed; a cancel that succeeds goes to `act=cancel_success`.
 *
 * Before and without scripts (ADR 043) Cancel Rent asks for the confirmation in the address
 * (`cancel=confirm`, a GET form) and the bar shows it; its yes posts to the route action, whose
 * refusal the bar shows as 'Denied?'. Once the page runs, the same states are the modals.
 */
export function ToStoreView({ order, query, token, product, onHold, refused }: ViewProps) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const [search, setSearch] = useSearchParams();
  const confirmAsked = search.get(confirmParam) === "confirm";
  const [confirmOpen, setConfirmOpen] = useState(() => confirmAsked && refused === undefined);
  const [denied, setDenied] = useState<string | null>(() =>
    refused === undefined ? null : refused.formError || t("rent.toStore.deniedFallback"),
  );
  const stepTitleId = useId();
  const [expired, setExpired] = useState(false);
  // Tries at 00:00:00 that went unanswered (each one schedules the next, below).
  const [expireRetries, setExpireRetries] = useState(0);
  // The cancel went unanswered (no signal, or the answer lost on its way): not a refusal.
  const [unanswered, setUnanswered] = useState(false);
  const inFlight = useRef(false);
  const serverNow = useServerClock();

  const cancel = useMutation({
    mutationFn: () => cancelOrFindCancelled(order.id, token),
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
          if (isConnectionError(error)) {
            setUnanswered(true);
            return;
          }
          setDenied(errorMessage(error, t("rent.toStore.deniedFallback")));
          if (query.orderid) void queryClient.invalidateQueries({ queryKey: orderQueryKey(query.orderid) });
          return;
        }
        // The expired cancel is the page's own: when refused (e.g. stored meanwhile), show what is true
        // now; unanswered, it is tried again.
        console.warn("[rent] cancelling the expired rent failed", error);
        setExpired(false);
        if (isConnectionError(error)) setExpireRetries((count) => count + 1);
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
      setExpireRetries((count) => count + 1);
    }
    setExpired(false);
  };

  // A try at 00:00:00 that went unanswered is made again a while later: nothing else brings the
  // countdown to zero again (its deadline unchanged), and the store QR on screen has expired.
  const expireAgain = useRef(expire);
  expireAgain.current = expire;
  useEffect(() => {
    if (expireRetries === 0) return;
    const timer = setTimeout(() => void expireAgain.current(), deadlineRetryMs);
    return () => clearTimeout(timer);
  }, [expireRetries]);

  // Items stored meanwhile must not switch the view away before the refusal ('Denied?') is seen.
  const holding = confirmOpen || cancel.isPending || denied !== null || unanswered;
  useEffect(() => {
    onHold?.(holding);
    return () => onHold?.(false);
  }, [holding, onHold]);

  // The page without the confirmation step: where no and OK lead, and what Cancel Rent adds it to
  // (nor the `index` a refused post was addressed with: it names this index route's action).
  const pageSearch = new URLSearchParams(search);
  pageSearch.delete(confirmParam);
  pageSearch.delete("index");
  const leaveStep = () => {
    if (confirmAsked) setSearch(pageSearch, { replace: true, preventScrollReset: true });
  };
  const closeConfirm = () => {
    setConfirmOpen(false);
    leaveStep();
  };
  const closeDenied = () => {
    setDenied(null);
    leaveStep();
  };

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
        {!hydrated && denied !== null ? (
          <section className={`stack ${styles.barStep}`} role="alert" aria-labelledby={stepTitleId}>
            <h2 id={stepTitleId}>{t("rent.toStore.deniedTitle")}</h2>
            <p className={styles.dialogText}>{denied}</p>
            <ButtonLink block to={{ search: pageSearch.toString() }} replace>
              {t("errors.ok")}
            </ButtonLink>
          </section>
        ) : !hydrated && confirmOpen ? (
          <section
            className={`stack ${styles.barStep}`}
            aria-labelledby={stepTitleId}
            data-testid="cancel-step"
          >
            <h2 id={stepTitleId}>{t("rent.toStore.confirmTitle")}</h2>
            <p className={styles.dialogText}>{t("rent.toStore.confirmText", { door })}</p>
            {/* Always the browser's own post, also once the page has hydrated under it: the answer is
                a new page, which takes the refusal or the cancel in (the modals' state starts there). */}
            <Form method="post" reloadDocument className="stack">
              <input type="hidden" name="token" value={token ?? ""} />
              <input type="hidden" name="language" value={language} />
              <Button type="submit" block data-testid="cancel-confirm-yes">
                {t("rent.toStore.confirmYes")}
              </Button>
            </Form>
            <ButtonLink block variant="ghost" to={{ search: pageSearch.toString() }} replace>
              {t("rent.toStore.confirmNo")}
            </ButtonLink>
          </section>
        ) : (
          <Form method="get">
            {[...pageSearch].map(([name, value]) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name={confirmParam} value="confirm" />
            <Button
              type="submit"
              variant="secondary"
              block
              className={styles.dangerButton}
              onClick={(event) => {
                event.preventDefault();
                setConfirmOpen(true);
              }}
              disabled={cancel.isPending}
              data-testid="cancel-rent"
            >
              {cancel.isPending ? t("rent.toStore.cancelling") : t("rent.toStore.cancel")}
            </Button>
          </Form>
        )}
      </StickyActionBar>

      <Dialog
        open={hydrated && confirmOpen}
        onClose={() => {
          if (!cancel.isPending) closeConfirm();
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
              onClick={closeConfirm}
              disabled={cancel.isPending}
              data-autofocus
              data-testid="cancel-confirm-no"
            >
              {t("rent.toStore.confirmNo")}
            </Button>
          </>
        }
      >
        <p className={styles.dialogText}>{t("rent.toStore.confirmText", { door })}</p>
      </Dialog>

      <Dialog
        open={hydrated && denied !== null}
        onClose={closeDenied}
        tone="danger"
        icon={<AlertIcon size={28} />}
        title={t("rent.toStore.deniedTitle")}
        testId="cancel-denied"
        actions={
          <Button block onClick={closeDenied} data-autofocus>
            {t("errors.ok")}
          </Button>
        }
      >
        <p className={styles.dialogText}>{denied}</p>
      </Dialog>

      <ErrorDialog
        open={hydrated && unanswered}
        message={t("rent.toStore.cancelUnanswered")}
        onClose={() => {
          setUnanswered(false);
          leaveStep();
          if (query.orderid) void queryClient.invalidateQueries({ queryKey: orderQueryKey(query.orderid) });
        }}
      />
    </>
  );
}
