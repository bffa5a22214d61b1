import type { OverdueDropoffDetail } from "@paxelbox/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { paymentCheckWindowMs } from "../../../api/check-payment";
import { AlertIcon } from "../../../components/icons";
import { ScreenSkeleton, Spinner } from "../../../components/loaders";
import { OfflineNotice, OfflineQrHint } from "../../../components/offline-notice";
import { PageTitle } from "../../../components/page-title";
import { PaymentCheck } from "../../../components/payment-check";
import {
  PaymentCheckActions,
  PaymentCheckView,
  type ServedPaymentCheck,
  ServedPaymentCheckView,
} from "../../../components/payment-check-view";
import { Card, CardNote, QrCard, QrImage } from "../../../components/ui/card";
import { DoorNumber } from "../../../components/ui/door-qr-card";
import { useConfig } from "../../../config/use-config";
import { isFullDetail, overdueDetailQueryOptions } from "../../../domain/order/overdue-detail";
import { paidPageTarget } from "../../../domain/order/overdue-entry";
import { useFirstNow, useFormatDateTime } from "../../../hooks/use-hydration";
import { useServerClock, waitForServerTime } from "../../../lib/http/server-clock";
import { useT } from "../../../lib/i18n/i18n";
import { useOfflineData } from "../../../lib/offline/offline-cache";
import { storage } from "../../../lib/offline/storage";
import { paths } from "../../../paths";
import { barcodeProduct, useBarcodeImage } from "../api/barcode-image";
import { HelpLinks } from "./help-links";
import { clearStoredOverdue } from "./overdue-result";
import styles from "./overdue-result.module.css";

interface SuccessPaymentScreenProps {
  orderid: number | null;
  token: string | null;
  linkToken: string | null;
  /** The server's check of the page it drew, if it drew one (`ServedPaymentCheck`). */
  served: ServedPaymentCheck | null;
}

/**
 * `/overduepayment/success-payment`: the server, not the return URL, says whether the fee is paid.
 * The pick-up QR shows once the overdue detail carries its barcode; until then the payment check
 * asks the API (`PaymentCheck`): paid → the detail again, now with the barcode; failed, cancelled
 * or expired → the overdue page with the spec's warning and Select Payment again.
 */
export function SuccessPaymentScreen({
  orderid,
  token,
  linkToken,
  served: servedNow,
}: SuccessPaymentScreenProps) {
  const { t } = useT();
  const navigate = useNavigate();
  // The server's check is the first page's: kept when the page takes its token out of its address
  // (a navigation whose loader runs in the browser, and serves none).
  const [served] = useState(servedNow);
  // The check said paid (when): the detail is asked again until it carries the barcode, for as
  // long as a payment check waits for its confirmation; then the page says it is not confirmed and
  // offers to check again or pay again, as the server's check does (`servedCheck`).
  const [paidAt, setPaidAt] = useState<number | null>(null);
  const [waitOver, setWaitOver] = useState(false);
  useEffect(() => {
    if (paidAt === null) return;
    setWaitOver(false);
    const timer = setTimeout(() => setWaitOver(true), paymentCheckWindowMs);
    return () => clearTimeout(timer);
  }, [paidAt]);
  const detail = useQuery({
    ...overdueDetailQueryOptions(orderid ?? 0, token),
    enabled: orderid !== null,
    refetchInterval: (query) =>
      paidAt !== null && !waitOver && !(isFullDetail(query.state.data) && query.state.data.barcode)
        ? 2000
        : false,
  });
  // With no signal the last copy kept on this device shows (offline-cache.ts).
  const view = useOfflineData(orderid === null ? null : `overdue:${orderid}`, detail);
  const offline = view.offline;
  const data = orderid === null ? undefined : view.data;
  const full = isFullDetail(data) ? data : null;
  const barcodeId = full?.barcode?.id ?? null;
  const { refetch } = detail;

  const target =
    orderid === null || (detail.isError && !offline) ? paths.home.href() : data ? paidPageTarget(data) : null;
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);

  useEffect(() => {
    if (barcodeId) clearStoredOverdue();
  }, [barcodeId]);

  if (!full && offline && !target) {
    return (
      <div className={`stack ${styles.screen}`}>
        <PageTitle title={t("dropOff.results.paidTitle")} />
        <OfflineNotice updatedAt={null} hasData={false} />
      </div>
    );
  }
  if (target || !full) return <ScreenSkeleton cards={2} />;
  const title = t("dropOff.results.paidTitle");
  const payment = (status?: "failed" | "cancel") =>
    paths.overdue.payment.href({ orderid: full.id, token: linkToken ?? undefined, status });
  return (
    <div className={`stack ${styles.screen}`} data-testid="overdue-success-payment">
      {offline ? <OfflineNotice updatedAt={view.updatedAt} /> : null}
      {barcodeId ? (
        <>
          <PageTitle title={title} />
          <PaidQr detail={full} barcodeId={barcodeId} title={title} offline={offline} />
        </>
      ) : paidAt !== null ? (
        // Paid, the QR not there yet: still checking, and after the wait a way on.
        <PaymentCheckView
          phase={waitOver ? "unconfirmed" : "SUCCESS"}
          variant="screen"
          actions={
            <PaymentCheckActions
              variant="screen"
              onCheckAgain={() => {
                setPaidAt(Date.now());
                void refetch();
              }}
              onPayAgain={() => void navigate(payment())}
            />
          }
        />
      ) : (
        <PaymentCheck
          orderid={full.id}
          token={token}
          variant="screen"
          // Before and without scripts, the server's check: without them the browser asks the
          // server anew while it waits, which answers with the QR once the payment is credited,
          // or goes back to the overdue page.
          fallback={served ? <ServedPaymentCheckView served={served} variant="screen" /> : undefined}
          initialPhase={served?.phase}
          onSettled={(status) => {
            if (status === "SUCCESS") {
              setPaidAt(Date.now());
              void refetch();
            } else {
              void navigate(payment(status === "FAILED" ? "failed" : "cancel"), { replace: true });
            }
          }}
          onPayAgain={() => void navigate(payment())}
        />
      )}
      <HelpLinks expressNumber={full.expressNumber} />
    </div>
  );
}

function PaidQr({
  detail,
  barcodeId,
  title,
  offline,
}: {
  detail: OverdueDropoffDetail;
  barcodeId: string;
  title: string;
  offline: boolean;
}) {
  const { t } = useT();
  // As the server drew it until the page has hydrated, then in the phone's zone (ADR 029).
  const formatTime = useFormatDateTime();
  const config = useConfig();
  const imageQuery = useBarcodeImage(barcodeProduct(config.productName), barcodeId);
  const image = useOfflineData(`barcode:${barcodeId}`, imageQuery);
  const door = detail.mouth.number;
  // The code opens the door until the new deadline (the server's time); past it the data says it
  // no longer works. The server's clock: as it read it for its HTML while hydrating, then as this
  // page knows it (its render is a reading), so a phone clock ahead neither breaks hydration nor
  // hides a valid code.
  const serverNow = useServerClock();
  const now = useFirstNow(serverNow);
  const expired = now() > detail.overdueTime;
  // A page left open past the new deadline hides the code then: nothing else draws it again.
  const [, setPassed] = useState(false);
  useEffect(() => {
    if (expired) return;
    const timer = setTimeout(
      () => setPassed(serverNow() > detail.overdueTime),
      waitForServerTime(detail.overdueTime),
    );
    return () => clearTimeout(timer);
  }, [expired, detail.overdueTime, serverNow]);

  useEffect(() => {
    if (!image.data) return;
    storage.set("bloburl", image.data);
    storage.set("isBase64", true);
  }, [image.data]);

  return (
    <Card as="section" centered aria-labelledby="paid-title" data-testid="overdue-paid">
      <h1 id="paid-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.line}>{t("dropOff.results.paidLine")}</p>
      {expired ? (
        <QrCard>
          <p className={styles.line} data-testid="overdue-paid-qr-hidden">
            {t("offline.qrHidden")}
          </p>
        </QrCard>
      ) : image.data ? (
        <QrImage src={image.data} alt={t("dropOff.results.qrLabel", { door })} testId="overdue-paid-qr" />
      ) : (
        <QrCard>
          <span className={styles.qrPlaceholder}>
            <Spinner size={40} label={t("common.loading")} />
          </span>
        </QrCard>
      )}
      {image.data && !expired && !offline ? <OfflineQrHint /> : null}
      <DoorNumber label={t("dropOff.results.door")} number={door} testId="overdue-paid-door" />
      <CardNote as="p" className={styles.warning}>
        <AlertIcon size={18} />
        <span>{t("dropOff.results.warning")}</span>
      </CardNote>
      <p className={styles.validity} data-testid="overdue-paid-validity">
        {t("dropOff.results.validUntil", { time: formatTime(detail.overdueTime) })}
      </p>
    </Card>
  );
}
