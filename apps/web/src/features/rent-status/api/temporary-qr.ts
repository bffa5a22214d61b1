import { calls, type Order } from "@paxelbox/contract";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { request } from "../../../lib/api-client";
import { rememberOffline } from "../../../lib/offline-cache";

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
 * sends one request); the result is kept for the open-locker page.
 */
export function useTemporaryQr(orderId: string | null, token: string | null) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: (expressNumber: Order["expressNumber"]) => requestTemporaryQr(expressNumber, token),
    onSuccess: (data) => {
      if (!orderId) return;
      queryClient.setQueryData(temporaryQrKey(orderId), data);
      // Kept on this device so the open-locker page still shows it with no signal, while valid.
      rememberOffline(`temporary-qr:${orderId}`, data);
    },
  });
  const { mutateAsync } = mutation;
  const open = useCallback(
    async (expressNumber: Order["expressNumber"]): Promise<TemporaryQr | null> => {
      if (inFlight.current) return null;
      inFlight.current = true;
      try {
        return await mutateAsync(expressNumber);
      } finally {
        inFlight.current = false;
      }
    },
    [mutateAsync],
  );
  return { open, isPending: mutation.isPending, error: mutation.error, reset: mutation.reset };
}
