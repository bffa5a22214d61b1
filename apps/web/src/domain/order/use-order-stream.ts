import type { Order } from "@paxelbox/contract";
import { focusManager, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { type ApiClient, apiClient } from "../../lib/http/api-client";
import { useHydrated } from "../../lib/ssr/use-hydrated";
import { lazyModule } from "../../lib/ui/lazy-module";
import { type OrderId, type OrderQueryState, orderQueryKeyOf } from "./order-query";

/** The order query's state before its first answer. */
const beforeFirstAnswer: OrderQueryState = { status: "pending", error: null, data: undefined };

/** The stream reader, loaded once the screen is interactive: nothing of it is in the first render's JavaScript. */
const orderStream = lazyModule(() => import("./order-stream"));

const shown = () => focusManager.isFocused();
const onShownChange = (listener: () => void) => focusManager.subscribe(listener);

/**
 * Pushes the order's changes into its query as they happen (ADR 020), while `follows` holds for
 * the query's state and the tab is shown; a hidden tab holds no connection and picks up again when
 * it comes back. Returns whether the stream is live: the screen's 5 s poll pauses only then, so it
 * stays the fallback whenever the stream is down (an instance without its change feed, a proxy
 * that cuts streams, an older API). Called before the screen's `useQuery`, whose refetch interval
 * reads what it returns.
 */
export function useOrderStream(
  orderId: OrderId | null,
  token: string | null,
  {
    follows,
    api = apiClient,
  }: { follows: (state: OrderQueryState) => boolean; api?: Pick<ApiClient, "stream"> },
): boolean {
  const queryClient = useQueryClient();
  // Read in render: the screen's own `useQuery` re-renders it whenever that state changes.
  const state =
    orderId === null ? undefined : queryClient.getQueryState<Order>(orderQueryKeyOf(orderId, token));
  const enabled = follows(state ?? beforeFirstAnswer);
  const hydrated = useHydrated();
  const visible = useSyncExternalStore(onShownChange, shown, shown);
  const [live, setLive] = useState(false);
  const following = hydrated && enabled && visible && orderId !== null;

  useEffect(() => {
    if (!following || orderId === null) return;
    const controller = new AbortController();
    orderStream.load().then(
      (module) =>
        module.followOrder({
          api,
          orderId,
          token,
          signal: controller.signal,
          onOrder: module.pushInto(queryClient, orderQueryKeyOf(orderId, token), controller.signal),
          onLive(next) {
            if (!controller.signal.aborted) setLive(next);
          },
        }),
      // The reader did not load (offline): the poll goes on.
      () => undefined,
    );
    return () => {
      controller.abort();
      setLive(false);
    };
  }, [following, orderId, token, api, queryClient]);

  return following && live;
}
