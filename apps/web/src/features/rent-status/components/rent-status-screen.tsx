import { focusManager } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../components/button";
import { ErrorDialog } from "../../../components/error-dialog";
import { mainContentId } from "../../../components/layouts/app-layout";
import { ScreenSkeleton } from "../../../components/loaders";
import { OfflineNotice } from "../../../components/offline-notice";
import { PageTitle } from "../../../components/page-title";
import { usePreloadQrEncoderWhile } from "../../../components/qr-code";
import { useUserSession } from "../../../components/require-user";
import { useConfig } from "../../../config/use-config";
import { useForgetRefusedToken } from "../../../domain/member/member-session";
import { keepShownOrder } from "../../../domain/order/order-share";
import { useShareOrderAction } from "../../../domain/order/share-order-button";
import type { Refused } from "../../../lib/forms/action.server";
import { errorMessage } from "../../../lib/http/api-client";
import { useT } from "../../../lib/i18n/i18n";
import { useOfflineData } from "../../../lib/offline/offline-cache";
import { useFocusNotLost } from "../../../lib/ui/use-focus-not-lost";
import { paths } from "../../../paths";
import { useRentOrder } from "../api/use-rent-order";
import { useStatusTransitions } from "../hooks/use-status-transitions";
import { useViewAnnouncement } from "../hooks/use-view-announcement";
import { isStopSuccess, readRentQuery, selectRentView, toHrefQuery } from "../lib/rent-view";
import { Banner } from "./banner";
import { DeadEnd, RentLoadFailed } from "./dead-end";
import { InStoreView } from "./in-store-view";
import { OtherView } from "./other-view";
import { OverdueView } from "./overdue-view";
import styles from "./rent-status.module.css";
import { StopView } from "./stop-view";
import { ToStoreView } from "./to-store-view";
import { viewHeadline } from "./view-hero";

/**
 * The rent-status page (`/order-status?orderid&token…`, spec §2, §4): the order polled every 5 s
 * with the member's token, shown as one of five views. Without an order id (or any token) nothing
 * loads; a failure shows 'Oops...' and stops the polling and the loader.
 */
export function RentStatusScreen({ cancelRefused }: { cancelRefused?: Refused<never> | undefined }) {
  const { t } = useT();
  const [search] = useSearchParams();
  const query = useMemo(() => readRentQuery(search), [search]);
  const navigate = useNavigate();
  const { token } = useUserSession();
  const { productName } = useConfig();
  const canLoad = query.orderid !== null && token !== null;
  const orderQuery = useRentOrder(canLoad ? query.orderid : null, token, { poll: true });
  // With no signal the last copy kept on this device shows (offline-cache.ts).
  const offlineView = useOfflineData(canLoad ? `order:${query.orderid}` : null, orderQuery);
  const order = offlineView.data;
  const offline = offlineView.offline;
  const [seenError, setSeenError] = useState<unknown>(null);
  // The to-store view holds the screen while its cancel is open, asked or refused (to-store-view.tsx);
  // a refusal of the page's post holds it from the start, so 'Denied?' shows even if items were stored.
  const [held, setHeld] = useState(cancelRefused !== undefined);

  useStatusTransitions(order, productName, offlineView.fromCache);
  useForgetRefusedToken(orderQuery.error, token);

  // The door QR's encoder loads while the order does.
  usePreloadQrEncoderWhile(orderQuery.isPending);

  // The last order shown is kept for the header's share button (spec §3 order_data).
  useEffect(() => {
    if (order) keepShownOrder(order);
  }, [order]);

  // The locker closed the door after the stop flow: the rent has ended.
  useEffect(() => {
    if (!order || !isStopSuccess(order.status, query)) return;
    void navigate(
      paths.orderStatus.action.href({
        act: "stop_success",
        orderid: query.orderid ?? order.id,
        token: query.token ?? undefined,
      }),
      { replace: true },
    );
  }, [order, query, navigate]);

  // Back from a failed or timed-out payment: straight to the overdue view, with its warning.
  useEffect(() => {
    const unpaid = query.paymentStatus === "FAILED" || query.paymentStatus === "CANCELLED";
    if (order?.status !== "IN_STORE" || query.overdue !== "true" || !unpaid || query.status !== null) return;
    void navigate(paths.orderStatus.page.href({ ...toHrefQuery(query), status: "overdue" }), {
      replace: true,
    });
  }, [order?.status, query, navigate]);

  // The share button sits in the bar's action slot for finished statuses (spec §4).
  useShareOrderAction(order?.status, { labelKey: "rent.share", testId: "share-button" });

  const view = order ? (held ? "to-store" : selectRentView(order.status, query)) : null;
  // A view a poll replaced (the items stored, the rent ended) took its focused button with it: the
  // new view's headline takes the focus, or, when the focus is elsewhere, is spoken.
  const shownView = order ? `${view}:${order.status}` : null;
  useFocusNotLost(shownView ?? "", [viewHeadline, `#${mainContentId} h1`], { reveal: true });
  const announced = useViewAnnouncement(shownView, viewHeadline);
  const heading =
    view === "overdue" ? null : (
      <h1 className="visually-hidden" data-testid="rent-status-heading">
        {t("rent.pageTitle")}
      </h1>
    );

  if (!canLoad) {
    return (
      <div className={styles.page}>
        <PageTitle title={t("rent.pageTitle")} />
        <DeadEnd
          testId="rent-missing-order"
          title={t("rent.missingOrder.title")}
          line={t("rent.missingOrder.line")}
        />
      </div>
    );
  }

  const failed = orderQuery.isError && !offline;
  const errorDialog = (
    <ErrorDialog
      open={failed && orderQuery.error !== seenError}
      message={errorMessage(orderQuery.error, t("errors.somethingWrong"))}
      onClose={() => setSeenError(orderQuery.error)}
    />
  );

  if (!order) {
    return (
      <div className={styles.page}>
        <PageTitle title={t("rent.pageTitle")} />
        {offline && !order ? (
          <>
            {heading}
            <OfflineNotice updatedAt={null} hasData={false} />
          </>
        ) : failed && !order ? (
          <RentLoadFailed error={orderQuery.error} onRetry={() => void orderQuery.refetch()} />
        ) : (
          <>
            {heading}
            <ScreenSkeleton cards={3} />
          </>
        )}
      </div>
    );
  }

  return (
    <div className={styles.page} data-testid="rent-status" data-view={view} data-status={order.status}>
      <PageTitle title={view === "overdue" ? t("header.overdueFee") : t("rent.pageTitle")} />
      {heading}
      <p className="visually-hidden" role="status" data-testid="view-announcement">
        {announced}
      </p>
      {offline ? <OfflineNotice updatedAt={offlineView.updatedAt} /> : null}
      {failed ? (
        <div className={styles.failedNotice} role="alert" data-testid="rent-updates-stopped">
          <p>{t("rent.loadFailed.line")}</p>
          <Button variant="ghost" onClick={() => void orderQuery.refetch()}>
            {t("rent.loadFailed.retry")}
          </Button>
        </div>
      ) : null}
      {query.overdue === "true" && query.paymentStatus === "REFUNDED" ? (
        // The API's return for a charge it gave back: whatever view the rent is in now (extended by
        // another payment, or ended), the payer learns where the money went.
        <Banner tone="info" testId="payment-refunded">
          {t("rent.overdue.paymentRefunded")}
        </Banner>
      ) : null}
      {view === "to-store" ? (
        <ToStoreView
          order={order}
          query={query}
          token={token}
          product={productName}
          onHold={setHeld}
          refused={cancelRefused}
        />
      ) : view === "in-store" ? (
        <InStoreView order={order} query={query} token={token} product={productName} />
      ) : view === "overdue" ? (
        <OverdueView order={order} query={query} token={token} />
      ) : view === "stop" ? (
        <StopView
          order={order}
          query={query}
          token={token}
          onRefresh={() => {
            // Like the poll: not after a failure, not while the page is hidden.
            if (!orderQuery.isError && focusManager.isFocused()) void orderQuery.refetch();
          }}
        />
      ) : (
        <OtherView order={order} />
      )}
      {errorDialog}
    </div>
  );
}
