import type { OverdueDropoffDetail } from "@paxelbox/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button, ButtonLink } from "../../../components/button";
import { AlertIcon } from "../../../components/icons";
import { ScreenSkeleton, Spinner } from "../../../components/loaders";
import { OfflineNotice, OfflineQrHint } from "../../../components/offline-notice";
import { PageTitle } from "../../../components/page-title";
import { useConfig } from "../../../config/use-config";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { useOfflineData } from "../../../lib/offline-cache";
import { storage } from "../../../lib/storage";
import { paths } from "../../../paths";
import { barcodeProduct, useBarcodeImage } from "../api/barcode-image";
import { isFullDetail, overdueDetailQueryOptions } from "../api/overdue-detail";
import { HelpLinks } from "./help-links";
import { clearStoredOverdue } from "./overdue-result";
import styles from "./overdue-result.module.css";

/** The gateway's notification may arrive just after the browser returns: ask again for a while. */
export const confirmPollMs = 2000;
export const confirmWindowMs = 30_000;

interface SuccessPaymentScreenProps {
  orderid: number | null;
  token: string | null;
  linkToken: string | null;
}

/**
 * `/overduepayment/success-payment`: the server, not the return URL, says whether the fee is paid.
 * The pick-up QR shows only once the overdue detail carries its barcode.
 */
export function SuccessPaymentScreen({ orderid, token, linkToken }: SuccessPaymentScreenProps) {
  const { t } = useT();
  const navigate = useNavigate();
  // Ask again every 2 s for a while, until the detail carries the barcode.
  const [since, setSince] = useState(() => Date.now());
  const [windowOver, setWindowOver] = useState(false);
  const detail = useQuery({
    ...overdueDetailQueryOptions(orderid ?? 0, token),
    enabled: orderid !== null,
    refetchInterval: (query) =>
      windowOver || (isFullDetail(query.state.data) && query.state.data.barcode) ? false : confirmPollMs,
  });
  // With no signal the last copy kept on this device shows (offline-cache.ts).
  const view = useOfflineData(orderid === null ? null : `overdue:${orderid}`, detail);
  const offline = view.offline;
  const data = orderid === null ? undefined : view.data;
  const full = isFullDetail(data) ? data : null;
  const barcodeId = full?.barcode?.id ?? null;
  const waiting = !barcodeId && !windowOver;

  useEffect(() => {
    setWindowOver(false);
    const timer = setTimeout(() => setWindowOver(true), since + confirmWindowMs - Date.now());
    return () => clearTimeout(timer);
  }, [since]);
  const { refetch } = detail;

  const target = (() => {
    if (orderid === null || (detail.isError && !offline)) return paths.home.href();
    if (!data) return null;
    if (data.overdueStatus === "expired") return paths.overdue.expire.href();
    if (data.status !== "IN_STORE") return paths.overdue.success.href();
    if (!full) return paths.home.href();
    return null;
  })();
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);

  useEffect(() => {
    if (barcodeId) clearStoredOverdue();
  }, [barcodeId]);

  if (!full && offline && !target) {
    return (
      <div className={styles.screen}>
        <PageTitle title={t("dropOff.results.paidTitle")} />
        <OfflineNotice updatedAt={null} hasData={false} />
      </div>
    );
  }
  if (target || !full) return <ScreenSkeleton cards={2} />;
  const title = t("dropOff.results.paidTitle");
  return (
    <div className={styles.screen} data-testid="overdue-success-payment">
      <PageTitle title={title} />
      {offline ? <OfflineNotice updatedAt={view.updatedAt} /> : null}
      {barcodeId ? (
        <PaidQr detail={full} barcodeId={barcodeId} title={title} offline={offline} />
      ) : (
        <section className={styles.card} aria-live="polite" data-testid="overdue-payment-pending">
          {waiting ? (
            <div className={styles.pending}>
              <Spinner size={40} />
              <h1 className={styles.title}>{t("dropOff.results.checking")}</h1>
            </div>
          ) : (
            <div className={styles.pending}>
              <span className={styles.icon}>
                <AlertIcon size={32} />
              </span>
              <h1 className={styles.title}>{t("dropOff.results.notConfirmed")}</h1>
              <Button
                block
                onClick={() => {
                  setSince(Date.now());
                  void refetch();
                }}
              >
                {t("dropOff.results.checkAgain")}
              </Button>
              <ButtonLink
                variant="secondary"
                block
                to={paths.overdue.payment.href({ orderid: full.id, token: linkToken ?? undefined })}
                replace
              >
                {t("dropOff.results.backToPayment")}
              </ButtonLink>
            </div>
          )}
        </section>
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
  const { t, language } = useT();
  const config = useConfig();
  const imageQuery = useBarcodeImage(barcodeProduct(config.productName), barcodeId);
  const image = useOfflineData(`barcode:${barcodeId}`, imageQuery);
  const door = detail.mouth.number;
  // The code opens the door until the new deadline; past it the data says it no longer works.
  const expired = Date.now() > detail.overdueTime;

  useEffect(() => {
    if (!image.data) return;
    storage.set("bloburl", image.data);
    storage.set("isBase64", true);
  }, [image.data]);

  return (
    <section className={styles.card} aria-labelledby="paid-title" data-testid="overdue-paid">
      <h1 id="paid-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.line}>{t("dropOff.results.paidLine")}</p>
      <div className={styles.qrFrame}>
        {expired ? (
          <p className={styles.line} data-testid="overdue-paid-qr-hidden">
            {t("offline.qrHidden")}
          </p>
        ) : image.data ? (
          <img
            className={styles.qr}
            src={image.data}
            width={300}
            height={300}
            alt={t("dropOff.results.qrLabel", { door })}
            data-testid="overdue-paid-qr"
          />
        ) : (
          <span className={styles.qrPlaceholder}>
            <Spinner size={40} label={t("common.loading")} />
          </span>
        )}
      </div>
      {image.data && !expired && !offline ? <OfflineQrHint /> : null}
      <p className={styles.door} data-testid="overdue-paid-door">
        <span className={styles.doorCaption}>{t("dropOff.results.door")}</span>
        <span className={styles.doorNumber}>{door}</span>
      </p>
      <p className={styles.warning} role="note">
        <AlertIcon size={18} />
        <span>{t("dropOff.results.warning")}</span>
      </p>
      <p className={styles.validity} data-testid="overdue-paid-validity">
        {t("dropOff.results.validUntil", { time: formatDateTime(detail.overdueTime, language) })}
      </p>
    </section>
  );
}
