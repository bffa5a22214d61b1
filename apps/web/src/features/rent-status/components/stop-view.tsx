import type { Order } from "@paxelbox/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { ContentBlock } from "../../../components/ui/content-block";
import { DoorQrCard } from "../../../components/ui/door-qr-card";
import { useServerClock } from "../../../lib/http/server-clock";
import { useT } from "../../../lib/i18n/i18n";
import { paths } from "../../../paths";
import { overdueCalculationQueryOptions } from "../api/overdue-calculation";
import { keptOverdueQr } from "../api/overdue-qr";
import { useSecondsCountdown } from "../hooks/use-countdown";
import { deadlineRetryMs, isOverdue, type RentQuery } from "../lib/rent-view";
import styles from "./rent-status.module.css";

/** The stop view's own countdown (spec §9: 10 s), restarting each time. */
export const stopViewCountdownSeconds = 10;

interface ViewProps {
  order: Order;
  query: RentQuery;
  token: string | null;
  /** Fetches the order again (each time the 10 s countdown ends). */
  onRefresh: () => void;
}

/**
 * Stop view (`status=stop`): door number, the QR that opens the door for the last time, the warning
 * box, how-to-stop-rent, and the 10 s countdown that restarts. The QR is the order's customer-take
 * QR (`qrdisplay=data`) or the stored overdue QR (`qrdisplay=overdue`, fee 0 past the deadline)
 * while it is this order's and opens the door, else the take QR.
 * The customer-take QR stops opening the door once the rent is past its deadline with a fee to pay
 * (the locker says to pay in the app): the view then goes where Pick Up would, the overdue view.
 */
export function StopView({ order, query, token, onRefresh }: ViewProps) {
  const { t } = useT();
  const serverNow = useServerClock();
  // Judged again at each second's render of the countdown: a stop code past its end gives way.
  const seconds = useSecondsCountdown(stopViewCountdownSeconds, onRefresh, { restart: true });
  useOverdueLeavesStop(order, query, token);
  const door = order.mouth.number;
  const value =
    query.qrdisplay === "overdue"
      ? (keptOverdueQr(order.id, serverNow()) ?? order.barcode.qrcodeCustomerTake)
      : order.barcode.qrcodeCustomerTake;

  return (
    <div className={`stack ${styles.content}`} data-testid="stop-view">
      <DoorQrCard
        testId="stop-qr"
        title={t("rent.stop.title")}
        value={value}
        label={t("rent.stop.qrLabel", { door })}
        doorLabel={t("rent.stop.door")}
        doorNumber={door}
        instruction={t("rent.stop.qrHint", { door })}
        missing={t("rent.stop.qrMissing")}
      >
        <p className={styles.spinnerRow} data-testid="stop-countdown">
          <span aria-hidden="true">{t("rent.stop.checkingIn", { seconds })}</span>
          <span className="visually-hidden">{t("rent.stop.checkingHint")}</span>
        </p>
      </DoorQrCard>
      <ContentBlock name="attention_pick_up_items" doorNumber={door} variant="warning" />
      <ContentBlock name="how_to_stop_rent" doorNumber={door} />
    </div>
  );
}

/**
 * Past the deadline (on the server's clock, checked each second with the countdown's render) while
 * the take QR is shown: the server's overdue calculation decides, and a fee sends the view to the
 * overdue view, as Pick Up does (spec §4).
 */
function useOverdueLeavesStop(order: Order, query: RentQuery, token: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const serverNow = useServerClock();
  const orderid = query.orderid ?? String(order.id);
  const overdue = query.qrdisplay !== "overdue" && isOverdue(order, serverNow());
  // Calculations that failed: each one asks again a while later (`deadlineRetryMs`).
  const [failed, setFailed] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `failed` runs it again after a failure
  useEffect(() => {
    if (!overdue) return;
    let left = false;
    let again: ReturnType<typeof setTimeout> | undefined;
    queryClient
      .fetchQuery(overdueCalculationQueryOptions(orderid, token, order.overdueTime))
      .then((calculation) => {
        if (left || calculation.total_overdue_fee <= 0) return;
        void navigate(
          paths.orderStatus.page.href({ orderid, token: query.token ?? undefined, status: "overdue" }),
          {
            replace: true,
          },
        );
      })
      .catch((error: unknown) => {
        console.warn("[rent] the overdue calculation failed", error);
        if (!left) again = setTimeout(() => setFailed((count) => count + 1), deadlineRetryMs);
      });
    return () => {
      left = true;
      clearTimeout(again);
    };
  }, [overdue, orderid, token, order.overdueTime, query.token, queryClient, navigate, failed]);
}
