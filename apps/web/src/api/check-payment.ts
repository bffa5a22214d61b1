import { calls, type PaymentState } from "@paxelbox/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type ApiClient, apiClient, isApiError } from "../lib/http/api-client";

/**
 * The state of an order's latest overdue payment (`POST /api/v1/box/payments/{orderid}/check`).
 * While the payment is open the API first asks the gateway and credits a charge it missed, so
 * SUCCESS means paid and credited. The only word on a payment: the `payment_status` a gateway puts
 * in the return address proves nothing.
 */
export const checkPayment = (
  orderid: string | number,
  token: string | null,
  signal?: AbortSignal,
  api: Pick<ApiClient, "request"> = apiClient,
) => api.request(calls.checkPayment, { params: { orderid }, token, signal });

/** Asked again this often while the payment is being confirmed (PENDING). */
export const paymentCheckPollMs = 3000;
/** How long after the return the page waits for a confirmation before it says so. */
export const paymentCheckWindowMs = 60_000;

/** Started at `since` (the return, or the last "check again"), so every check starts afresh. */
export const paymentCheckQueryOptions = (orderid: string | number, token: string | null, since: number) =>
  queryOptions({
    queryKey: ["paymentCheck", String(orderid), token, since] as const,
    queryFn: ({ signal }) => checkPayment(orderid, token, signal),
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

/** A payment the gateway settled. */
export type SettledPayment = "SUCCESS" | "FAILED" | "CANCELLED" | "EXPIRED";

/**
 * Where a payment check stands: `checking` (no answer yet), `pending` (being confirmed), `unconfirmed`
 * (no confirmation within the window, or no payment to confirm: NONE, REFUNDED) or settled.
 */
export type PaymentCheckPhase = "checking" | "pending" | "unconfirmed" | SettledPayment;

export function paymentCheckPhase(
  state: PaymentState["status"] | undefined,
  windowOver: boolean,
): PaymentCheckPhase {
  if (state === "NONE" || state === "REFUNDED") return "unconfirmed";
  if (state && state !== "PENDING") return state;
  if (windowOver) return "unconfirmed";
  return state === "PENDING" ? "pending" : "checking";
}

/**
 * Checks the order's payment after the gateway's return (at `returnedAt`): at once, then every few
 * seconds while it is PENDING (or the check failed), until a minute after the return. `checkAgain()`
 * asks once more and, if still pending, waits another minute. `initialPhase`: where the server's
 * check of the page left it, shown instead of `checking` until this check answers for the first time.
 */
export function usePaymentCheck(
  orderid: string | number,
  token: string | null,
  returnedAt = Date.now(),
  initialPhase?: PaymentCheckPhase,
) {
  const [since, setSince] = useState(returnedAt);
  const [windowOver, setWindowOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWindowOver(true), since + paymentCheckWindowMs - Date.now());
    return () => clearTimeout(timer);
  }, [since]);
  const query = useQuery({
    ...paymentCheckQueryOptions(orderid, token, since),
    refetchInterval: (current) =>
      !windowOver && (current.state.status === "error" || current.state.data?.status === "PENDING")
        ? paymentCheckPollMs
        : false,
  });
  const first = since === returnedAt && query.data === undefined && !windowOver;
  return {
    phase: first && initialPhase ? initialPhase : paymentCheckPhase(query.data?.status, windowOver),
    checkAgain: () => {
      setWindowOver(false);
      setSince(Date.now());
    },
  };
}

/**
 * A payment call refused with 409 ("already paid": the API found the open payment charged at the
 * gateway) for a fee the check confirms as paid. `api`: a server action's client (ADR 015).
 */
export async function isPaidConflict(
  error: unknown,
  orderid: string | number,
  token: string | null,
  api: Pick<ApiClient, "request"> = apiClient,
): Promise<boolean> {
  if (!isApiError(error) || error.status !== 409) return false;
  try {
    return (await checkPayment(orderid, token, undefined, api)).status === "SUCCESS";
  } catch {
    return false;
  }
}
