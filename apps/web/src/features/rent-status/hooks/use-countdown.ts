import { useEffect, useRef, useState } from "react";
import { useFirstNow } from "../../../hooks/use-hydration";
import { useServerClock } from "../../../lib/http/server-clock";
import { countdownTickMs, type Remaining, remainingUntil } from "../lib/countdown";

/** The latest callback, for effects that must not restart when it changes. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * Time left until `deadline` (epoch ms), ticking each second (spec §9). `onZero` runs when the time
 * reaches 00:00:00 — also when the page opens after it (spec §4 expired event) — and again only if
 * the time left came back in between (a later reading of the server's clock).
 * The deadline is the server's: the time is read on the server's clock (`useServerClock`), never
 * earlier than the server's own, so a phone whose clock is ahead neither shows less time nor ends
 * (and, in the to-store view, cancels) a rent before its time.
 */
export function useCountdown(deadline: number | null, onZero?: () => void): Remaining | null {
  const serverNow = useServerClock();
  // A server-rendered countdown hydrates at the server's time, then ticks on the server's clock.
  const firstNow = useFirstNow(serverNow);
  const [now, setNow] = useState(firstNow);
  const onZeroRef = useLatest(onZero);
  const firedFor = useRef<number | null>(null);

  const remaining = deadline === null ? null : remainingUntil(deadline, now);
  const done = remaining?.done ?? false;

  // It ticks on at 00:00:00 too: a later reading of the server's clock (the phone's clock had
  // jumped) can give the time back.
  useEffect(() => {
    if (deadline === null) return;
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), countdownTickMs);
    return () => clearInterval(timer);
  }, [deadline, serverNow]);

  useEffect(() => {
    if (deadline === null) return;
    if (!done) {
      firedFor.current = null;
      return;
    }
    if (firedFor.current === deadline) return;
    firedFor.current = deadline;
    onZeroRef.current?.();
  }, [deadline, done, onZeroRef]);

  return remaining;
}

/**
 * Whole seconds counting down from `from` (the stop view's 10 s, the stop page's 5 s). At zero
 * `onZero` runs; with `restart` the count starts again, otherwise it stays at 0.
 */
export function useSecondsCountdown(from: number, onZero: () => void, { restart }: { restart: boolean }) {
  const [left, setLeft] = useState(from);
  const onZeroRef = useLatest(onZero);

  useEffect(() => {
    let startedAt = Date.now();
    setLeft(from);
    const timer = setInterval(() => {
      const next = Math.max(0, from - Math.floor((Date.now() - startedAt) / 1000));
      if (next > 0) {
        setLeft(next);
        return;
      }
      if (restart) {
        startedAt = Date.now();
        setLeft(from);
      } else {
        clearInterval(timer);
        setLeft(0);
      }
      onZeroRef.current();
    }, 250);
    return () => clearInterval(timer);
  }, [from, restart, onZeroRef]);

  return left;
}
