import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/** How often an open inbox asks for new messages. */
export const outboxRefreshMs = 3_000;

/**
 * New messages appear by themselves: the worker sends them a moment after the change that caused
 * them, and the sandbox reports their delivery later still. While the tab is shown and nothing else
 * is loading, the route's loader runs again every `outboxRefreshMs`.
 */
export function useLiveOutbox(): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = useRef(false);
  busy.current = revalidator.state !== "idle" || navigation.state !== "idle";
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && !busy.current) void revalidate.current();
    }, outboxRefreshMs);
    return () => clearInterval(timer);
  }, []);
}
