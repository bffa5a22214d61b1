import { calls, type Order } from "@paxelbox/contract";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { orderQueryKey } from "../../../domain/order/order-query";
import { isApiError, request } from "../../../lib/http/api-client";
import { rememberOffline } from "../../../lib/offline/offline-cache";

/** A one-time QR that opens the rented door (5 minutes; 409 when not allowed). */
export const requestTemporaryQr = (expressNumber: Order["expressNumber"], token: string | null) =>
  request(calls.temporaryQr, { body: { expressNumber }, token });

export type TemporaryQr = Awaited<ReturnType<typeof requestTemporaryQr>>;

export const temporaryQrKey = (orderId: string) => ["rent-status", "temporary-qr", orderId] as const;

/** The last temporary QR of an order, kept in memory for the open-locker page. */
export function useStoredTemporaryQr(orderId: string | null) {
  return useQuery<TemporaryQr>({
    queryKey: temporaryQrKey(orderId ?? ""),
    queryFn: skipToken,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
}

/**
 * Requests a temporary QR. A request while another is in flight is ignored (spec §4: a double tap
 * sends one request); the result is kept for the open-locker page. (Plain state, not a TanStack
 * mutation: one call with one result needs no more, and the open-locker page stays within its
 * bundle budget.)
 */
export function useTemporaryQr(orderId: string | null, token: string | null) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const open = useCallback(
    async (expressNumber: Order["expressNumber"]): Promise<TemporaryQr | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      setPending(true);
      setError(null);
      try {
        const data = await requestTemporaryQr(expressNumber, token);
        if (orderId) {
          queryClient.setQueryData(temporaryQrKey(orderId), data);
          // Kept on this device so the open-locker page still shows it with no signal, while valid.
          rememberOffline(`temporary-qr:${orderId}`, data);
        }
        return data;
      } catch (caught) {
        setError(caught);
        // Refused: the order moved on (its time ran out, its items are out); the screen follows it.
        if (orderId && refusalOf(caught) !== null) {
          void queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) });
        }
        throw caught;
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [orderId, token, queryClient],
  );
  const reset = useCallback(() => setError(null), []);
  return { open, isPending, error, refusal: refusalOf(error), reset };
}

/**
 * The server's reason when it refused to open the door (the rent time is over, the items are out):
 * trying again would not change it, so it is said instead of "try again". `null` for a failure
 * that may pass (no signal, a server error).
 */
function refusalOf(error: unknown): string | null {
  return isApiError(error) && error.status >= 400 && error.status < 500
    ? (error.serverMessage ?? null)
    : null;
}
