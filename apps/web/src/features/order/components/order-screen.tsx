import type { Order } from "@paxelbox/contract";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { contentText, isFeatureEnabled, useSettings } from "../../../api/settings";
import { Button } from "../../../components/button";
import { DoorSizeLabel } from "../../../components/door-size-label";
import { ErrorDialog } from "../../../components/error-dialog";
import { AlertIcon, ExternalIcon } from "../../../components/icons";
import { useHeaderAction } from "../../../components/layouts/header-actions";
import { ScreenSkeleton } from "../../../components/loaders";
import { LocationInfo } from "../../../components/location-info";
import { OfflineNotice, OfflineQrHint } from "../../../components/offline-notice";
import { PageTitle } from "../../../components/page-title";
import { preloadQrEncoder, QrCode } from "../../../components/qr-code";
import { StatusLabel } from "../../../components/status-label";
import { useFirstNow, useFormatDateTime } from "../../../hooks/use-hydration";
import { errorMessage } from "../../../lib/api-client";
import { bridge } from "../../../lib/bridge";
import { useT } from "../../../lib/i18n";
import { useOfflineData } from "../../../lib/offline-cache";
import { isSafeUrl } from "../../../lib/safe-url";
import { storage } from "../../../lib/storage";
import { paths } from "../../../paths";
import { useOrderDetail } from "../api/order-detail";
import { isOverdueNow, overdueCheckMs, showsShareButton } from "../lib/order-rules";
import styles from "./order-screen.module.css";
import { ShareButton } from "./share-button";

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
      <div className={styles.screen}>
        <PageTitle title={t("header.orderDetail")} />
        <p className={styles.card} data-testid="order-missing">
          {t("dropOff.order.noOrder")}
        </p>
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
  const [dialogOpen, setDialogOpen] = useState(true);
  const data = view.data;

  // The pick-up QR's encoder loads while the order does.
  useEffect(() => {
    void preloadQrEncoder();
  }, []);

  useEffect(() => {
    if (!data) return;
    storage.set("order_data", data);
    storage.set("order_id", String(data.id));
  }, [data]);

  // The overdue payment needs the network: no move while offline.
  useOverdueRedirect(view.offline ? undefined : data, linkToken);

  const status = data?.status;
  const shareNode = useMemo(() => (status && showsShareButton(status) ? <ShareButton /> : null), [status]);
  useHeaderAction(shareNode);

  if (!data && view.offline) {
    return (
      <div className={styles.screen}>
        <PageTitle title={t("header.orderDetail")} />
        <OfflineNotice updatedAt={null} hasData={false} />
      </div>
    );
  }
  if (order.isError && !data) {
    return (
      <div className={styles.screen}>
        <PageTitle title={t("header.orderDetail")} />
        <ErrorDialog
          open={dialogOpen}
          message={errorMessage(order.error, t("errors.somethingWrong"))}
          onClose={() => setDialogOpen(false)}
        />
        <div className={styles.card} data-testid="order-error">
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
        </div>
      </div>
    );
  }
  if (!data) return <ScreenSkeleton cards={3} />;
  return <OrderContent order={data} offline={view.offline} updatedAt={view.updatedAt} />;
}

/** The clock, once per second while offline (nothing else re-renders the page then). */
function useNow(ticking: boolean): number {
  const firstNow = useFirstNow();
  const [now, setNow] = useState(firstNow);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), overdueCheckMs);
    return () => clearInterval(timer);
  }, [ticking]);
  return ticking ? now : firstNow();
}

/** Once per second: an overdue parcel moves on to the overdue payment page (spec §4). */
function useOverdueRedirect(order: Order | undefined, linkToken: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!order) return;
    const check = () => {
      if (!isOverdueNow(order, Date.now())) return false;
      void navigate(paths.overdue.payment.href({ orderid: order.id, token: linkToken ?? undefined }), {
        replace: true,
      });
      return true;
    };
    if (check()) return;
    const timer = setInterval(() => {
      if (check()) clearInterval(timer);
    }, overdueCheckMs);
    return () => clearInterval(timer);
  }, [order, linkToken, navigate]);
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
  const { t, language } = useT();
  const formatTime = useFormatDateTime();
  const now = useNow(offline);
  const settings = useSettings();
  const door = order.mouth.number;
  const inStore = order.status === "IN_STORE";
  const attention = contentText(settings.data, "attention_pick_up_dropoff", language, door);
  const howTo = contentText(settings.data, "how_to_pick_up_dropoff", language, door);
  const helpEnabled = isFeatureEnabled(settings.data, "yellowai");
  const mapsLink = order.lockerLocationDetail.mapsLink;
  const pickUpCode = order.barcode.qrcodeCustomerTake;
  // Past the free period the code no longer opens the door until the fee is paid.
  const expired = isOverdueNow(order, now);

  return (
    <div className={styles.screen} data-testid="order-screen" data-status={order.status}>
      <PageTitle title={t("header.orderDetail")} />
      {offline ? <OfflineNotice updatedAt={updatedAt} /> : null}

      <section className={styles.card} aria-labelledby="order-summary">
        <div className={styles.summaryTop}>
          <div>
            <p className={styles.caption} id="order-summary">
              {t("dropOff.order.orderNumber")}
            </p>
            <p className={styles.orderNumber} data-testid="order-number">
              {order.expressNumber}
            </p>
          </div>
          <StatusLabel status={order.status} />
        </div>
        <dl className={styles.rows}>
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
      </section>

      {inStore && pickUpCode && expired ? (
        <p className={styles.card} data-testid="order-qr-hidden">
          {t("offline.qrHidden")}
        </p>
      ) : null}
      {inStore && pickUpCode && !expired ? (
        <section
          className={`${styles.card} ${styles.qrCard}`}
          aria-labelledby="order-qr"
          data-testid="order-qr"
        >
          <h2 id="order-qr" className={styles.cardTitle}>
            {t("dropOff.order.qrHeading")}
          </h2>
          <div data-testid="order-qr-code">
            <QrCode value={pickUpCode} label={t("dropOff.order.qrLabel", { door })} />
          </div>
          <p className={styles.door} data-testid="order-door">
            <span className={styles.doorCaption}>{t("dropOff.order.door")}</span>
            <span className={styles.doorNumber}>{door}</span>
          </p>
          <p className={styles.instruction}>{t("dropOff.order.qrInstruction", { door })}</p>
          {offline ? null : <OfflineQrHint />}
          {attention ? (
            <div className={styles.attention} role="note" data-testid="order-attention">
              <p className={styles.attentionTitle}>
                <AlertIcon size={18} /> {attention.title || t("dropOff.order.attention")}
              </p>
              <div
                className={styles.html}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: settings HTML, sanitised by contentText
                dangerouslySetInnerHTML={{ __html: attention.html }}
              />
            </div>
          ) : null}
        </section>
      ) : null}

      {howTo ? (
        <details className={`${styles.card} ${styles.howTo}`} data-testid="order-how-to">
          <summary>{howTo.title || t("dropOff.order.howTo")}</summary>
          <div
            className={styles.html}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: settings HTML, sanitised by contentText
            dangerouslySetInnerHTML={{ __html: howTo.html }}
          />
        </details>
      ) : null}

      <LocationInfo detail={order.lockerLocationDetail} />

      {isSafeUrl(mapsLink) || helpEnabled ? (
        <div className={styles.links}>
          {isSafeUrl(mapsLink) ? (
            <Button
              variant="secondary"
              block
              onClick={() => void bridge.openMapLink(mapsLink)}
              data-testid="order-map-link"
            >
              {t("dropOff.order.openMapLink")}
              <ExternalIcon size={18} />
            </Button>
          ) : null}
          {helpEnabled ? (
            <Button
              variant="ghost"
              block
              onClick={() => void bridge.contactSupport({ expressNumber: order.expressNumber })}
              data-testid="order-help"
            >
              {t("dropOff.order.help")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
