import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { contentText, useSettings } from "../../../api/settings";
import { Button, ButtonLink } from "../../../components/button";
import { CheckCircleIcon, CloseIcon } from "../../../components/icons";
import { BackHeader } from "../../../components/layouts/back-header";
import { SkeletonCard, Spinner } from "../../../components/loaders";
import { OfflineNotice } from "../../../components/offline-notice";
import { PageTitle } from "../../../components/page-title";
import { preloadQrEncoder } from "../../../components/qr-code";
import { useUserSession } from "../../../components/require-user";
import { cardStyles } from "../../../components/ui/card";
import { ContentBlock, SettingsHtml } from "../../../components/ui/content-block";
import { DoorQrCard } from "../../../components/ui/door-qr-card";
import { ResultPanel } from "../../../components/ui/result-panel";
import { useConfig } from "../../../config/use-config";
import { useForgetRefusedToken } from "../../../domain/member/member-session";
import { orderQueryKey } from "../../../domain/order/order-query";
import { useServerClock, waitForServerTime } from "../../../lib/http/server-clock";
import { formatDateTime } from "../../../lib/i18n/format";
import { useT } from "../../../lib/i18n/i18n";
import { recallOffline, useOfflineData } from "../../../lib/offline/offline-cache";
import { paths } from "../../../paths";
import { rentOrderQueryOptions } from "../api/order";
import { type TemporaryQr, useStoredTemporaryQr, useTemporaryQr } from "../api/temporary-qr";
import { useSecondsCountdown } from "../hooks/use-countdown";
import { useStatusTransitions } from "../hooks/use-status-transitions";
import { countOpening } from "../lib/open-count";
import { recordRentEvent } from "../lib/rent-events";
import { type RentQuery, readRentQuery, toHrefQuery } from "../lib/rent-view";
import { RentLoadFailed } from "./dead-end";
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
      return <Outcome query={query} outcome="cancelSuccess" />;
    case "stop_success":
      return <Outcome query={query} outcome="stopSuccess" />;
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
    ...rentOrderQueryOptions(orderid, token),
    enabled: query.orderid !== null && token !== null,
  });
  // With no signal the last copy kept on this device shows (offline-cache.ts).
  const view = useOfflineData(query.orderid ? `order:${query.orderid}` : null, result);
  useForgetRefusedToken(result.error, token);
  return {
    data: view.data,
    /** `data` is the copy kept on this phone. */
    fromCache: view.fromCache,
    token,
    offline: view.offline,
    updatedAt: view.updatedAt,
    /** The order could not be loaded (not for want of signal): 'Oops...', and nothing more is asked. */
    failure: result.isError && !view.offline && view.data === undefined ? result.error : null,
    retry: () => void result.refetch(),
  };
}

/**
 * The rent-status page of the action's order with its id and token (spec §2): the address's token,
 * or the stored one once it has left the address bar.
 */
function orderPageHref(query: RentQuery, token: string | null): string {
  return paths.orderStatus.page.href({
    orderid: query.orderid ?? undefined,
    token: query.token ?? token ?? undefined,
  });
}

/**
 * A result of its own page: the page title, the bar (the close icon after an outcome, otherwise
 * the back arrow) and the panel, with its one button.
 */
function Result({
  title,
  line,
  tone,
  testId,
  button,
  onButton,
  href,
  quiet = false,
}: {
  title: string;
  line: string;
  /** An outcome (its icon, the close icon in the bar); none: a page that cannot be shown. */
  tone?: "success" | "danger";
  testId: string;
  button?: string;
  onButton?: () => void;
  /** The button as a link to `href` (it works before and without scripts; `onButton` then leads). */
  href?: string;
  /** A secondary button, without the `result-action` test id. */
  quiet?: boolean;
}) {
  const variant = quiet ? "secondary" : "primary";
  const actionTestId = quiet ? undefined : "result-action";
  return (
    <>
      <PageTitle title={title} />
      <BackHeader icon={tone ? "close" : "back"} />
      <ResultPanel
        className={styles.result}
        data-testid={testId}
        tone={tone}
        icon={tone ? tone === "success" ? <CheckCircleIcon size={36} /> : <CloseIcon size={36} /> : undefined}
        title={title}
        message={line}
        actions={
          button && href ? (
            <ButtonLink
              block
              variant={variant}
              to={href}
              onClick={(event) => {
                if (!onButton) return;
                event.preventDefault();
                onButton();
              }}
              data-testid={actionTestId}
            >
              {button}
            </ButtonLink>
          ) : button ? (
            <Button block variant={variant} onClick={onButton} data-testid={actionTestId}>
              {button}
            </Button>
          ) : undefined
        }
      />
    </>
  );
}

/**
 * 'Rent Cancelled': See Order goes back (to the order page when there is nothing to go back to).
 * 'Rent has Ended': See Status loads the order page again with order id and token.
 */
function Outcome({ query, outcome }: { query: RentQuery; outcome: "cancelSuccess" | "stopSuccess" }) {
  const { t } = useT();
  const { token } = useUserSession();
  useCancelRecorded(query);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cancelled = outcome === "cancelSuccess";
  const onButton = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (cancelled && index > 0) {
      void navigate(-1);
      return;
    }
    if (!cancelled && query.orderid) {
      void queryClient.invalidateQueries({ queryKey: orderQueryKey(query.orderid) });
    }
    void navigate(orderPageHref(query, token), { replace: true });
  };
  return (
    <Result
      testId={cancelled ? "cancel-success" : "stop-success"}
      tone={cancelled ? "danger" : "success"}
      title={t(`rent.action.${outcome}.title`)}
      line={t(`rent.action.${outcome}.line`)}
      button={t(`rent.action.${outcome}.button`)}
      href={orderPageHref(query, token)}
      onButton={onButton}
    />
  );
}

/**
 * A cancel the route action made (a page posted before or without its scripts, ADR 043) reaches
 * 'Rent Cancelled' with `record=cancel`: once the scripts run, the page records the cancellation
 * through the bridge with the order, as its own cancel does, and drops the marker from the address.
 */
function useCancelRecorded(query: RentQuery) {
  const [search, setSearch] = useSearchParams();
  const { token } = useUserSession();
  const { productName } = useConfig();
  const pending = search.get("record") === "cancel";
  const { data: order } = useQuery({
    ...rentOrderQueryOptions(query.orderid ?? "", token),
    enabled: pending && query.orderid !== null && token !== null,
  });
  const recorded = useRef(false);
  useEffect(() => {
    if (!pending || !order || recorded.current) return;
    recorded.current = true;
    void recordRentEvent(productName, "cancelRent", order, { payment_method: order.paymentMethod ?? "" });
    const rest = new URLSearchParams(search);
    rest.delete("record");
    setSearch(rest, { replace: true, preventScrollReset: true });
  }, [pending, order, productName, search, setSearch]);
}

/** 5 s countdown with the stop instruction, then the order page with the same query (the stop view). */
function StopCount({ query }: { query: RentQuery }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const settings = useSettings();
  const { data: order, failure } = useActionOrder(query);
  const seconds = useSecondsCountdown(
    stopCountSeconds,
    () => void navigate(paths.orderStatus.page.href(toHrefQuery(query)), { replace: true }),
    { restart: false },
  );
  // The instruction names the door (spec §3 `{{door_number}}`): it waits for the order.
  const instruction = order
    ? contentText(settings.data, "stop_rent_countdown_instruction", language, order.mouth.number)
    : null;
  const title = instruction?.title || t("rent.action.stopCount.title");
  return (
    <>
      <PageTitle title={title} />
      <ResultPanel
        className={styles.result}
        data-testid="stop-count"
        title={instruction?.titleLang ? <span lang={instruction.titleLang}>{title}</span> : title}
      >
        <p className={styles.bigCount} role="timer" aria-live="off" data-testid="stop-count-seconds">
          <span aria-hidden="true">{t("rent.action.stopCount.seconds", { seconds })}</span>
          <span className="visually-hidden">
            {seconds} {t("rent.action.stopCount.secondsLabel")}
          </span>
        </p>
        {instruction ? (
          <SettingsHtml
            html={instruction.html}
            className={styles.countInstruction}
            role="status"
            lang={instruction.htmlLang}
          />
        ) : settings.isPending || (!order && failure === null) ? (
          <SkeletonCard lines={2} />
        ) : null}
      </ResultPanel>
    </>
  );
}

/** The temporary QR that opens the door, its validity, and how to open the locker. */
function OpenLocker({ query }: { query: RentQuery }) {
  const { t, language } = useT();
  const { productName } = useConfig();
  const { data: order, fromCache, token, offline, updatedAt, failure, retry } = useActionOrder(query);
  const stored = useStoredTemporaryQr(query.orderid);
  const temporaryQr = useTemporaryQr(query.orderid, token);
  // The QR's end is the server's time: a phone clock that is off must not end it early or late. The
  // page the server rendered is a first reading of its clock, and each answer of the order another:
  // the QR is judged again with each.
  const serverNow = useServerClock();
  const [now, setNow] = useState(() => serverNow());
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer of the order is a new reading of the server's clock
  useEffect(() => setNow(serverNow()), [serverNow, updatedAt]);
  const [failed, setFailed] = useState(false);
  useStatusTransitions(order, productName, fromCache);

  // The QR asked for before, kept on this device: still shown offline while it is valid.
  const orderid = query.orderid;
  const keptQr = useMemo(
    () =>
      stored.data || !orderid ? null : (recallOffline<TemporaryQr>(`temporary-qr:${orderid}`)?.data ?? null),
    [stored.data, orderid],
  );
  const qr = stored.data ?? keptQr ?? undefined;
  const valid = qr !== undefined && qr.expiresAt > now;
  // Re-render when the QR runs out (scheduled again with each new reading of the clock).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` changes with each reading
  useEffect(() => {
    if (!qr || qr.expiresAt <= serverNow()) return;
    const timer = setTimeout(() => setNow(serverNow()), waitForServerTime(qr.expiresAt));
    return () => clearTimeout(timer);
  }, [qr, now, serverNow]);

  const requestNew = async () => {
    if (!order) return;
    setFailed(false);
    try {
      const next = await temporaryQr.open(order.expressNumber);
      if (!next) return;
      setNow(serverNow());
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
  if (failure !== null) {
    return (
      <>
        <PageTitle title={t("rent.action.openLocker.title")} />
        <BackHeader />
        <RentLoadFailed error={failure} onRetry={retry} />
      </>
    );
  }
  if (!order) {
    body = <SkeletonCard lines={6} />;
  } else {
    const door = order.mouth.number;
    body = (
      <>
        <DoorQrCard
          testId="open-locker-qr"
          title={t("rent.action.openLocker.title")}
          headingLevel="h1"
          value={valid ? qr.temporaryQrcode : null}
          label={t("rent.action.openLocker.qrLabel", { door })}
          doorLabel={t("rent.inStore.door")}
          doorNumber={door}
          instruction={t("rent.action.openLocker.qrHint", { door })}
          missing={t("rent.action.openLocker.expired")}
        >
          {valid ? (
            <p className={cardStyles.muted} data-testid="open-locker-valid-until">
              {t("rent.action.openLocker.validUntil", { time: formatDateTime(qr.expiresAt, language) })}
            </p>
          ) : null}
          {/* Offered while the code is valid too: it opens the door once, and this page does not
              learn that it was used (a renter back for a forgotten item needs another). */}
          <Button
            block
            variant="secondary"
            onClick={() => void requestNew()}
            aria-disabled={temporaryQr.isPending || undefined}
            data-testid="open-locker-new"
          >
            {temporaryQr.isPending ? <Spinner size={18} /> : null}
            {temporaryQr.isPending ? t("rent.action.openLocker.loading") : t("rent.action.openLocker.newQr")}
          </Button>
          {failed ? (
            <p className={styles.inlineError} role="alert" data-testid="open-locker-failed">
              {temporaryQr.refusal ?? t("rent.inStore.openFailed")}
            </p>
          ) : null}
          {failed && temporaryQr.refusal !== null ? (
            <ButtonLink block variant="ghost" to={orderPageHref(query, token)} data-testid="open-locker-back">
              {t("rent.action.backToRent")}
            </ButtonLink>
          ) : null}
        </DoorQrCard>
        <ContentBlock name="how_to_open_locker" doorNumber={door} />
      </>
    );
  }
  return (
    <>
      <PageTitle title={t("rent.action.openLocker.title")} />
      <BackHeader />
      <div className={`stack ${styles.content}`} data-testid="open-locker-page">
        {offline ? <OfflineNotice updatedAt={updatedAt} hasData={order !== undefined} /> : null}
        {body}
      </div>
    </>
  );
}

function UnknownAction({ query }: { query: RentQuery }) {
  const { t } = useT();
  const { token } = useUserSession();
  return (
    <Result
      testId="unknown-action"
      title={t("rent.action.unknown.title")}
      line={t("rent.action.unknown.line")}
      button={query.orderid ? t("rent.action.backToRent") : undefined}
      href={orderPageHref(query, token)}
      quiet
    />
  );
}
