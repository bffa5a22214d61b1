import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { contentText, useSettings } from "../../../api/settings";
import { Button } from "../../../components/button";
import { CheckCircleIcon, CloseIcon } from "../../../components/icons";
import { BackHeader } from "../../../components/layouts/back-header";
import { SkeletonCard, Spinner } from "../../../components/loaders";
import { OfflineNotice } from "../../../components/offline-notice";
import { PageTitle } from "../../../components/page-title";
import { preloadQrEncoder } from "../../../components/qr-code";
import { useUserSession } from "../../../components/require-user";
import { useConfig } from "../../../config/use-config";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { recallOffline, useOfflineData } from "../../../lib/offline-cache";
import { paths } from "../../../paths";
import { orderQueryKey, orderQueryOptions } from "../api/order";
import { type TemporaryQr, useStoredTemporaryQr, useTemporaryQr } from "../api/temporary-qr";
import { useSecondsCountdown } from "../hooks/use-countdown";
import { useStatusTransitions } from "../hooks/use-status-transitions";
import { countOpening } from "../lib/open-count";
import { recordRentEvent } from "../lib/rent-events";
import { type RentQuery, readRentQuery, toHrefQuery } from "../lib/rent-view";
import { ContentBlock } from "./content-block";
import { DoorQr } from "./door-qr";
import styles from "./rent-status.module.css";

/** The stop page's countdown (spec §9: 5 s). */
export const stopCountSeconds = 5;

/**
 * The rent-status action page (`/order-status/action?act=…`, spec §2): cancel_success,
 * stop_success, stop_count and open_locker. It draws its own bar: none on stop_count, a close icon
 * on the two results, otherwise the back arrow (which closes the web view when the bridge exists).
 */
export function RentActionScreen() {
  const [search] = useSearchParams();
  const query = useMemo(() => readRentQuery(search), [search]);
  // The door QR's encoder loads while the order and the QR code do.
  useEffect(() => {
    void preloadQrEncoder();
  }, []);
  switch (query.act) {
    case "cancel_success":
      return <CancelSuccess query={query} />;
    case "stop_success":
      return <StopSuccess query={query} />;
    case "stop_count":
      return <StopCount query={query} />;
    case "open_locker":
      return <OpenLocker query={query} />;
    default:
      return <UnknownAction query={query} />;
  }
}

/** The order (door number, QR texts) without polling; usually already in the cache. */
function useActionOrder(query: RentQuery) {
  const { token } = useUserSession();
  const orderid = query.orderid ?? "";
  const result = useQuery({
    ...orderQueryOptions(orderid, token),
    enabled: query.orderid !== null && token !== null,
  });
  // With no signal the last copy kept on this device shows (offline-cache.ts).
  const view = useOfflineData(query.orderid ? `order:${query.orderid}` : null, result);
  return { data: view.data, token, offline: view.offline, updatedAt: view.updatedAt };
}

function Result({
  title,
  line,
  button,
  onButton,
  tone,
  testId,
}: {
  title: string;
  line: string;
  button: string;
  onButton: () => void;
  tone: "success" | "danger";
  testId: string;
}) {
  return (
    <>
      <PageTitle title={title} />
      <BackHeader icon="close" />
      <div className={styles.result} data-testid={testId}>
        <span className={styles.resultIcon} data-tone={tone}>
          {tone === "success" ? <CheckCircleIcon size={36} /> : <CloseIcon size={36} />}
        </span>
        <h1 className={styles.resultTitle}>{title}</h1>
        <p className={styles.resultLine}>{line}</p>
        <div className={styles.resultAction}>
          <Button block onClick={onButton} data-testid="result-action">
            {button}
          </Button>
        </div>
      </div>
    </>
  );
}

/** 'Rent Cancelled'; See Order goes back (to the order page when there is nothing to go back to). */
function CancelSuccess({ query }: { query: RentQuery }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <Result
      testId="cancel-success"
      tone="danger"
      title={t("rent.action.cancelSuccess.title")}
      line={t("rent.action.cancelSuccess.line")}
      button={t("rent.action.cancelSuccess.button")}
      onButton={() => {
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) void navigate(-1);
        else
          void navigate(
            paths.orderStatus.page.href({
              orderid: query.orderid ?? undefined,
              token: query.token ?? undefined,
            }),
            { replace: true },
          );
      }}
    />
  );
}

/** 'Rent has Ended'; See Status loads the order page again with order id and token. */
function StopSuccess({ query }: { query: RentQuery }) {
  const { t } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Result
      testId="stop-success"
      tone="success"
      title={t("rent.action.stopSuccess.title")}
      line={t("rent.action.stopSuccess.line")}
      button={t("rent.action.stopSuccess.button")}
      onButton={() => {
        if (query.orderid) void queryClient.invalidateQueries({ queryKey: orderQueryKey(query.orderid) });
        void navigate(
          paths.orderStatus.page.href({
            orderid: query.orderid ?? undefined,
            token: query.token ?? undefined,
          }),
          { replace: true },
        );
      }}
    />
  );
}

/** 5 s countdown with the stop instruction, then the order page with the same query (the stop view). */
function StopCount({ query }: { query: RentQuery }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const settings = useSettings();
  const { data: order } = useActionOrder(query);
  const seconds = useSecondsCountdown(
    stopCountSeconds,
    () => void navigate(paths.orderStatus.page.href(toHrefQuery(query)), { replace: true }),
    { restart: false },
  );
  const instruction = contentText(
    settings.data,
    "stop_rent_countdown_instruction",
    language,
    order?.mouth.number,
  );
  const title = instruction?.title || t("rent.action.stopCount.title");
  return (
    <>
      <PageTitle title={title} />
      <div className={styles.result} data-testid="stop-count">
        <h1 className={styles.resultTitle}>{title}</h1>
        <p className={styles.bigCount} role="timer" aria-live="off" data-testid="stop-count-seconds">
          <span aria-hidden="true">{t("rent.action.stopCount.seconds", { seconds })}</span>
          <span className="visually-hidden">
            {seconds} {t("rent.action.stopCount.secondsLabel")}
          </span>
        </p>
        {instruction ? (
          <div
            className={`${styles.html} ${styles.countInstruction}`}
            role="status"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: settings HTML, sanitised by contentText (sanitizeHtml)
            dangerouslySetInnerHTML={{ __html: instruction.html }}
          />
        ) : settings.isPending ? (
          <SkeletonCard lines={2} />
        ) : null}
      </div>
    </>
  );
}

/** The temporary QR that opens the door, its validity, and how to open the locker. */
function OpenLocker({ query }: { query: RentQuery }) {
  const { t, language } = useT();
  const { productName } = useConfig();
  const { data: order, token, offline, updatedAt } = useActionOrder(query);
  const stored = useStoredTemporaryQr(query.orderid);
  const temporaryQr = useTemporaryQr(query.orderid, token);
  const [now, setNow] = useState(() => Date.now());
  const [failed, setFailed] = useState(false);
  useStatusTransitions(order, productName);

  // The QR asked for before, kept on this device: still shown offline while it is valid.
  const orderid = query.orderid;
  const keptQr = useMemo(
    () =>
      stored.data || !orderid ? null : (recallOffline<TemporaryQr>(`temporary-qr:${orderid}`)?.data ?? null),
    [stored.data, orderid],
  );
  const qr = stored.data ?? keptQr ?? undefined;
  const valid = qr !== undefined && qr.expiresAt > now;
  // Re-render when the QR runs out.
  useEffect(() => {
    if (!qr || qr.expiresAt <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(qr.expiresAt - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [qr]);

  const requestNew = async () => {
    if (!order) return;
    setFailed(false);
    try {
      const next = await temporaryQr.open(order.expressNumber);
      if (!next) return;
      setNow(Date.now());
      const openFrequency = countOpening(order.expressNumber);
      void recordRentEvent(productName, "multiOpen", order, { open_frequency: openFrequency });
    } catch (error) {
      console.warn("[rent] temporary QR failed", error);
      setFailed(true);
    }
  };

  let body: ReactNode;
  if (!query.orderid) {
    return <UnknownAction query={query} />;
  }
  if (!order) {
    body = <SkeletonCard lines={6} />;
  } else {
    const door = order.mouth.number;
    body = (
      <>
        <DoorQr
          testId="open-locker-qr"
          title={<h1 className={styles.cardTitle}>{t("rent.action.openLocker.title")}</h1>}
          value={valid ? qr.temporaryQrcode : null}
          label={t("rent.action.openLocker.qrLabel", { door })}
          doorLabel={t("rent.inStore.door")}
          doorNumber={door}
          hint={t("rent.action.openLocker.qrHint", { door })}
          missing={t("rent.action.openLocker.expired")}
        >
          {valid ? (
            <p className={styles.muted} data-testid="open-locker-valid-until">
              {t("rent.action.openLocker.validUntil", { time: formatDateTime(qr.expiresAt, language) })}
            </p>
          ) : (
            <Button
              block
              variant="secondary"
              onClick={() => void requestNew()}
              aria-disabled={temporaryQr.isPending || undefined}
              data-testid="open-locker-new"
            >
              {temporaryQr.isPending ? <Spinner size={18} /> : null}
              {temporaryQr.isPending
                ? t("rent.action.openLocker.loading")
                : t("rent.action.openLocker.newQr")}
            </Button>
          )}
          {failed ? (
            <p className={styles.inlineError} role="alert">
              {t("rent.inStore.openFailed")}
            </p>
          ) : null}
        </DoorQr>
        <ContentBlock name="how_to_open_locker" doorNumber={door} />
      </>
    );
  }
  return (
    <>
      <PageTitle title={t("rent.action.openLocker.title")} />
      <BackHeader />
      <div className={styles.content} data-testid="open-locker-page">
        {offline ? <OfflineNotice updatedAt={updatedAt} hasData={order !== undefined} /> : null}
        {body}
      </div>
    </>
  );
}

function UnknownAction({ query }: { query: RentQuery }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title={t("rent.action.unknown.title")} />
      <BackHeader />
      <div className={styles.result} data-testid="unknown-action">
        <h1 className={styles.resultTitle}>{t("rent.action.unknown.title")}</h1>
        <p className={styles.resultLine}>{t("rent.action.unknown.line")}</p>
        {query.orderid ? (
          <div className={styles.resultAction}>
            <Button
              block
              variant="secondary"
              onClick={() =>
                void navigate(
                  paths.orderStatus.page.href({
                    orderid: query.orderid ?? undefined,
                    token: query.token ?? undefined,
                  }),
                )
              }
            >
              {t("rent.action.backToRent")}
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}
