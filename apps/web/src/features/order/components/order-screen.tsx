import type { Order } from "@paxelbox/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { isFeatureEnabled, useSettings } from "../../../api/settings";
import { Button, ButtonAnchor } from "../../../components/button";
import { ErrorDialog } from "../../../components/error-dialog";
import { AlertIcon, ExternalIcon } from "../../../components/icons";
import { ScreenSkeleton } from "../../../components/loaders";
import { LocationInfo } from "../../../components/location-info";
import { OfflineNotice } from "../../../components/offline-notice";
import { PageTitle } from "../../../components/page-title";
import { usePreloadQrEncoderWhile } from "../../../components/qr-code";
import { Card } from "../../../components/ui/card";
import { ContentBlock } from "../../../components/ui/content-block";
import { DoorQrCard } from "../../../components/ui/door-qr-card";
import { useConfig } from "../../../config/use-config";
import { useForgetRefusedToken } from "../../../domain/member/member-session";
import { DoorSizeLabel } from "../../../domain/order/door-size-label";
import { keepShownOrder } from "../../../domain/order/order-share";
import { overdueDetailQueryOptions } from "../../../domain/order/overdue-detail";
import { overdueEntryTarget } from "../../../domain/order/overdue-entry";
import { isSentBack } from "../../../domain/order/sent-back";
import { useShareOrderAction } from "../../../domain/order/share-order-button";
import { StatusLabel } from "../../../domain/order/status-label";
import { useFirstNow, useFormatDateTime } from "../../../hooks/use-hydration";
import { bridge } from "../../../lib/bridge/bridge";
import { errorMessage } from "../../../lib/http/api-client";
import { useServerClock } from "../../../lib/http/server-clock";
import { useT } from "../../../lib/i18n/i18n";
import { useOfflineData } from "../../../lib/offline/offline-cache";
import { isSafeUrl } from "../../../lib/security/safe-url";
import { paths } from "../../../paths";
import { useOrderDetail } from "../api/order-detail";
import { isOverdueNow, overdueCheckMs } from "../lib/order-rules";
import styles from "./order-screen.module.css";

interface OrderScreenProps {
  orderid: number | null;
  /** Bearer token of the session (query or stored). */
  token: string | null;
  /** The token the link carried, kept when moving on to the overdue page. */
  linkToken: string | null;
}

/** Order detail of a drop-off parcel for its recipient (spec §2 "Order detail page"). */
export function OrderScreen({ orderid, token, linkToken }: OrderScreenProps) {
  const { t } = useT();
  if (orderid === null) {
    return (
      <div className={`stack ${styles.screen}`}>
        <PageTitle title={t("header.orderDetail")} />
        <Card as="p" data-testid="order-missing">
          {t("dropOff.order.noOrder")}
        </Card>
      </div>
    );
  }
  return <OrderDetail orderid={orderid} token={token} linkToken={linkToken} />;
}

function OrderDetail({
  orderid,
  token,
  linkToken,
}: {
  orderid: number;
  token: string | null;
  linkToken: string | null;
}) {
  const { t } = useT();
  const order = useOrderDetail(orderid, token);
  // With no signal the last copy kept on this device shows (offline-cache.ts).
  const view = useOfflineData(`order:${orderid}`, order);
  // The locker's texts (settings) sit above the buttons: the screen waits for them as well, so
  // nothing moves under a finger when they arrive. With the server out of reach (no signal, or a
  // network that reaches nothing while the phone says it is online) the screen shows without
  // them: each of its parts asks for them again as it appears, and waiting there would go back to
  // the skeleton each time, for good.
  const settings = useSettings();
  const settingsLoading = settings.isPending && settings.fetchStatus === "fetching" && !view.offline;
  const [dialogOpen, setDialogOpen] = useState(true);
  const data = view.data;

  // The door QR's encoder loads while the order does.
  usePreloadQrEncoderWhile(order.isPending);

  useEffect(() => {
    if (data) keepShownOrder(data);
  }, [data]);

  // The overdue payment needs the network: no move while offline.
  useOverdueRedirect(view.offline ? undefined : data, linkToken);

  // An expired link opens nothing any more (410): the spec's expire page says so, and the device
  // forgets what it kept of the link.
  const navigate = useNavigate();
  useForgetRefusedToken(order.error, token);
  const linkExpired = (order.error as { status?: number } | null)?.status === 410;
  useEffect(() => {
    if (linkExpired) void navigate(paths.overdue.expire.href(), { replace: true });
  }, [linkExpired, navigate]);

  useShareOrderAction(data?.status, { labelKey: "dropOff.order.share", testId: "order-share" });

  if (!data && view.offline) {
    return (
      <div className={`stack ${styles.screen}`}>
        <PageTitle title={t("header.orderDetail")} />
        <OfflineNotice updatedAt={null} hasData={false} />
      </div>
    );
  }
  if (order.isError && !data) {
    return (
      <div className={`stack ${styles.screen}`}>
        <PageTitle title={t("header.orderDetail")} />
        <ErrorDialog
          open={dialogOpen}
          message={errorMessage(order.error, t("errors.somethingWrong"))}
          onClose={() => setDialogOpen(false)}
        />
        <Card data-testid="order-error">
          <p className={styles.errorLine}>
            <AlertIcon size={20} /> {t("dropOff.order.loadFailed")}
          </p>
          <Button
            variant="secondary"
            block
            onClick={() => {
              setDialogOpen(true);
              void order.refetch();
            }}
          >
            {t("dropOff.order.retry")}
          </Button>
        </Card>
      </div>
    );
  }
  if (!data || settingsLoading) return <ScreenSkeleton cards={3} />;
  return <OrderContent order={data} offline={view.offline} updatedAt={view.updatedAt} />;
}

/**
 * The server's clock (lib/server-clock.ts): the deadline is the server's, and the phone's own clock
 * may be seconds or days off. Once per second while offline (nothing else re-renders the page then).
 */
function useNow(ticking: boolean): number {
  const serverNow = useServerClock();
  // While hydrating: the time the server rendered with, so the page shows what its HTML does.
  const current = useFirstNow(serverNow);
  const [now, setNow] = useState(current);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(serverNow()), overdueCheckMs);
    return () => clearInterval(timer);
  }, [ticking, serverNow]);
  return ticking ? now : current();
}

/** How long the page waits before asking the server again after it said the parcel is not due. */
const askAgainMs = 60_000;

/**
 * Once per second: an overdue parcel moves on to the overdue payment page (spec §4), when the
 * server's clock is past the deadline — and only once the server agrees: the page asks for the
 * overdue detail first (the answer the overdue page opens with) and goes where it would send the
 * visitor, so a phone whose clock is ahead never goes there and back. Where the server says nothing
 * is due, the page stays and asks again a minute later. Sent back all the same (the two pages
 * disagree on something else), the page stays: at most one redirect each way (lib/sent-back.ts).
 */
function useOverdueRedirect(order: Order | undefined, linkToken: string | null) {
  const navigate = useNavigate();
  const serverNow = useServerClock();
  const queryClient = useQueryClient();
  const sentBack = isSentBack(useLocation().state);
  // When the server was last asked, and whether an answer is awaited: kept while fresh copies of
  // the order come and go (each one runs the effect again).
  const asked = useRef({ at: Number.NEGATIVE_INFINITY, pending: false });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!order || sentBack) return;
    const check = async () => {
      const state = asked.current;
      if (state.pending || !isOverdueNow(order, serverNow())) return;
      if (Date.now() - state.at < askAgainMs) return;
      state.pending = true;
      state.at = Date.now();
      try {
        const detail = await queryClient.fetchQuery(overdueDetailQueryOptions(order.id, linkToken));
        const target = overdueEntryTarget(detail, order.id, linkToken);
        // `null`: the overdue page would stay — the fee is due. The order page itself: not due yet.
        if (!mounted.current || target?.startsWith(paths.order.href())) return;
        const overdue = paths.overdue.payment.href({ orderid: order.id, token: linkToken ?? undefined });
        void navigate(target ?? overdue, { replace: true });
      } catch {
        // Unreachable or refused: stay, and ask again later.
      } finally {
        state.pending = false;
      }
    };
    void check();
    const timer = setInterval(() => void check(), overdueCheckMs);
    return () => clearInterval(timer);
  }, [order, linkToken, navigate, serverNow, sentBack, queryClient]);
}

function OrderContent({
  order,
  offline,
  updatedAt,
}: {
  order: Order;
  offline: boolean;
  updatedAt: number | null;
}) {
  const { t } = useT();
  const formatTime = useFormatDateTime();
  const now = useNow(offline);
  const settings = useSettings();
  const config = useConfig();
  const door = order.mouth.number;
  const inStore = order.status === "IN_STORE";
  const helpEnabled = isFeatureEnabled(settings.data, "yellowai");
  const mapsLink = order.lockerLocationDetail.mapsLink;
  const pickUpCode = order.barcode.qrcodeCustomerTake;
  // Past the free period the code no longer opens the door until the fee is paid.
  const expired = isOverdueNow(order, now);

  return (
    <div className={`stack ${styles.screen}`} data-testid="order-screen" data-status={order.status}>
      <PageTitle title={t("header.orderDetail")} />
      {offline ? <OfflineNotice updatedAt={updatedAt} /> : null}

      <Card as="section" aria-labelledby="order-summary">
        <div className={`stack ${styles.summaryTop}`}>
          <div>
            <h2 className="caption" id="order-summary">
              {t("dropOff.order.orderNumber")}
            </h2>
            <p className={styles.orderNumber} data-testid="order-number">
              {order.expressNumber}
            </p>
          </div>
          <StatusLabel status={order.status} />
        </div>
        <dl className={`stack ${styles.rows}`}>
          <div>
            <dt>{t("dropOff.order.recipient")}</dt>
            <dd>{order.recipientName}</dd>
          </div>
          {order.storeTime ? (
            <div>
              <dt>{t("dropOff.order.storedAt")}</dt>
              <dd>{formatTime(order.storeTime)}</dd>
            </div>
          ) : null}
          {inStore && order.overdueTime ? (
            <div>
              <dt>{t("dropOff.order.pickUpBefore")}</dt>
              <dd data-testid="order-deadline">{formatTime(order.overdueTime)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("dropOff.order.doorSize")}</dt>
            <dd>
              <DoorSizeLabel size={order.mouth.mouthType.name} />
            </dd>
          </div>
        </dl>
      </Card>

      {inStore && pickUpCode && expired ? (
        <Card as="p" data-testid="order-qr-hidden">
          {t("offline.qrHidden")}
        </Card>
      ) : null}
      {inStore && pickUpCode && !expired ? (
        <DoorQrCard
          title={t("dropOff.order.qrHeading")}
          value={pickUpCode}
          label={t("dropOff.order.qrLabel", { door })}
          doorLabel={t("dropOff.order.door")}
          doorNumber={door}
          instruction={t("dropOff.order.qrInstruction", { door })}
          offlineHint={!offline}
          testId="order-qr"
          qrTestId="order-qr-code"
          doorTestId="order-door"
        >
          <ContentBlock
            name="attention_pick_up_dropoff"
            doorNumber={door}
            variant="note"
            fallbackTitle={t("dropOff.order.attention")}
            testId="order-attention"
            skeleton={false}
          />
        </DoorQrCard>
      ) : null}

      <ContentBlock
        name="how_to_pick_up_dropoff"
        doorNumber={door}
        variant="details"
        fallbackTitle={t("dropOff.order.howTo")}
        testId="order-how-to"
        skeleton={false}
      />

      <LocationInfo detail={order.lockerLocationDetail} />

      {isSafeUrl(mapsLink) || helpEnabled ? (
        <div className={`stack ${styles.links}`}>
          {/* Links, so they open without scripts too; with them the app opens the map or its chat. */}
          {isSafeUrl(mapsLink) ? (
            <ButtonAnchor
              variant="secondary"
              block
              href={mapsLink}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => {
                event.preventDefault();
                void bridge.openMapLink(mapsLink);
              }}
              data-testid="order-map-link"
            >
              {t("dropOff.order.openMapLink")}
              <ExternalIcon size={18} />
              <span className="visually-hidden"> {t("locationInfo.mapOpens")}</span>
            </ButtonAnchor>
          ) : null}
          {helpEnabled ? (
            <ButtonAnchor
              variant="ghost"
              block
              href={isSafeUrl(config.chatbotUrl) ? config.chatbotUrl : undefined}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => {
                event.preventDefault();
                void bridge.contactSupport({ expressNumber: order.expressNumber });
              }}
              data-testid="order-help"
            >
              {t("dropOff.order.help")}
            </ButtonAnchor>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
